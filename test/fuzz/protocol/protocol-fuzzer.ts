import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { TextDocument, TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";
import { clampedChange } from "../../../server/src/lsp/params";
import { mutate, Rng } from "../mutate";
import { iterationRng } from "../service-fuzzer";
import { packSeeds, Seed, skillSeeds } from "../seeds";
import { Incoming, RawServer, ROOT } from "./raw-server";

/**
 * Protocol fuzzing of the real server over stdio: well-formed and malformed traffic in random order (requests
 * before initialize and after shutdown, positions past the end or of the wrong type, unknown URIs, changes with
 * wrong versions or overlapping ranges, malformed frames, huge messages, floods of changes). Every request must be
 * answered once, with a result or a JSON-RPC error of the right code; every range in an answer or in published
 * diagnostics must lie inside the document it is about; the server must stay alive and end cleanly.
 */

export interface ProtocolFuzzOptions {
  seed: number;
  /** The first session (a replay starts at the one that failed). */
  first?: number;
  /** Stop after this many sessions (one server process each)… */
  sessions?: number;
  /** …or at this time (epoch milliseconds). */
  until?: number;
  /** Random actions per session. */
  steps: number;
  /** Bound on waiting for any answer. */
  boundMs: number;
  /** Size of the huge messages some sessions send. */
  hugeBytes: number;
  /** Node arguments for the server (the security test preloads its hooks). */
  nodeArgs?: string[];
  /** A folder some sessions open as their workspace (a temporary one with packs, case files and links out). */
  workspace?: string;
  /** Called with each failed session; true stops the run. */
  onFailure(f: ProtocolFailure): boolean;
}

export interface ProtocolFailure {
  seed: number;
  session: number;
  problems: string[];
  /** The last messages sent before the failure, for the report. */
  trail: string[];
}

export interface ProtocolReport {
  sessions: number;
  /** Every message written: requests, notifications and malformed frames. */
  messages: number;
  requests: number;
  notifications: number;
  malformed: number;
  answered: number;
  published: number;
  /** Error answers by code. */
  errors: Record<string, number>;
  failures: number;
}

const URIS = [
  "file:///fuzz/support.pack.yaml",
  "file:///fuzz/challenge-packs/other.yaml",
  "file:///fuzz/notes.yaml",
  "file:///fuzz/skill/tests/skill_cases.yaml",
  "untitled:Untitled-1",
  "file:///fuzz/%E2%9C%93%20space.pack.yaml",
  "file:///fuzz/../../etc/passwd.pack.yaml",
  "not a uri",
  "",
  "file://server/share/x.pack.yaml",
  "file:///C:/fuzz/x.pack.yaml",
  "vscode-notebook-cell:/fuzz/x.pack.yaml#W1",
  "file:///fuzz/" + "deep/".repeat(2000) + "x.pack.yaml",
];

const POSITION_REQUESTS = [
  "textDocument/completion",
  "textDocument/hover",
  "textDocument/definition",
  "textDocument/references",
  "textDocument/documentHighlight",
  "textDocument/prepareRename",
  "textDocument/rename",
];
const URI_REQUESTS = [
  "packlint/documentKind",
  "packlint/status",
  "packlint/convertLegacyItems",
  "packlint/skillPrompts",
  "packlint/skillReport",
  "packlint/inputSetReport",
];
const DOCUMENT_REQUESTS = [
  "textDocument/documentSymbol",
  "textDocument/foldingRange",
  "textDocument/codeLens",
  "textDocument/documentLink",
  "textDocument/diagnostic",
];

const JSON_RPC = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerNotInitialized: -32002,
  RequestCancelled: -32800,
};

interface Pending {
  method: string;
  /** Codes the answer may have; undefined = a result is expected (or RequestCancelled once cancelled). */
  expectError?: number[];
  cancelled?: boolean;
  uri?: string;
  /** The document's change count when the request was sent: its answer is checked only if no change came since. */
  changes?: number;
}

interface Mirror {
  /** Our copy of the server's document. */
  doc: TextDocument | undefined;
}

function pick<T>(r: Rng, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

const isUinteger = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2 ** 31 - 1;

export class ProtocolSession {
  readonly problems: string[] = [];
  readonly trail: string[] = [];
  private nextId = 1;
  private readonly pending = new Map<number | string, Pending>();
  private readonly answered = new Set<number | string>();
  private readonly docs = new Map<string, Mirror>();
  /** Notifications that touched each URI (open, change, close), never reset: an answer is checked only if none came since its request. */
  private readonly touches = new Map<string, number>();
  /**
   * Texts each version of a URI had, across reopenings: a publication computed before a reopen may arrive after it,
   * so its ranges must fit one of the texts that version had.
   */
  private readonly versions = new Map<string, Map<number, Set<string>>>();
  private initialized = false;
  private shutDown = false;
  private expectedNullErrors = 0;
  /** Ids of the odd (not quite JSON-RPC) messages: their answers, if any, are not checked. */
  private readonly oddIds = new Set<string>();
  readonly server: RawServer;

  constructor(
    private readonly r: Rng,
    private readonly seeds: Seed[],
    private readonly report: ProtocolReport,
    private readonly opts: Pick<ProtocolFuzzOptions, "boundMs" | "hugeBytes" | "nodeArgs" | "workspace">,
  ) {
    this.server = RawServer.start({ nodeArgs: opts.nodeArgs, answerServer: (m) => this.answerServer(m) });
    const received = this.server.received;
    const push = received.push.bind(received);
    // Each message is checked as it arrives, against the documents as they are at that moment.
    received.push = (...ms: Incoming[]) => {
      for (const m of ms) this.onMessage(m);
      return push(...ms);
    };
  }

  /** Requests the server sends to the client: configuration gets random settings, the rest null. */
  private answerServer(m: Incoming): unknown {
    if (m.method === "workspace/configuration") return [this.randomSettings()];
    if (m.method === "workspace/applyEdit") return this.r() < 0.8 ? { applied: this.r() < 0.5 } : null;
    if (m.method === "workspace/workspaceFolders") return this.r() < 0.8 ? this.randomFolders() : "garbage";
    return null;
  }

  // ---------- sending ----------

  private note(what: string): void {
    this.trail.push(what.length > 300 ? what.slice(0, 300) + "…" : what);
    if (this.trail.length > 40) this.trail.shift();
  }

  private notify(method: string, params: unknown): void {
    this.report.messages++;
    this.report.notifications++;
    this.note(`notify ${method} ${JSON.stringify(params)}`);
    this.server.send({ jsonrpc: "2.0", method, params });
  }

  private request(method: string, params: unknown, p: Omit<Pending, "method"> = {}): number {
    const id = this.nextId++;
    this.report.messages++;
    this.report.requests++;
    const expectError = !this.initialized ? [JSON_RPC.ServerNotInitialized] : this.shutDown ? [JSON_RPC.InvalidRequest] : p.expectError;
    this.pending.set(id, { method, ...p, expectError });
    this.note(`request ${id} ${method} ${JSON.stringify(params)}`);
    this.server.send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    return id;
  }

  private malformed(bytes: Buffer | string, what: string, nullErrors = 1): void {
    this.report.messages++;
    this.report.malformed++;
    this.expectedNullErrors += nullErrors;
    this.note(`malformed ${what}`);
    this.server.writeBytes(bytes);
  }

  // ---------- checking ----------

  private onMessage(m: Incoming): void {
    if (m.jsonrpc !== "2.0") this.problems.push(`a message without jsonrpc "2.0": ${JSON.stringify(m).slice(0, 200)}`);
    if (m.method === "textDocument/publishDiagnostics") return this.onPublished(m.params as { uri: string; version?: number; diagnostics: unknown[] });
    if (m.method !== undefined) return; // a notification or a request of the server's (answered by RawServer)
    if (m.id === null) {
      if (!m.error) this.problems.push(`a response with id null that is not an error: ${JSON.stringify(m)}`);
      return;
    }
    const id = m.id as number | string;
    if (this.oddIds.has(JSON.stringify(id)) && !this.pending.has(id)) return; // answered or not, as the library sees fit
    const p = this.pending.get(id);
    if (!p) return this.problems.push(`an answer to a request never sent (or answered twice): ${JSON.stringify(m).slice(0, 200)}`) as never;
    this.pending.delete(id);
    this.answered.add(id);
    this.report.answered++;
    const what = `answer to ${id} ${p.method}`;
    if ("result" in m === "error" in m) this.problems.push(`${what} has ${"result" in m ? "both a result and an error" : "neither a result nor an error"}`);
    if (m.error) {
      const { code, message } = m.error;
      this.report.errors[String(code)] = (this.report.errors[String(code)] ?? 0) + 1;
      if (!Number.isInteger(code) || typeof message !== "string") this.problems.push(`${what}: a malformed error ${JSON.stringify(m.error)}`);
      const allowed = [...(p.expectError ?? []), ...(p.cancelled ? [JSON_RPC.RequestCancelled] : [])];
      if (!allowed.includes(code as number))
        this.problems.push(`${what}: unexpected error ${JSON.stringify(m.error)} (expected ${allowed.length ? allowed.join(" or ") : "a result"})`);
      return;
    }
    if (p.expectError?.length && !p.expectError.includes(0))
      this.problems.push(`${what}: a result where an error ${p.expectError.join(" or ")} was due: ${JSON.stringify(m.result).slice(0, 200)}`);
    const doc = p.uri === undefined ? undefined : this.docs.get(p.uri)?.doc;
    if (doc && this.touches.get(p.uri!) === p.changes) this.checkRanges(m.result, [doc.getText()], what);
  }

  private onPublished(params: { uri: string; version?: number; diagnostics: unknown[] }): void {
    this.report.published++;
    const texts = params.version === undefined ? undefined : this.versions.get(params.uri)?.get(params.version);
    if (texts?.size) this.checkRanges(params.diagnostics, [...texts], `diagnostics of ${params.uri.slice(0, 100)}@${params.version}`);
  }

  /** Every range (and folding line) anywhere in `value` must lie inside the text (inside one of the candidate texts). */
  private checkRanges(value: unknown, texts: string[], what: string): void {
    for (const text of texts) {
      const problem = this.rangeProblem(value, text);
      if (!problem) return;
      if (text === texts[texts.length - 1]) this.problems.push(`${what}: ${problem}`);
    }
  }

  private rangeProblem(value: unknown, text: string): string | undefined {
    const lines = text.split(/\r\n|\r|\n/);
    const inside = (p: unknown) => {
      const q = p as { line?: unknown; character?: unknown };
      return isUinteger(q?.line) && isUinteger(q?.character) && (q.line as number) < lines.length && (q.character as number) <= lines[q.line as number].length;
    };
    const stack = [value];
    let seen = 0;
    while (stack.length && seen++ < 100_000) {
      const v = stack.pop();
      if (!v || typeof v !== "object") continue;
      const o = v as Record<string, unknown>;
      if (o.start !== undefined && o.end !== undefined && typeof o.start === "object" && typeof o.end === "object") {
        if (!inside(o.start) || !inside(o.end)) return `a range outside the document (${lines.length} lines): ${JSON.stringify(o).slice(0, 300)}`;
      }
      if (typeof o.startLine === "number" && typeof o.endLine === "number" && !(o.startLine <= o.endLine && o.endLine < lines.length)) {
        return `a folding range outside the document (${lines.length} lines): ${JSON.stringify(o)}`;
      }
      for (const child of Object.values(o)) if (child && typeof child === "object") stack.push(child);
    }
    return undefined;
  }

  private touch(uri: string): number {
    const n = (this.touches.get(uri) ?? 0) + 1;
    this.touches.set(uri, n);
    return n;
  }

  private remember(uri: string, version: unknown, text: string): void {
    if (typeof version !== "number") return;
    const byVersion = this.versions.get(uri) ?? new Map<number, Set<string>>();
    this.versions.set(uri, byVersion);
    const texts = byVersion.get(version) ?? new Set<string>();
    texts.add(text);
    if (texts.size > 5) texts.delete(texts.values().next().value!); // the oldest: its publications came long ago
    byVersion.set(version, texts);
    if (byVersion.size > 100) byVersion.delete(byVersion.keys().next().value!);
  }

  // ---------- the session ----------

  async run(steps: number): Promise<void> {
    try {
      if (this.r() < 0.3) this.beforeInitialize();
      this.initialize();
      for (let i = 0; i < steps && this.server.alive; i++) {
        this.step(i === Math.floor(steps / 2) && this.r() < 0.5);
        if (this.pending.size > 40 || i % 25 === 24) await this.probe();
      }
      await this.settle();
      await this.end();
    } catch (e) {
      this.problems.push(e instanceof Error ? e.message : String(e));
    } finally {
      this.server.kill();
    }
    if (this.server.outputProblems.length) this.problems.push(...this.server.outputProblems.map((p) => `server output: ${p}`));
    if (this.server.stderr.trim()) this.problems.push(`server wrote to stderr: ${this.server.stderr.slice(0, 1000)}`);
  }

  private beforeInitialize(): void {
    this.request("textDocument/hover", { textDocument: { uri: URIS[0] }, position: { line: 0, character: 0 } });
    this.request("textDocument/documentSymbol", { textDocument: { uri: URIS[0] } });
    // Dropped before initialize: no document exists afterwards.
    this.notify("textDocument/didOpen", { textDocument: { uri: "file:///fuzz/early.pack.yaml", languageId: "yaml", version: 1, text: "pack: {}\n" } });
  }

  private initialize(): void {
    const capabilities =
      this.r() < 0.3
        ? {}
        : {
            textDocument: this.r() < 0.4 ? { diagnostic: {} } : {},
            workspace: { configuration: this.r() < 0.5, diagnostics: { refreshSupport: this.r() < 0.5 } },
          };
    const initializationOptions = this.r() < 0.5 ? { diagnosticsDebounceMs: Math.floor(this.r() * 30) } : this.randomSettings();
    // After this request the server is initialized: answers to it and everything later are no longer -32002.
    const id = this.nextId++;
    this.report.messages++;
    this.report.requests++;
    this.pending.set(id, { method: "initialize" });
    this.note(`request ${id} initialize`);
    const folders = this.randomFolders();
    const rootUri = Array.isArray(folders) && folders.length ? ((folders[0] as { uri?: unknown })?.uri ?? null) : null;
    this.server.send({
      jsonrpc: "2.0",
      id,
      method: "initialize",
      params: { processId: null, rootUri, workspaceFolders: folders, capabilities, initializationOptions },
    });
    this.initialized = true;
    this.notify("initialized", {});
    if (this.r() < 0.2) this.request("initialize", { processId: null, rootUri: null, capabilities: {} }, { expectError: [JSON_RPC.InvalidRequest] });
  }

  /** Workspace folders as a client may send them: the fuzz workspace, folders that do not exist, garbage. */
  private randomFolders(): unknown {
    const r = this.r;
    const ws = this.opts.workspace;
    return pick(r, [
      null,
      [],
      ...(ws
        ? [
            [{ uri: pathToFileURL(ws).toString(), name: "ws" }],
            [
              { uri: pathToFileURL(ws).toString(), name: "ws" },
              { uri: pathToFileURL(ws).toString() + "/packs", name: "packs" },
            ],
          ]
        : []),
      // Configs that are links leading out (a secret, /dev/zero) beside the workspace: read confined, never followed.
      ...(ws
        ? [
            [
              { uri: pathToFileURL(ws).toString(), name: "ws" },
              { uri: pathToFileURL(join(dirname(ws), "links")).toString(), name: "links" },
            ],
          ]
        : []),
      [{ uri: "file:///nonexistent/packlint-fuzz", name: "gone" }],
      [{ uri: "untitled:folder", name: "u" }],
      [null, { uri: 42 }, "x"],
      "garbage",
    ]);
  }

  private randomSettings(): unknown {
    const r = this.r;
    return pick(r, [
      { diagnosticsDebounceMs: Math.floor(r() * 40), rules: { "pack-slug-required": "off", "unknown-key": "error", __proto__x: 1 } },
      { packGlobs: ["**/*.yaml"], skillCaseGlobs: ["[invalid"], sniffContent: "yes" },
      { packGlobs: "nope", rules: [1, 2], diagnosticsDebounceMs: -5 },
      { packGlobs: ["{".repeat(200)], diagnosticsDebounceMs: 1e9 },
      null,
      42,
      "settings",
    ]);
  }

  private step(huge: boolean): void {
    const r = this.r;
    if (huge) return this.huge();
    const x = r();
    if (x < 0.15) this.open();
    else if (x < 0.38) this.change();
    else if (x < 0.42) this.close();
    else if (x < 0.75) this.featureRequest();
    else if (x < 0.79) this.cancel();
    else if (x < 0.8) this.notify("workspace/didChangeConfiguration", { settings: { packlint: this.randomSettings() } });
    else if (x < 0.81) this.workspaceNotification();
    else if (x < 0.84) this.unknownMethod();
    else if (x < 0.93) this.malformedMessage();
    else if (x < 0.96) this.oddMessage();
    else this.flood();
  }

  private openUris(): string[] {
    return [...this.docs.keys()];
  }

  private someUri(): string {
    const open = this.openUris();
    return open.length && this.r() < 0.85 ? pick(this.r, open) : pick(this.r, URIS);
  }

  private documentText(): string {
    const r = this.r;
    const x = r();
    if (x < 0.05) return "";
    if (x < 0.1) return Array.from({ length: 200 }, () => String.fromCharCode(Math.floor(r() * 0xffff))).join("");
    return mutate(pick(r, this.seeds).text, r);
  }

  private open(text = this.documentText()): void {
    const r = this.r;
    const uri = pick(r, URIS);
    const version = r() < 0.9 ? Math.floor(r() * 100) : pick(r, [-1, 2 ** 31, 1.5]);
    this.notify("textDocument/didOpen", { textDocument: { uri, languageId: pick(r, ["yaml", "plaintext", "json", ""]), version, text } });
    this.touch(uri);
    if (!Number.isInteger(version)) return; // refused: whatever was open under this URI stays as it was
    this.docs.set(uri, { doc: TextDocument.create(uri, "yaml", version, text) });
    if (text.length < 1_000_000) this.remember(uri, version, text);
  }

  private close(): void {
    const uri = this.someUri();
    this.notify("textDocument/didClose", { textDocument: { uri } });
    this.touch(uri);
    this.docs.delete(uri);
  }

  private randomPosition(doc: TextDocument | undefined, wellFormed = true): unknown {
    const r = this.r;
    if (!wellFormed)
      return pick(r, [
        { line: -1, character: 0 },
        { line: 0.5, character: 1 },
        { line: "3", character: 0 },
        { line: 2 ** 53, character: 0 },
        { line: 0 },
        null,
        [1, 2],
        "here",
      ]);
    const lines = doc ? doc.lineCount : 5;
    const line = Math.floor(r() * (lines + 2));
    return { line, character: Math.floor(r() * (r() < 0.2 ? 5000 : 60)) };
  }

  private randomRange(doc: TextDocument | undefined): { start: unknown; end: unknown } {
    const a = this.randomPosition(doc) as { line: number; character: number };
    const b = this.randomPosition(doc) as { line: number; character: number };
    return a.line < b.line || (a.line === b.line && a.character <= b.character) ? { start: a, end: b } : { start: b, end: a };
  }

  private change(): void {
    const r = this.r;
    const uri = this.someUri();
    const mirror = this.docs.get(uri);
    const n = 1 + Math.floor(r() * 4);
    const changes: unknown[] = [];
    let mirrorable = true;
    for (let i = 0; i < n; i++) {
      const x = r();
      if (x < 0.15) changes.push({ text: this.documentText() });
      else if (x < 0.9)
        changes.push({ range: this.randomRange(mirror?.doc), text: pick(r, ["", "x", ":", "\n", "- ", "  key: value\n", "🦊", "\r\n", "[", "{<<}", "&a *a"]) });
      else {
        mirrorable = false;
        changes.push(
          pick(r, [{ range: { start: { line: -3, character: "a" }, end: null }, text: "x" }, { range: this.randomRange(mirror?.doc) }, { text: 42 }, null]),
        );
      }
    }
    const current = mirror?.doc?.version ?? 0;
    const version = r() < 0.85 ? current + 1 : pick(r, [current, current - 1, undefined, 2 ** 40, "7"]);
    this.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: changes });
    if (!mirror) return;
    this.touch(uri);
    if (!mirrorable || !Number.isInteger(version)) return; // refused as a whole: the document stays as it was
    if (!mirror.doc) return;
    // As the server applies them: one at a time, each range clamped to the text the previous ones left.
    for (const change of changes as TextDocumentContentChangeEvent[])
      mirror.doc = TextDocument.update(mirror.doc, [clampedChange(mirror.doc, change)], version as number);
    if (mirror.doc.getText().length < 1_000_000) this.remember(uri, version, mirror.doc.getText());
  }

  private flood(): void {
    const open = this.openUris().filter((u) => this.docs.get(u)?.doc);
    if (open.length === 0) return this.open();
    const uri = pick(this.r, open);
    const count = 50 + Math.floor(this.r() * 150);
    const mirror = this.docs.get(uri)!;
    const frames: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      const doc = mirror.doc!;
      const at = doc.positionAt(Math.floor(this.r() * (doc.getText().length + 1)));
      const change = { range: { start: at, end: at }, text: pick(this.r, ["a", "\n", " ", "-", ":"]) };
      mirror.doc = TextDocument.update(doc, [change], doc.version + 1);
      this.touch(uri);
      // Some versions' texts are kept; the others are forgotten, so that a text another opening had under the
      // same number is not taken for the one the server may publish now.
      if (i === count - 1 || i % 10 === 0) this.remember(uri, mirror.doc.version, mirror.doc.getText());
      else this.versions.get(uri)?.delete(mirror.doc.version);
      frames.push(
        RawServer.frame({
          jsonrpc: "2.0",
          method: "textDocument/didChange",
          params: { textDocument: { uri, version: mirror.doc.version }, contentChanges: [change] },
        }),
      );
    }
    this.report.messages += count;
    this.report.notifications += count;
    this.note(`flood of ${count} changes to ${uri}`);
    this.server.writeBytes(Buffer.concat(frames));
    this.featureRequest(uri);
  }

  private featureRequest(forUri?: string): void {
    const r = this.r;
    const uri = forUri ?? this.someUri();
    const mirror = this.docs.get(uri);
    const wellFormed = r() < 0.85;
    const method = pick(r, [
      ...POSITION_REQUESTS,
      ...DOCUMENT_REQUESTS,
      ...URI_REQUESTS,
      "textDocument/codeAction",
      "workspace/symbol",
      "packlint/validateWorkspace",
    ]);
    let params: unknown;
    const textDocument = { uri };
    if (URI_REQUESTS.includes(method)) params = wellFormed ? { uri } : pick(r, [{ uri: 5 }, {}, null]);
    else if (method === "workspace/symbol") params = wellFormed ? { query: pick(r, ["", "refund", "a", "🦊", "x".repeat(300)]) } : pick(r, [{ query: 7 }, {}]);
    else if (method === "packlint/validateWorkspace") params = {};
    else if (POSITION_REQUESTS.includes(method)) {
      params = { textDocument, position: this.randomPosition(mirror?.doc, wellFormed) };
      if (method === "textDocument/references") (params as Record<string, unknown>).context = { includeDeclaration: r() < 0.5 };
      if (method === "textDocument/rename") (params as Record<string, unknown>).newName = pick(r, ["renamed", "", "a b", "🦊", "x".repeat(500)]);
    } else if (method === "textDocument/codeAction") {
      params = {
        textDocument,
        range: wellFormed ? this.randomRange(mirror?.doc) : { start: this.randomPosition(mirror?.doc, false), end: null },
        context: { diagnostics: [], ...(r() < 0.2 ? { only: pick(r, [["quickfix"], ["refactor"], ["source.organizeImports"]]) } : {}) },
      };
    } else params = wellFormed ? { textDocument } : pick(r, [{ textDocument: { uri: 42 } }, { textDocument: null }, {}]);
    if (!wellFormed && r() < 0.2) params = pick(r, [null, [1, 2], "params", 7]);
    // The library reads params before our handlers do: params that are not an object fail there (-32603).
    // validateWorkspace takes no params: whatever comes is ignored. Workspace answers are about other documents.
    const anyParams = method === "packlint/validateWorkspace";
    const expectError =
      wellFormed || anyParams
        ? method === "textDocument/rename"
          ? [0, JSON_RPC.InvalidRequest]
          : undefined
        : [JSON_RPC.InvalidParams, JSON_RPC.InternalError];
    const aboutThis = mirror && !anyParams && method !== "workspace/symbol";
    this.request(method, params, { expectError, uri: aboutThis ? uri : undefined, changes: this.touches.get(uri) });
  }

  private workspaceNotification(): void {
    const r = this.r;
    if (r() < 0.5) {
      this.notify("workspace/didChangeWorkspaceFolders", { event: { added: this.randomFolders(), removed: this.randomFolders() } });
    } else {
      const uri =
        r() < 0.7 && this.opts.workspace
          ? pathToFileURL(this.opts.workspace).toString() +
            pick(r, ["/packs/a.pack.yaml", "/skill/tests/skill_cases.yaml", "/.packlintrc.json", "/new.pack.yaml"])
          : pick(r, URIS);
      this.notify("workspace/didChangeWatchedFiles", { changes: r() < 0.9 ? [{ uri, type: 1 + Math.floor(r() * 3) }] : "garbage" });
    }
  }

  private cancel(): void {
    const ids = [...this.pending.keys()];
    const id = ids.length && this.r() < 0.8 ? pick(this.r, ids) : this.nextId + 1000;
    const p = this.pending.get(id);
    if (p) p.cancelled = true;
    this.notify("$/cancelRequest", { id });
  }

  private unknownMethod(): void {
    if (this.r() < 0.5) this.request(pick(this.r, ["packlint/unknown", "textDocument/typeDefinition", ""]), {}, { expectError: [JSON_RPC.MethodNotFound] });
    else this.notify(pick(this.r, ["packlint/whatever", "$/setTrace", "$/progress", "textDocument/didSave", "workspace/didChangeWatchedFiles"]), { value: 1 });
  }

  /** Bytes that are not a well-formed message: each one is answered with an error whose id is null. */
  private malformedMessage(): void {
    const r = this.r;
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", method: "textDocument/hover", params: {} }), "utf8");
    switch (Math.floor(r() * 9)) {
      case 0:
        return this.malformed(RawServer.frame("{not json"), "a body that is not JSON");
      case 1:
        return this.malformed(Buffer.concat([Buffer.from("Content-Lenght: 12\r\n\r\n"), body]), "a header without Content-Length");
      case 2:
        return this.malformed(Buffer.concat([Buffer.from("Content-Length: -5\r\n\r\n"), body]), "a negative Content-Length");
      case 3:
        return this.malformed(Buffer.concat([Buffer.from("Content-Length: twelve\r\nX\r\n\r\n"), body]), "a header line without a colon");
      case 4:
        return this.malformed(Buffer.concat([Buffer.from(`Content-Length: ${body.length - 10}\r\n\r\n`), body]), "a Content-Length too short");
      case 5:
        return this.malformed(
          Buffer.concat([Buffer.from(`Content-Length: ${body.length + 7}\r\n\r\n`), body, Buffer.from("garbage")]),
          "a Content-Length too long",
        );
      case 6:
        return this.malformed(RawServer.frame(pick(r, ["[1, 2]", "42", '"text"', "null", "[]"])), "JSON that is not an object");
      case 7:
        return this.malformed(Buffer.from(Array.from({ length: 64 }, () => Math.floor(r() * 256))), "random bytes", 0);
      default:
        return this.malformed(
          RawServer.frame(
            Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"x","params":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]).toString("latin1"),
          ),
          "invalid UTF-8 in a string",
          0,
        );
    }
  }

  /** JSON objects that are not proper JSON-RPC: no assertion on the answer, only that the server lives on. */
  private oddMessage(): void {
    const m = pick(this.r, [
      { jsonrpc: "1.0", id: "odd-1", method: "textDocument/hover" },
      { id: { nested: true }, method: "textDocument/hover", params: {} },
      { jsonrpc: "2.0", id: 99999, result: "an answer to nothing" },
      { jsonrpc: "2.0", method: 42 },
      { jsonrpc: "2.0", id: 1.5, method: "textDocument/documentSymbol", params: { textDocument: { uri: URIS[0] } } },
      { jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: ["x"], text: null } } },
      { jsonrpc: "2.0", method: "textDocument/didOpen", params: "not an object" },
    ]);
    this.report.messages++;
    if ("id" in m) this.oddIds.add(JSON.stringify(m.id));
    this.note(`odd ${JSON.stringify(m)}`);
    this.server.send(m);
  }

  private huge(): void {
    const r = this.r;
    if (r() < 0.5) {
      const base = pick(r, this.seeds).text;
      let text = base;
      while (text.length < this.opts.hugeBytes) text += "\n# padding " + "x".repeat(1000) + "\n" + base.replace(/^pack:/m, "other_pack:");
      this.note(`huge didOpen of ${text.length} characters`);
      return this.open(text);
    }
    const blob = "y".repeat(this.opts.hugeBytes);
    this.request("textDocument/hover", { textDocument: { uri: this.someUri() }, position: { line: 0, character: 0 }, junk: blob });
  }

  /** A request that must be answered within the bound: the server is alive and keeps up. */
  private async probe(): Promise<void> {
    const id = this.request("packlint/documentKind", { uri: this.someUri() });
    await this.server.waitFor(`the answer to probe ${id}`, this.opts.boundMs, () => this.answered.has(id) || !this.server.alive);
    if (!this.server.alive) throw new Error(`the server exited: ${JSON.stringify(this.server.exit)}`);
  }

  /** Waits until every request sent was answered. */
  private async settle(): Promise<void> {
    await this.probe();
    try {
      await this.server.waitFor("answers to every request", this.opts.boundMs, () => this.pending.size === 0 || !this.server.alive);
    } catch {
      this.problems.push(
        `requests never answered: ${[...this.pending]
          .slice(0, 10)
          .map(([id, p]) => `${id} ${p.method}`)
          .join(", ")}`,
      );
    }
    if (!this.server.alive) throw new Error(`the server exited: ${JSON.stringify(this.server.exit)}`);
    const nullErrors = this.server.received.filter((m) => m.id === null && m.error).length;
    if (nullErrors < this.expectedNullErrors) this.problems.push(`${this.expectedNullErrors} malformed messages but only ${nullErrors} errors with id null`);
  }

  /** shutdown, requests after it, exit: the process ends with code 0. Some sessions just close stdin instead. */
  private async end(): Promise<void> {
    if (this.r() < 0.15) {
      this.server.proc.stdin!.end();
      await this.server.waitFor("the exit after stdin closed", this.opts.boundMs, () => !this.server.alive);
      return;
    }
    const id = this.request("shutdown", undefined);
    this.shutDown = true;
    this.request("textDocument/hover", { textDocument: { uri: URIS[0] }, position: { line: 0, character: 0 } });
    this.notify("textDocument/didOpen", { textDocument: { uri: URIS[1], languageId: "yaml", version: 1, text: "pack: {}\n" } });
    await this.server.waitFor("answers after shutdown", this.opts.boundMs, () => this.pending.size === 0 || !this.server.alive);
    if (!this.answered.has(id)) this.problems.push("shutdown was not answered");
    this.notify("exit", undefined);
    await this.server.waitFor("the exit", this.opts.boundMs, () => !this.server.alive);
    if (this.server.exit?.code !== 0) this.problems.push(`exit after shutdown ended with ${JSON.stringify(this.server.exit)}`);
  }
}

/** Runs protocol sessions until the count or the time is reached. */
export async function fuzzProtocol(opts: ProtocolFuzzOptions): Promise<ProtocolReport> {
  const seeds = [...packSeeds(ROOT), ...skillSeeds(ROOT)];
  const made = opts.workspace === undefined ? fuzzWorkspace(seeds) : undefined;
  try {
    return await runSessions({ ...opts, workspace: opts.workspace ?? made }, seeds);
  } finally {
    if (made) rmSync(dirname(made), { recursive: true, force: true });
  }
}

async function runSessions(opts: ProtocolFuzzOptions, seeds: Seed[]): Promise<ProtocolReport> {
  const report: ProtocolReport = { sessions: 0, messages: 0, requests: 0, notifications: 0, malformed: 0, answered: 0, published: 0, errors: {}, failures: 0 };
  const first = opts.first ?? 0;
  for (let s = first; (opts.sessions === undefined || s < first + opts.sessions) && (opts.until === undefined || Date.now() < opts.until); s++) {
    const session = new ProtocolSession(iterationRng(opts.seed, s), seeds, report, opts);
    await session.run(opts.steps);
    report.sessions++;
    if (session.problems.length) {
      report.failures++;
      if (opts.onFailure({ seed: opts.seed, session: s, problems: session.problems, trail: session.trail })) break;
    }
  }
  return report;
}

/** A temporary workspace: a few packs and a case file from the seeds, a config, and links leading out of it. */
function fuzzWorkspace(seeds: Seed[]): string {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "packlint-protocol-fuzz-")));
  const ws = join(base, "ws");
  mkdirSync(join(ws, "packs", "assets"), { recursive: true });
  mkdirSync(join(ws, "skill", "tests"), { recursive: true });
  mkdirSync(join(base, "outside"));
  writeFileSync(join(base, "outside", "secret.txt"), "secret");
  seeds.slice(0, 3).forEach((seed, i) => writeFileSync(join(ws, "packs", `p${i}.pack.yaml`), seed.text));
  writeFileSync(join(ws, "skill", "tests", "skill_cases.yaml"), seeds[seeds.length - 1].text);
  writeFileSync(join(ws, ".packlintrc.json"), JSON.stringify({ rules: { "unknown-key": "error" } }));
  symlinkSync(join(base, "outside", "secret.txt"), join(ws, "packs", "assets", "policy.pdf"));
  symlinkSync(join(base, "outside"), join(ws, "packs", "out"));
  const links = join(base, "links");
  mkdirSync(links);
  writeFileSync(join(links, "linked.pack.yaml"), seeds[0].text);
  symlinkSync(join(base, "outside", "secret.txt"), join(links, ".packlintrc.json"));
  symlinkSync("/dev/zero", join(links, "package.json"));
  symlinkSync("/dev/zero", join(links, "zero.pack.yaml"));
  return ws;
}
