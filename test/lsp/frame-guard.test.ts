import { test } from "node:test";
import assert from "node:assert/strict";
import { FrameGuard, FrameProblem, MAX_FRAME_BYTES } from "../../server/src/lsp/frame-guard";

/** Feeds chunks through a FrameGuard; returns the frames it passed on (bodies) and the problems it reported. */
function run(chunks: (string | Buffer)[]): { bodies: string[]; problems: FrameProblem[] } {
  const problems: FrameProblem[] = [];
  const guard = new FrameGuard((p) => problems.push(p));
  const out: Buffer[] = [];
  guard.on("data", (d: Buffer) => out.push(d));
  for (const c of chunks) guard.write(typeof c === "string" ? Buffer.from(c, "utf8") : c);
  const all = Buffer.concat(out).toString("utf8");
  const bodies: string[] = [];
  for (let at = 0; at < all.length;) {
    const m = /^Content-Length: (\d+)\r\n\r\n/.exec(all.slice(at));
    assert.ok(m, `a clean frame at ${at}: ${JSON.stringify(all.slice(at, at + 60))}`);
    const start = at + m[0].length;
    const body = Buffer.from(all.slice(start), "utf8").subarray(0, Number(m[1])).toString("utf8");
    bodies.push(body);
    at = start + body.length;
  }
  return { bodies, problems };
}

const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body, "utf8")}\r\n\r\n${body}`;
const msg = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "x", params: { text: "🦊 狐" } });

test("frame guard: well-formed frames pass unchanged, even split byte by byte or written together", () => {
  const bytes = Buffer.from(
    frame(msg(1)) + `content-length: ${Buffer.byteLength(msg(2))}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${msg(2)}`,
    "utf8",
  );
  const split = run([...bytes].map((b) => Buffer.from([b])));
  assert.deepEqual(split, { bodies: [msg(1), msg(2)], problems: [] });
  assert.deepEqual(run([bytes]).bodies, [msg(1), msg(2)]);
});

test("frame guard: a bad header is reported once and skipped up to the next frame", () => {
  for (const bad of [
    "Content-Length: abc\r\n\r\n{}",
    "Content-Lenght: 2\r\n\r\n{}",
    "Content-Length: -3\r\n\r\n{}",
    "no colon\r\n\r\n{}",
    "junk without end " + "x".repeat(9000),
  ]) {
    const r = run([bad, frame(msg(1))]);
    assert.deepEqual(r.bodies, [msg(1)], bad.slice(0, 30));
    assert.deepEqual(
      r.problems.map((p) => p.kind),
      ["header"],
      bad.slice(0, 30),
    );
  }
});

test("frame guard: a Content-Length too short or too long loses only that frame", () => {
  const body = msg(9);
  const bytes = Buffer.byteLength(body, "utf8");
  const short = run([`Content-Length: ${bytes - 4}\r\n\r\n${body}`, frame(msg(1))]);
  assert.deepEqual(short.bodies, [msg(1)]);
  assert.deepEqual(
    short.problems.map((p) => p.kind),
    ["json", "header"],
  );
  const long = run([`Content-Length: ${bytes + 3}\r\n\r\n${body}xyz`, frame(msg(1))]);
  assert.deepEqual(long.bodies, [msg(1)]);
  assert.deepEqual(
    long.problems.map((p) => p.kind),
    ["json"],
  );
});

test("frame guard: bodies that are not JSON objects are dropped and reported", () => {
  const r = run([frame("{not json"), frame("[1, 2]"), frame("42"), frame("null"), frame(msg(1))]);
  assert.deepEqual(r.bodies, [msg(1)]);
  assert.deepEqual(
    r.problems.map((p) => p.kind),
    ["json", "message", "message", "message"],
  );
});

test("frame guard: a frame over the size limit is skipped without being buffered", () => {
  const r = run([`Content-Length: ${MAX_FRAME_BYTES + 1}\r\n\r\n`, "x".repeat(100_000), frame(msg(1))]);
  assert.deepEqual(r.bodies, [msg(1)]);
  assert.equal(r.problems.length, 1);
  assert.match(r.problems[0].message, /more than/);
});

test("frame guard: invalid UTF-8 inside a string is repaired and re-framed with its new length", () => {
  const body = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"x","params":"'), Buffer.from([0xff, 0xc3]), Buffer.from('"}')]);
  const r = run([Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]), frame(msg(1))]);
  assert.equal(r.bodies.length, 2);
  assert.equal((JSON.parse(r.bodies[0]) as { params: string }).params, "\ufffd\ufffd");
  assert.deepEqual(r.problems, []);
});

test("frame guard: tells each message as it is read, and whether a frame is partly read after each chunk", () => {
  const seen: string[] = [];
  const guard = new FrameGuard(
    () => undefined,
    (m) => seen.push(`message ${(m as { id: number }).id}`),
    (partial) => seen.push(partial ? "partial" : "whole"),
  );
  guard.resume();
  const bytes = frame(msg(1));
  guard.write(Buffer.from(bytes.slice(0, bytes.length - 5), "utf8"));
  guard.write(Buffer.from(bytes.slice(bytes.length - 5), "utf8"));
  guard.write(Buffer.from("junk\r\n\r\n", "utf8"));
  assert.deepEqual(seen, ["partial", "message 1", "whole", "whole"], "junk that is not a frame is not a message being read");
});

test("frame guard: null params are InvalidParams where a method needs them, and pass where it takes none", () => {
  const body = (method: string) => JSON.stringify({ jsonrpc: "2.0", id: 7, method, params: null });
  const hover = run([frame(body("textDocument/hover"))]);
  assert.deepEqual(hover.bodies, []);
  assert.deepEqual(
    hover.problems.map((p) => [p.kind, p.id]),
    [["params", 7]],
  );
  for (const method of ["packlint/validateWorkspace", "shutdown"]) {
    assert.deepEqual(run([frame(body(method))]), { bodies: [body(method)], problems: [] }, method);
  }
});
