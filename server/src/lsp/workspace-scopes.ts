import { relative, sep } from "node:path";
import { resolveSettings, type DocumentKind, type PacklintSettings, type RuleLevel } from "../../../shared/src";
import { diskPath, diskUri, type AssetFiles, type PackDiagnostic, encodingDiagnostics, type DecodedFile, type SkillHost } from "../service";
import { assetFilesFor } from "../workspace/asset-host";
import { ConfinedFiles } from "../workspace/confined-files";
import { fileSystem } from "../workspace/current-file-system";
import { confinedSkillHost } from "../workspace/skill-host";
import { isSkippedDir } from "../workspace/discovery";
import { decodeFile, type FileScope } from "../workspace/file-check";
import { within, workspacePath } from "../workspace/paths";
import { Project } from "../workspace/project";
import { type AppliedConfigs, type FoundConfig } from "../workspace/project-config";
import { DocumentKinds } from "./document-kinds";

export interface Folder {
  uri: string;
  name: string;
  /** The folder on disk; undefined for folders of other schemes (nothing is read from them). */
  path?: string;
}

/**
 * The workspace as the server sees each file: the folder that holds it, that folder's settings (each folder
 * of a multi-root workspace keeps its own), and the Project of the folders (lenient): the configs that apply
 * (`.packlintrc.json` or package.json "packlint", from the file's folder upward, never above its workspace folder),
 * which files are packs, and the files it may look at: those inside the workspace folders, nothing else (a file
 * opened outside them gets no checks on disk).
 */
export class WorkspaceScopes {
  private folders: Folder[] = [];
  private global: PacklintSettings = resolveSettings(undefined);
  private perFolder = new Map<string, PacklintSettings>();
  private kinds = new Map<string, DocumentKinds>();
  private project: Project;

  constructor(
    private readonly onConfigProblem: (config: FoundConfig) => void = () => undefined,
    private readonly onConfigRead: (config: FoundConfig) => void = () => undefined,
  ) {
    this.project = this.newProject();
  }

  setFolders(folders: readonly { uri: string; name: string }[]): void {
    this.folders = folders.map((f) => ({ uri: f.uri, name: f.name, path: fsPath(f.uri) }));
    this.project = this.newProject();
    this.kinds.clear();
  }

  private newProject(): Project {
    return new Project({
      roots: this.roots(),
      mode: "lenient",
      settings: (path) => this.settingsFor(diskUri(path)),
      onConfigProblem: this.onConfigProblem,
      onConfigRead: this.onConfigRead,
    });
  }

  private get files(): ConfinedFiles {
    return this.project.files;
  }

  /** Settings without a folder (and for folders the map does not name). */
  setSettings(global: PacklintSettings, perFolder = new Map<string, PacklintSettings>()): void {
    this.global = global;
    this.perFolder = perFolder;
    this.kinds.clear();
  }

  /** Whether a file's change changes configs (a config's name, or a file an `extends` names). */
  isConfigFile(path: string): boolean {
    return this.project.isConfigFile(path);
  }

  /** A config file changed: read configs again. */
  configChanged(): void {
    this.project.configChanged();
    this.kinds.clear();
  }

  folderList(): readonly Folder[] {
    return this.folders;
  }

  /** The folders on disk. */
  roots(): string[] {
    return this.folders.flatMap((f) => (f.path ? [f.path] : []));
  }

  /** The innermost workspace folder that holds a document. */
  folderOf(uri: string): Folder | undefined {
    const path = fsPath(uri);
    let best: Folder | undefined;
    for (const f of this.folders) {
      const inside = path && f.path ? within(f.path, path) : uri.startsWith(f.uri.endsWith("/") ? f.uri : `${f.uri}/`);
      if (inside && (!best || f.uri.length > best.uri.length)) best = f;
    }
    return best;
  }

  settingsFor(uri: string): PacklintSettings {
    const folder = this.folderOf(uri);
    return (folder && this.perFolder.get(folder.uri)) ?? this.global;
  }

  /** The configs that apply to a document on disk, furthest first. */
  configFor(uri: string): AppliedConfigs | undefined {
    const path = fsPath(uri);
    return path ? this.project.configsFor(path) : undefined;
  }

  /**
   * The rule levels of a document: its folder's settings, then its project config, which wins where both
   * name a code (the config is what the project's CI enforces, so the editor shows the same verdicts).
   */
  rulesFor(uri: string): Record<string, RuleLevel> {
    return { ...this.settingsFor(uri).rules, ...this.configFor(uri)?.rules };
  }

  /** What a file's diagnostics depend on besides its text: its rule levels and its view of the disk. */
  fileScope(uri: string): FileScope {
    return { rules: this.rulesFor(uri), assetFiles: this.assetFiles(uri) };
  }

  /** The document kinds of a document's folder: its settings' globs, its project config's `packs` globs, content. */
  kindsFor(uri: string): DocumentKinds {
    const key = this.folderOf(uri)?.uri ?? "";
    let kinds = this.kinds.get(key);
    if (!kinds) {
      kinds = new DocumentKinds(this.project.kindsWith(this.settingsFor(uri)));
      this.kinds.set(key, kinds);
    }
    return kinds;
  }

  /**
   * A path the index never covers: below a folder the walk skips (dependencies, build output, dot-folders)
   * or outside every workspace folder.
   */
  outsideIndex(path: string): boolean {
    const root = this.files.rootOf(path);
    if (!root) return true;
    const rel = relative(within(root.given, path) ? root.given : root.real, path);
    return rel.split(sep).slice(0, -1).some(isSkippedDir);
  }

  /** A project config's `ignore` glob matches the file or folder: the index leaves it out. */
  ignored(path: string): boolean {
    return !!this.project.ignoredBy(path);
  }

  /** Whether a file might be a pack or case file by name alone: YAML, or a glob of its settings or config matches. */
  isCandidate(path: string): boolean {
    return this.project.isCandidate(path);
  }

  /**
   * The kind and decoded text of a file on disk inside the workspace, when it is a pack or case file: by name
   * (globs), else YAML by content, read once (Project.classify). Ignored files, links leading out and unreadable files are none.
   */
  classifyFile(path: string): { kind: DocumentKind; decoded: DecodedFile } | undefined {
    const found = this.project.classify(path, "always");
    return "kind" in found && found.file ? { kind: found.kind, decoded: found.file.decoded } : undefined;
  }

  /**
   * An open document's bytes that do not decode: the editor hands over text with replacement characters, so
   * the file on disk says whether they stand for bytes that are not UTF-8 (when its decoded text is the document's).
   */
  encodingDiagnostics(uri: string, text: string): PackDiagnostic[] {
    const path = fsPath(uri);
    if (!text.includes("\uFFFD") || !path || !this.files.rootOf(path)) return [];
    const bytes = this.files.readBytes(path);
    const decoded = bytes && decodeFile(bytes);
    return decoded && decoded.text === text ? encodingDiagnostics(decoded) : [];
  }

  /**
   * The asset check's view of the disk for a pack in a workspace folder, resolved paths shown relative to the
   * folder as the CLI shows them relative to its working directory (none elsewhere: nothing outside the workspace is looked at).
   */
  assetFiles(uri: string): AssetFiles | undefined {
    // A copy of the workspace still being made (in a browser) would call every path missing: no check until it is.
    if (fileSystem().ready?.() === false) return undefined;
    const path = fsPath(uri);
    const folder = this.folderOf(uri)?.path;
    return path && this.files.rootOf(path) ? assetFilesFor(this.files, path, (p) => (folder ? workspacePath(p, folder) : p)) : undefined;
  }

  /** Document links: a written path to the URI of an existing file inside the workspace. */
  linkResolver(uri: string): (path: string) => string | undefined {
    const files = this.assetFiles(uri);
    return (path) => {
      const found = files?.(path);
      return found?.state === "file" ? found.target : undefined;
    };
  }

  /** What a case file may read (SKILL.md, its inputs, its responses): files inside the workspace only. */
  skillHost(_uri: string): SkillHost {
    return confinedSkillHost(this.files);
  }
}

/** The path of a document the server can read from disk (service/util/disk-uris.ts). */
export function fsPath(uri: string): string | undefined {
  return diskPath(uri);
}
