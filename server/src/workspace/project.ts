import { basename, dirname, resolve } from "node:path";
import { URI } from "vscode-uri";
import { DEFAULT_SETTINGS } from "../../../shared/src/settings";
import { type DecodedFile, type DocumentKind, MAX_CHECKED_LENGTH } from "../service";
import { ConfinedFiles, MAX_READ_BYTES } from "./confined-files";
import { YAML_FILE } from "./discovery";
import { decodeFile } from "./file-check";
import { FileKinds, type KindSettings } from "./file-kinds";
import { within } from "./paths";
import { appliedGlobs, CONFIG_FILE_NAMES, configProblems, type AppliedConfigs, type ConfigRead, type FoundConfig, ProjectConfigs } from "./project-config";
import { fileSize, isSymbolicLink, NotReadable, readRegularFileWithId } from "./strict-reads";

/** A config larger than this is not a config: it is refused rather than read. */
export const MAX_CONFIG_BYTES = 1_000_000;

/** A config the strict search (the CLI's) refuses: a CI run must not silently fall back to defaults. */
export class ConfigError extends Error {}

/** How a file's kind was decided: its name (the editor's globs), a config's `packs` globs, or its content. */
export type KindSource = "name" | "config" | "content";

/** A file read once: its bytes, which file they came from (`device:inode`, when read from disk) and their text. */
export interface ReadFile {
  bytes: Uint8Array;
  id?: string;
  decoded: DecodedFile;
}

/** What `classify` makes of a file: its kind (and, when it was read, its text), or why it is not checked. */
export type Classified = { kind: DocumentKind; by: KindSource; file?: ReadFile } | { skipped: string; by?: FoundConfig } | { unreadable: string };

export interface ProjectOptions {
  /** The folders of the project: the workspace folders, or the CLI's working directory and the folders it was given. */
  roots: readonly string[];
  /**
   * strict (the CLI): a config with a problem is a ConfigError, the search climbs to the file system's root, and the
   * files asked about are read wherever they are (the user named them, or a walk that follows no link found them).
   * lenient (the server): a config's problems are reported and its well-formed rest applies, the search stops at the
   * root that holds the file, and nothing outside the roots is read.
   */
  mode: "strict" | "lenient";
  /** `--config FILE`: this config (and what it extends) in place of the search. */
  configPath?: string;
  /** The settings that decide a file's kind (the server's per folder); default: the defaults. */
  settings?: (path: string) => KindSettings;
  onConfigRead?: (config: FoundConfig) => void;
  onConfigProblem?: (config: FoundConfig) => void;
}

/**
 * A root or set of roots as the CLI and the server both see it: which configs apply to a file (one search), which
 * files are packs and case files (FileKinds with the configs' `packs` globs), which the configs' `ignore` globs leave
 * out, and the file's text, read and decoded once (`classify`). The CLI keeps only what its arguments mean; the
 * server keeps its folders and settings.
 */
export class Project {
  readonly files: ConfinedFiles;
  private readonly configs: ProjectConfigs;
  private readonly named?: AppliedConfigs;
  private readonly kinds = new WeakMap<KindSettings, FileKinds>();

  constructor(private readonly options: ProjectOptions) {
    this.files = new ConfinedFiles(options.roots);
    const strict = options.mode === "strict";
    this.configs = new ProjectConfigs({
      read: (path) => (strict ? this.readConfigStrictly(path) : this.readConfigInside(path)),
      onRead: options.onConfigRead,
      onProblem: (config) => {
        if (strict) throw new ConfigError(strictMessage(config));
        options.onConfigProblem?.(config);
      },
    });
    if (options.configPath !== undefined) this.named = this.configs.named(resolve(options.configPath));
  }

  /** Forgets the configs read (a config file changed). */
  configChanged(): void {
    this.configs.invalidate();
  }

  /** Whether a change to this file changes configs: a config's name, or a file an `extends` names. */
  isConfigFile(path: string): boolean {
    return CONFIG_FILE_NAMES.includes(basename(path)) || this.configs.isExtended(path);
  }

  /** The configs that apply to a file, furthest first (none for a file outside the roots of a lenient project). */
  configsFor(path: string): AppliedConfigs | undefined {
    if (this.named) return this.named;
    const file = resolve(path);
    if (this.options.mode === "strict") return this.configs.forFile(file);
    const root = this.files.rootOf(file);
    return root ? this.configs.forFile(file, within(root.given, file) ? root.given : root.real) : undefined;
  }

  /** A file's rule levels from its configs (the nearest wins). */
  rules(path: string): AppliedConfigs["rules"] {
    return this.configsFor(path)?.rules ?? {};
  }

  /** The config whose `ignore` globs leave this file or folder out. */
  ignoredBy(path: string): FoundConfig | undefined {
    return appliedGlobs(this.configsFor(path)).ignoredBy(resolve(path));
  }

  /** The kinds of a file's folder: its settings' globs, its configs' `packs` globs, content. */
  kindsFor(path: string): FileKinds {
    return this.kindsWith(this.options.settings?.(path) ?? DEFAULT_SETTINGS);
  }

  /** The kinds of these settings with the configs' `packs` globs (one FileKinds per settings). */
  kindsWith(settings: KindSettings): FileKinds {
    let kinds = this.kinds.get(settings);
    if (!kinds) {
      kinds = new FileKinds(settings, (file) => appliedGlobs(this.configsFor(file)).pack(file));
      this.kinds.set(settings, kinds);
    }
    return kinds;
  }

  /** A file's kind by its name alone: a settings glob, else a config's `packs` glob. */
  kindByName(path: string): { kind: DocumentKind; by: KindSource } | undefined {
    const file = resolve(path);
    const kinds = this.kindsFor(file);
    const slashed = URI.file(file).path;
    const byGlob = kinds.byName(slashed);
    if (byGlob) return { kind: byGlob, by: "name" };
    const byConfig = kinds.byName(slashed, file);
    return byConfig && { kind: byConfig, by: "config" };
  }

  /** Whether a file might be a pack or case file by name alone: YAML, or a glob matches it. */
  isCandidate(path: string): boolean {
    return YAML_FILE.test(path) || this.kindByName(path) !== undefined;
  }

  /**
   * A file's kind and, when it had to be read to tell (or `read` asks for it), its bytes and decoded text: read once,
   * for the check to use. By name first; else a YAML file by its content, read only when it is small enough to be
   * checked in full (a large dump is not read to find out: name it to check it). Or why it is not checked.
   */
  classify(path: string, read: "when-needed" | "always" = "when-needed"): Classified {
    const file = resolve(path);
    if (this.options.mode === "lenient" && !this.files.rootOf(file)) return { skipped: "outside the workspace folders" };
    const ignored = this.ignoredBy(file);
    if (ignored) return { skipped: `ignored by ${ignored.path}`, by: ignored };
    const named = this.kindByName(file);
    if (named) {
      if (read === "when-needed") return named;
      const got = this.read(file, MAX_READ_BYTES);
      return "unreadable" in got ? got : { ...named, file: got };
    }
    if (!YAML_FILE.test(file)) return { skipped: "neither a pack nor a case file by name" };
    let got: ReadFile | { unreadable: string };
    if (this.options.mode === "strict") {
      const size = fileSize(file);
      if (size === undefined) return { skipped: "gone since the folder was read" };
      if (size > MAX_CHECKED_LENGTH) return { skipped: `YAML of ${size} bytes, over the ${MAX_CHECKED_LENGTH} read to find its kind (name it to check it)` };
      got = this.read(file, MAX_CHECKED_LENGTH);
      if ("unreadable" in got) return got;
    } else {
      // Lenient reads go through the workspace's file system (Node's, or a browser's copy), which reads no larger file.
      got = this.read(file, MAX_CHECKED_LENGTH);
      if ("unreadable" in got)
        return this.files.resolveInside(file).state === "file"
          ? { skipped: `YAML over the ${MAX_CHECKED_LENGTH} bytes read to find its kind (name it to check it)` }
          : { skipped: "gone since the folder was read" };
    }
    const kind = this.kindsFor(file).byContent(got.decoded.text);
    return kind ? { kind, by: "content", file: got } : { skipped: "YAML, but neither a pack nor a case file by name or content" };
  }

  /** A file's bytes, once: strictly a regular file (never a FIFO or device), or, lenient, a file inside the roots. */
  private read(file: string, maxBytes: number): ReadFile | { unreadable: string } {
    if (this.options.mode === "lenient") {
      const bytes = this.files.readBytes(file, maxBytes);
      return bytes ? { bytes, decoded: decodeFile(bytes) } : { unreadable: "not a readable file inside the workspace" };
    }
    try {
      const { bytes, id } = readRegularFileWithId(file, maxBytes);
      return { bytes, id, decoded: decodeFile(bytes) };
    } catch (e) {
      if (e instanceof NotReadable) return { unreadable: e.message.replace(/^cannot read .*?: /, "") };
      throw e;
    }
  }

  /** A config inside the roots (the server's); one outside them, or a link leading out, is refused unread. */
  private readConfigInside(path: string): ConfigRead {
    if (this.files.resolveInside(path).state === "outside")
      return { refused: `config ${path} lies outside the workspace folders (or is a link leading out); it is not read` };
    return this.files.readFile(path, MAX_CONFIG_BYTES);
  }

  /**
   * A config the strict search found (or was given), read as confined as the server reads one: a regular file of
   * config size, inside its own folder or the project's roots when it is a symbolic link (a link to /etc/passwd is
   * not followed), never a FIFO or device (which would hang the run). Absent: undefined.
   */
  private readConfigStrictly(path: string): ConfigRead {
    const link = isSymbolicLink(path);
    if (link === undefined) return undefined;
    let real = path;
    if (link) {
      const found = new ConfinedFiles([dirname(path), ...this.options.roots]).resolveInside(path);
      if (found.state === "outside") return { refused: `config ${path} is a symbolic link leading outside the project; it is not read` };
      if (found.state !== "file") return { refused: `config ${path} is not a regular file (a FIFO, device, socket or broken link is never read)` };
      real = found.real;
    }
    try {
      return readRegularFileWithId(real, MAX_CONFIG_BYTES, "config ").bytes.toString("utf8");
    } catch (e) {
      if (e instanceof NotReadable) return { refused: e.message };
      throw e;
    }
  }
}

/** The CLI's message for a config with problems. */
function strictMessage(config: FoundConfig): string {
  if (config.readError !== undefined) return config.readError;
  if (config.syntaxError !== undefined) return `invalid config ${config.path}: ${config.syntaxError}`;
  return `invalid config ${config.path}:\n  ${configProblems(config).join("\n  ")}`;
}

/** The kind of a file named on the command line that its name does not decide: by its content, if that tells. */
export function kindByContent(text: string): DocumentKind | undefined {
  return new FileKinds(DEFAULT_SETTINGS).byContent(text);
}
