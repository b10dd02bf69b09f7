import { dirname, resolve, sep } from "node:path";
import { FileChangeType, type CancellationToken, type FileEvent } from "vscode-languageserver/node";
import type { WorkspaceValidation } from "../../../shared/src";
import { diskUri, isLocalPath, type KeySymbol, type Levelled, type PackDiagnostic, languages, type DocumentKind, type DocumentSession } from "../service";
import { fileSystem } from "../workspace/current-file-system";
import { configProblems, type FoundConfig } from "../workspace/project-config";
import { searchSymbols, type FoundSymbol } from "../workspace/symbol-search";
import { MAX_FILES, textDigest, WorkspaceIndex, type IndexedFile } from "../workspace/workspace-index";
import { AnalysisThread } from "../workspace/analysis-thread";
import type { WorkerGate } from "../workspace/worker-gate";
import { finishDiagnostics, finishFile, summarize, type FileSummary } from "../workspace/file-check";
import type { IndexProgress } from "./index-progress";
import { fsPath, WorkspaceScopes } from "./workspace-scopes";
import { WorkspaceFiles } from "./workspace-validation";

/** What the workspace needs from the server's open documents and connection. */
export interface WorkspaceHost {
  isOpen(uri: string): boolean;
  /** An open document's diagnostics (with its rule levels and asset checks) and the errors they silenced; undefined when it is not open or not ours. */
  openDiagnostics(uri: string): Levelled | undefined;
  /** The key symbols of every open pack (their current text, not the disk's). */
  openSymbols(): { uri: string; symbols: KeySymbol[] }[];
  /** Publishes diagnostics of a file that is not open. */
  publish(uri: string, diagnostics: PackDiagnostic[]): void;
  /** Files on disk changed: open documents should be checked again (asset paths, Skill inputs). */
  diskChanged(): void;
  /** A config file changed: everything is checked again with the new rule levels and globs. */
  configChanged(): void;
  progress(): IndexProgress;
  /** Logs a failure. */
  log(what: string, e: unknown): void;
  /** Tells the user's log something worth knowing (a broken config, a very large workspace). */
  warn(message: string): void;
  /** The open document's session when it has this text (one model per text); undefined: the index's worker thread analyses the file. */
  session(uri: string, kind: DocumentKind, text: string): DocumentSession | undefined;
  /** Resolves when the index may read its next file: no message, request or due diagnostics wait. */
  idle(): Promise<void>;
  /** Waits for the index inside a request without holding the index back. */
  aside<T>(wait: Promise<T>): Promise<T>;
  /** A `$/logTrace` message (sent when the client asked for a trace). */
  trace(message: string): void;
  /** Tells the user's log what the server does (folders, configs read, the index's totals). */
  info(message: string): void;
}

/**
 * The server's workspace: its folders and their settings and configs (scopes), the index of every pack and
 * case file (built in the background, kept current from file watching), and the files published from disk.
 * The main thread walks the folders, reads files and keeps the index; the files' models are built in a worker
 * thread (AnalysisThread), except an open document's whose text is the disk's: its session gives the summary.
 */
export class Workspace {
  readonly scopes: WorkspaceScopes;
  readonly index: WorkspaceIndex;
  private readonly analysis: AnalysisThread;
  private readonly onDisk: WorkspaceFiles;
  /** Bumped per rebuild: only the last one's totals are logged. */
  private builds = 0;
  /** Called when the first build starts. */
  private started: () => void = () => undefined;
  /**
   * Settles when the first build starts: it starts once the client's settings are in, after `initialized`, and a
   * request that needs the index may come before that (it would have been answered from an empty index).
   */
  private readonly firstBuild = new Promise<void>((resolve) => (this.started = resolve));
  /** A rebuild is under way: one that replaces it is not announced again. */
  private indexing = false;

  constructor(private readonly host: WorkspaceHost) {
    const fs = fileSystem();
    this.scopes = new WorkspaceScopes(
      (config) => host.warn(`packlint: ${config.path}: ${configProblems(config).join("; ")} (its well-formed parts apply)`),
      (config) => host.info(`config read: ${config.path}${configSummary(config)}`),
    );
    this.analysis = new AnalysisThread({
      died: (e, uri) => host.log(`the index's worker thread (started again)${uri ? `, checking ${uri},` : ""}`, e),
    });
    this.index = new WorkspaceIndex({
      uri: (path) => diskUri(path),
      skipDir: (path) => this.scopes.ignored(path),
      candidate: (path) => this.scopes.isCandidate(path),
      classify: (path) => this.scopes.classifyFile(path),
      textOnly: (kind) => languages[kind].textOnly,
      analyze: async (kind, decoded, uri) => {
        const session = host.session(uri, kind, decoded.text);
        if (session) {
          host.trace(`indexed ${uri} from its open document`);
          return summarize(session, decoded);
        }
        host.trace(`sent ${uri} to the worker thread`);
        const summary = await this.analysis.analyze(kind, decoded, uri, this.scopes.roots());
        host.trace(`indexed ${uri} in the worker thread`);
        return summary;
      },
      pause: () => host.idle(),
      first: (uri) => host.isOpen(uri),
      ...(fs.prefetch && { prepare: (path: string) => fs.prefetch!(path) }),
    });
    // A copy of the workspace (in a browser) fetches a file when first asked for: what read it is checked again.
    fs.onChange?.(() => host.diskChanged());
    this.onDisk = new WorkspaceFiles(
      this.index,
      (file) => finishFile(file, this.scopes.fileScope(file.uri)),
      (uri, d) => host.publish(uri, d),
    );
  }

  /** (Re)builds the index in the background with progress; disk diagnostics already published follow it. */
  rebuild(): Promise<void> {
    const progress = this.host.progress();
    const build = ++this.builds;
    this.started();
    const roots = this.scopes.roots();
    const started = Date.now();
    if (roots.length && !this.indexing) this.host.info(`indexing ${roots.join(", ")}`);
    this.indexing = true;
    let quarter = 0;
    const fs = fileSystem();
    const copied = fs.load ? fs.load(roots).then(() => this.host.diskChanged()) : Promise.resolve();
    return copied
      .then(() =>
        this.index.build(roots, (done, total) => {
          progress.report(done, total);
          // Large workspaces: a line at each quarter, so a slow index shows where it is.
          if (total >= LOGGED_PROGRESS && Math.floor((done * 4) / total) > quarter && done < total)
            this.host.info(`indexing: ${done}/${total} files (${25 * ++quarter}%)`);
        }),
      )
      .then(() => {
        if (this.index.size >= MAX_FILES) this.host.warn(`packlint: the workspace has more than ${MAX_FILES} packs; the index holds the first ${MAX_FILES}`);
        if (build === this.builds && roots.length) this.host.info(indexTotals(this.index.all(), Date.now() - started));
        this.onDisk.refresh((uri) => this.host.isOpen(uri));
      })
      .catch((e) => this.host.log("indexing", e))
      .finally(() => {
        if (build === this.builds) this.indexing = false;
        progress.done();
      });
  }

  /** Closed, it holds the index's worker thread at its next pause point. */
  get workerGate(): WorkerGate {
    return this.analysis.gate;
  }

  /** The server shuts down: the index stops and its worker thread ends. */
  stop(): void {
    this.index.stop();
    void this.analysis.terminate();
  }

  /**
   * The index's summary of a file's text when the index analysed this very text (and no decoding problem) as
   * `kind`, a kind whose findings depend on the text alone: an opening can publish from it before its model is built.
   */
  indexedSummary(uri: string, kind: DocumentKind, text: string): FileSummary | undefined {
    const file = this.index.get(uri);
    if (!file || file.kind !== kind || !languages[kind].textOnly) return undefined;
    return this.index.digest(uri) === textDigest({ text }) ? file : undefined;
  }

  /** A file's diagnostics as on disk, with its rule levels and the asset check. */
  diskDiagnostics(file: IndexedFile): PackDiagnostic[] {
    return finishDiagnostics(file, this.scopes.fileScope(file.uri));
  }

  /** Until the index is built: its first build started (not before the settings are in) and no build or update under way. */
  private async indexed(token?: CancellationToken): Promise<void> {
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const listening = token?.onCancellationRequested(stop);
    try {
      await Promise.race([this.firstBuild, stopped]);
    } finally {
      listening?.dispose();
    }
    if (!token?.isCancellationRequested) await this.index.ready(token);
  }

  /** The "validate workspace" request: every indexed file, open ones with their current text. */
  async validate(token?: CancellationToken): Promise<WorkspaceValidation> {
    await this.host.aside(this.indexed(token));
    if (token?.isCancellationRequested) return { files: 0, filesWithErrors: 0, errors: 0, warnings: 0, silenced: 0 }; // answered as cancelled
    return this.onDisk.validate((uri) => this.host.openDiagnostics(uri));
  }

  /** `workspace/symbol`: challenge, input set, case and validator keys of every pack, open ones (saved or not) with their current text. */
  async symbols(query: unknown, token?: CancellationToken): Promise<FoundSymbol[]> {
    await this.host.aside(this.indexed(token));
    const open = this.host.openSymbols();
    const openUris = new Set(open.map((f) => f.uri));
    const files = [...this.index.all().filter((f) => !openUris.has(f.uri)), ...open];
    return searchSymbols(files, typeof query === "string" ? query : "");
  }

  // ---- open documents ----
  hasDiskDiagnostics(uri: string): boolean {
    return this.onDisk.has(uri);
  }

  /** An open document's disk diagnostics step aside (a pulling client would show both). */
  opened(uri: string): void {
    if (this.onDisk.has(uri)) this.onDisk.clear(uri);
  }

  /** A closed document goes back to what the disk says. */
  closed(uri: string): void {
    if (this.onDisk.has(uri)) this.onDisk.revalidate(uri);
  }

  // ---- file watching ----
  /**
   * `workspace/didChangeWatchedFiles`: created, changed and deleted files and folders (a rename is a delete
   * and a create). The index follows (new folders and changed files are read and analysed as a build's files
   * are); then files published from disk are published again when they changed or name a path that did. A config
   * file's change re-reads configs and checks everything again.
   */
  async filesChanged(changes: readonly FileEvent[]): Promise<void> {
    const touched: string[] = [];
    const affected = new Set<string>();
    const updating: Promise<unknown>[] = [];
    const folders: string[] = [];
    let configChanged = false;
    const fs = fileSystem();
    if (fs.refresh) {
      const paths = changes.flatMap((c) => fsPath(c.uri) ?? []).filter((p) => this.scopes.folderOf(diskUri(p)));
      await fs.refresh(paths);
    }
    for (const change of changes) {
      const path = fsPath(change.uri);
      if (!path || !this.scopes.folderOf(change.uri)) continue;
      touched.push(path);
      if (this.scopes.outsideIndex(path)) continue; // e.g. node_modules/x/package.json: neither a pack nor our config
      if (this.scopes.isConfigFile(path)) configChanged = true;
      if (change.type === FileChangeType.Deleted) {
        for (const uri of this.index.remove(path)) affected.add(uri);
      } else if (change.type === FileChangeType.Created && isDirectory(path)) {
        folders.push(path);
        updating.push(this.index.addFolder(path));
      } else {
        affected.add(diskUri(path));
        updating.push(this.index.update(path));
      }
    }
    if (configChanged) {
      this.scopes.configChanged();
      this.host.configChanged();
      return;
    }
    if (!touched.length) return;
    await Promise.all(updating);
    for (const f of this.index.all()) if (folders.some((folder) => f.path.startsWith(folder + sep))) affected.add(f.uri);
    for (const uri of affected) if (!this.host.isOpen(uri)) this.onDisk.revalidate(uri);
    this.onDisk.refresh(
      (uri) => this.host.isOpen(uri) || affected.has(uri),
      (file) => namesAny(file, touched),
    );
    this.host.diskChanged();
  }
}

/** Workspaces with at least this many candidate files log the index's progress by quarters. */
const LOGGED_PROGRESS = 400;

/** `indexed 12 files (10 packs, 2 Skill case files) in 85 ms`. */
function indexTotals(files: readonly IndexedFile[], ms: number): string {
  const packs = files.filter((f) => f.kind === "challenge-pack").length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `indexed ${plural(files.length, "file")} (${plural(packs, "pack")}, ${plural(files.length - packs, "Skill case file")}) in ${ms} ms`;
}

/** What a config sets, in a few words: ` (rules: 2, packs: 1 glob, ignore: 1 glob)`. */
function configSummary(config: FoundConfig): string {
  const parts: string[] = [];
  const rules = Object.keys(config.config.rules ?? {}).length;
  if (rules) parts.push(`rules: ${rules}`);
  if (config.config.packs?.length) parts.push(`packs: ${config.config.packs.length} glob${config.config.packs.length === 1 ? "" : "s"}`);
  if (config.config.ignore?.length) parts.push(`ignore: ${config.config.ignore.length} glob${config.config.ignore.length === 1 ? "" : "s"}`);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

/** Whether a pack names one of the paths (or a file below one of them). */
function namesAny(file: IndexedFile, paths: readonly string[]): boolean {
  const dir = dirname(file.path);
  return file.assets.some((ref) => {
    if (!isLocalPath(ref.path)) return false;
    const target = resolve(dir, ref.path);
    return paths.some((p) => target === p || target.startsWith(p + sep));
  });
}

function isDirectory(path: string): boolean {
  return fileSystem().lstat(path) === "directory";
}
