import { Transform, TransformCallback } from "node:stream";
import { Requests } from "../../../shared/src";

/** Something wrong with the bytes a client sent, which no JSON-RPC message can be recovered from. */
export interface FrameProblem {
  /**
   * A frame that could not be read, a body that is not JSON, JSON that is not a message object, or a message
   * whose members have the wrong types (`request`), or a request whose params are null (`params`).
   */
  kind: "header" | "json" | "message" | "request" | "params";
  message: string;
  /** The request's id when it could be read (a `params` problem); JSON-RPC answers the others with id null. */
  id?: string | number | null;
  /** False for a notification, which JSON-RPC never answers: the problem is only logged. */
  answer?: boolean;
}

/** Frames above this size are dropped (a client that sends one is broken; buffering it would exhaust memory). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;
/** A header block longer than this is not a header. */
const MAX_HEADER_BYTES = 8 * 1024;
const SEPARATOR = Buffer.from("\r\n\r\n", "ascii");
const CONTENT_LENGTH = /^content-length$/i;
const HEADER_NAME = "Content-Length:";

/**
 * Sits between stdin and the JSON-RPC reader and passes on only well-formed LSP frames: a header block with a
 * valid Content-Length, then a body that is JSON. vscode-jsonrpc's reader stops reading for good after one bad
 * header (the rest of the stream is read as headers), so a single malformed frame would leave the server deaf.
 * Here a bad header is skipped up to the next `Content-Length:`, a body that is not a JSON object is dropped, and
 * each problem is reported so the server can answer it with a JSON-RPC error (the id cannot be known: null).
 */
export class FrameGuard extends Transform {
  private buffer = Buffer.alloc(0);
  /** Chunks of a body still arriving, joined once it is complete (joining on every chunk is quadratic). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Length of the body being read, once its header was accepted. */
  private bodyLength = -1;
  /** After a malformed header: skipping to the next `Content-Length:`, reporting nothing more until then. */
  private resyncing = false;

  constructor(
    private readonly onProblem: (p: FrameProblem) => void,
    /** Each message passed on, as it is read. */
    private readonly onMessage: (message: object) => void = () => undefined,
    /** After each chunk: whether a frame is partly read (a large message arrives in many chunks). */
    private readonly onPartial: (partial: boolean) => void = () => undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.bodyLength >= 0 && this.buffer.length + this.pendingBytes < this.bodyLength) {
      this.onPartial(true);
      return done();
    }
    this.buffer = Buffer.concat([this.buffer, ...this.pending]);
    this.pending = [];
    this.pendingBytes = 0;
    for (;;) {
      if (this.bodyLength < 0 && !this.readHeader()) break;
      if (this.buffer.length < this.bodyLength) break;
      const body = this.buffer.subarray(0, this.bodyLength);
      this.buffer = this.buffer.subarray(this.bodyLength);
      this.bodyLength = -1;
      this.passBody(body);
    }
    this.onPartial(this.bodyLength >= 0);
    done();
  }

  /** Reads one header block; false when more bytes are needed. Skips (and reports) anything that is not one. */
  private readHeader(): boolean {
    for (;;) {
      if (this.resyncing) {
        const next = indexOfHeader(this.buffer);
        if (next < 0) {
          this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - HEADER_NAME.length + 1)); // may begin one
          return false;
        }
        this.buffer = this.buffer.subarray(next);
        this.resyncing = false;
      }
      const end = this.buffer.indexOf(SEPARATOR);
      if (end < 0) {
        if (this.buffer.length <= MAX_HEADER_BYTES) return false;
        this.fail("a header without an end (\\r\\n\\r\\n)");
        continue;
      }
      const length = contentLength(this.buffer.subarray(0, end).toString("ascii"));
      if (typeof length === "number" && length <= MAX_FRAME_BYTES) {
        this.buffer = this.buffer.subarray(end + SEPARATOR.length);
        this.bodyLength = length;
        return true;
      }
      this.fail(typeof length === "number" ? `a frame of ${length} bytes (more than ${MAX_FRAME_BYTES})` : length);
    }
  }

  /** Reports a malformed header once, then skips to the next `Content-Length:` (past this one). */
  private fail(why: string): void {
    this.onProblem({ kind: "header", message: `packlint: skipped malformed input: ${why}` });
    this.buffer = this.buffer.subarray(1);
    this.resyncing = true;
  }

  private passBody(body: Buffer): void {
    const text = body.toString("utf8");
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      this.onProblem({ kind: "json", message: `packlint: a message is not JSON: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      // LSP has no batches: an array is as invalid as a number.
      this.onProblem({ kind: "message", message: `packlint: a message is not a JSON-RPC object: ${text.slice(0, 80)}` });
      return;
    }
    const problem = shapeProblem(value as Record<string, unknown>);
    if (problem) {
      this.onProblem(problem);
      return;
    }
    // Re-framed with the byte length of the (possibly repaired) UTF-8 text the reader will decode.
    const clean = Buffer.from(text, "utf8");
    this.onMessage(value);
    this.push(Buffer.concat([Buffer.from(`Content-Length: ${clean.length}\r\n\r\n`, "ascii"), clean]));
  }
}

/** Methods whose params may be absent or null (LSP: `void`); every other request or notification needs them. */
// packlint/validateWorkspace takes no params: whatever comes, null included, is ignored.
const PARAMS_OPTIONAL = new Set(["shutdown", "exit", "initialized", Requests.validateWorkspace]);

/**
 * What vscode-jsonrpc would mishandle in a message object: an `id` that is not a string, number or null, or a
 * `method` that is not a string, gets no answer from it at all; null params reach the handlers, which fail.
 */
function shapeProblem(m: Record<string, unknown>): FrameProblem | undefined {
  const id = m.id;
  const hasId = "id" in m;
  if (hasId && id !== null && typeof id !== "string" && typeof id !== "number") {
    return { kind: "request", id: null, message: `packlint: an invalid JSON-RPC message: its id is ${describe(id)}, not a string or number` };
  }
  if ("method" in m && typeof m.method !== "string") {
    return { kind: "request", id: null, message: `packlint: an invalid JSON-RPC message: its method is ${describe(m.method)}, not a string` };
  }
  if (!("method" in m) && !("result" in m) && !("error" in m)) {
    return { kind: "request", id: null, message: "packlint: an invalid JSON-RPC message: no method, result or error" };
  }
  if (typeof m.method === "string" && m.params === null && !PARAMS_OPTIONAL.has(m.method)) {
    return {
      kind: "params",
      id: hasId ? (id as string | number | null) : null,
      answer: hasId,
      message: `packlint: ${m.method}: params are null; this method needs them`,
    };
  }
  return undefined;
}

function describe(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `a ${typeof v}`;
}

/** The Content-Length of a header block, or why there is none. */
function contentLength(header: string): number | string {
  let found: number | string = "a header without Content-Length";
  for (const line of header.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) return `a header line that is not "Name: value": ${JSON.stringify(line.slice(0, 80))}`;
    if (!CONTENT_LENGTH.test(line.slice(0, colon).trim())) continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,15}$/.test(value)) return `a Content-Length that is not a byte count: ${JSON.stringify(value.slice(0, 80))}`;
    found = Number(value);
  }
  return found;
}

function indexOfHeader(buffer: Buffer): number {
  // Header names are case-insensitive; clients write "Content-Length".
  const a = buffer.indexOf(HEADER_NAME, 0, "ascii");
  const b = buffer.indexOf(HEADER_NAME.toLowerCase(), 0, "ascii");
  return a < 0 ? b : b < 0 ? a : Math.min(a, b);
}
