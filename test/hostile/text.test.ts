import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildPackModel, packDiagnostics, PackDiagnostic } from "../../server/src/service/pack";
import { withinBounds } from "../helpers/bounds";
import { assertDiagnostics } from "../fuzz/check-service";
import { expectDiagnostics } from "../helpers/expect";
import { marked } from "../helpers/fixture";
import { pack } from "../helpers/packs";

const broken = readFileSync(join(__dirname, "../../../examples/broken.pack.yaml"), "utf8");

function check(text: string): PackDiagnostic[] {
  const { result } = withinBounds("document", { heapMB: 30 }, () => packDiagnostics(buildPackModel(text)));
  assertDiagnostics(text, result);
  return result;
}

const shown = (d: PackDiagnostic[]) => d.map((x) => ({ code: x.code, message: x.message, range: x.range, related: x.related }));

test("CRLF, lone CR and mixed line endings give the diagnostics of the LF text, at the same positions", () => {
  const want = shown(check(broken));
  assert.ok(want.length >= 5);
  assert.deepEqual(shown(check(broken.replace(/\n/g, "\r\n"))), want, "CRLF");
  assert.deepEqual(shown(check(broken.replace(/\n/g, "\r"))), want, "lone CR");
  let i = 0;
  // A lone CR right before an LF would make one CRLF of two line breaks.
  const mixed = broken.replace(/\n/g, (_nl, at: number) => (broken[at + 1] === "\n" ? "\n" : ["\n", "\r\n", "\r"][i++ % 3]));
  assert.deepEqual(shown(check(mixed)), want, "mixed");
});

test("a duplicate key's message counts lines as the editor does, whatever the line endings", () => {
  for (const nl of ["\n", "\r\n", "\r"]) {
    const d = check(pack({ extra: ["tools:", "  a: 1", "  a: 2", ""].join(nl) }));
    const dup = d.find((x) => x.code === "yaml-duplicate-key")!;
    assert.equal(dup.message, `mapping key "a" already defined at line ${dup.related![0].range.start.line + 1}`, JSON.stringify(nl));
  }
});

test("a byte order mark: the pack is read, and positions count it as the editor's text does", () => {
  assert.deepEqual(
    check("\uFEFF" + pack()).filter((x) => x.severity === "error"),
    [],
  );
  expectDiagnostics("\uFEFF" + pack({ version: "version:\n  number: ⟦0⟧\n" }), { code: "version-number-positive", message: "must be greater than 0" });
  // The mark on a line of its own, before a comment.
  assert.deepEqual(
    check("\uFEFF# comment\n" + pack()).filter((x) => x.severity === "error"),
    [],
  );
});

test("tabs: as indentation they are a syntax error at the tab; inside values and after a colon they are text", () => {
  const d = check("pack:\n\tslug: s\n");
  const syntax = d.filter((x) => x.code === "yaml-syntax");
  assert.ok(syntax.length >= 1);
  assert.deepEqual(syntax[0].range.start, { line: 1, character: 0 });
  const ok = pack({ head: "pack:\n  slug:\tsupport-eval\n  name: Support\tEval\n  family: support\n" });
  assert.deepEqual(
    check(ok).filter((x) => x.severity === "error"),
    [],
  );
  assert.equal((buildPackModel(ok).bundle.pack as { name: string }).name, "Support\tEval");
});

test("emoji and CJK in keys and values: ranges are UTF-16 columns of the text and never split a surrogate pair", () => {
  expectDiagnostics(
    pack({
      challenges: ["challenges:", "  - {key: 🦊狐, title: 挑戦🦊, category: サポート, difficulty: ⟦難しい🦊⟧}", ""].join("\n"),
      inputSets: "input_sets: []\n",
    }),
    { code: "challenge-difficulty-invalid" },
  );
  expectDiagnostics(
    pack({
      challenges:
        "challenges:\n  - key: 🦊狐\n    title: a\n    category: b\n    difficulty: easy\n  - key: ⟦🦊狐⟧\n    title: 🦊\n    category: b\n    difficulty: easy\n",
      inputSets: "input_sets: []\n",
    }),
    { code: "challenge-key-duplicate", field: "challenges[1].key" },
  );
  expectDiagnostics(pack({ extra: "⟦🦊名前⟧: x\n" }), { code: "unknown-key", message: 'Unknown key "🦊名前"; AgentClash ignores it.' });

  const m = marked(pack({ extra: 'tools:\n  🦊: {名前: [🦊, 狐, "\\U0001F98A"]}\n  狐🦊狐: ⟦*missing⟧\n' }));
  const d = check(m.text);
  assert.deepEqual(
    d.filter((x) => x.code === "yaml-decode-fatal").map((x) => x.range),
    m.ranges,
  );
  const lines = m.text.split("\n");
  for (const x of d) {
    for (const p of [x.range.start, x.range.end]) {
      const line = lines[p.line];
      const before = line.charCodeAt(p.character - 1);
      const at = line.charCodeAt(p.character);
      assert.ok(!(before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff), `${x.code} splits a surrogate pair at ${JSON.stringify(p)}`);
    }
  }
});

test("empty, blank and comment-only files: bundle-empty, at the start or on the comment", () => {
  for (const [text, range] of [
    ["", { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }],
    ["\n\n   \n", { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }],
    ["\n# just a comment\r\n# and another\n", { start: { line: 1, character: 0 }, end: { line: 1, character: 16 } }],
  ] as const) {
    const d = check(text);
    assert.deepEqual(
      d.map((x) => [x.code, x.range]),
      [["bundle-empty", range]],
      JSON.stringify(text),
    );
  }
});

test("custom and unusual tags are data: nothing is constructed or run", () => {
  const text = pack({
    extra: [
      "tools:",
      '  a: !!python/object/apply:os.system ["touch /tmp/packlint-pwned"]',
      "  b: !custom {x: 1}",
      "  c: !<tag:example.com,2000:app/thing> value",
      "  d: !!binary aGVsbG8=",
      "  e: !!set {a, b}",
      "  f: !!omap [a: 1]",
      "  g: !js/function 'function () { process.exit(1) }'",
      "",
    ].join("\n"),
  });
  const d = check(text);
  const tools = buildPackModel(text).bundle.tools as Record<string, unknown>;
  assert.deepEqual(tools.a, ["touch /tmp/packlint-pwned"]);
  assert.equal(tools.g, "function () { process.exit(1) }");
  assert.deepEqual(
    d.filter((x) => x.severity === "error" && x.code !== "yaml-decode-fatal" && x.code !== "yaml-syntax"),
    [],
  );
});

test("control characters: each is a yaml-syntax error at the character (yaml.v3 rejects the file); tab, NEL and BOM are allowed", () => {
  const text = pack().replace("name: ", "name: a\u0001b\u007fcd\t").replace("family: ", "family: \u0090\uFFFE");
  const found = check(text).filter((d) => d.code === "yaml-syntax");
  const at = (c: string) => {
    const lines = text.split("\n");
    const line = lines.findIndex((l) => l.includes(c));
    return { line, character: lines[line].indexOf(c) };
  };
  assert.deepEqual(
    found.map((d) => [d.range.start, d.message]),
    [
      [at("\u0001"), "the control character U+0001 is not allowed in YAML (only tab and line breaks are)"],
      [at("\u007f"), "the control character U+007F is not allowed in YAML (only tab and line breaks are)"],
      [at("\u0090"), "the control character U+0090 is not allowed in YAML (only tab and line breaks are)"],
      [at("\uFFFE"), "the non-character U+FFFE is not allowed in YAML (only tab and line breaks are)"],
    ],
  );
  // NEL breaks lines (YAML 1.1); a tab after a value is a blank.
  assert.deepEqual(
    check(
      "\uFEFF" +
        pack()
          .replace(/\n/g, "\u0085")
          .replace(/(name: [^\u0085]*)/, "$1\t"),
    ).filter((d) => d.code === "yaml-syntax"),
    [],
  );
  // A binary file: the first twenty are reported, then how many more the parser found (it stops at a hundred).
  const binary = pack() + "# " + "\u0001".repeat(5000) + "\n";
  const syntax = check(binary).filter((d) => d.code === "yaml-syntax");
  assert.equal(syntax.length, 21);
  assert.equal(syntax[20].message, "… and 80 more YAML syntax errors");
});
