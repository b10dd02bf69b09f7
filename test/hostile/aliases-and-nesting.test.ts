import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics, PackDiagnostic } from "../../server/src/service/pack";
import { MAX_NESTING } from "../../server/src/service/yaml/limits";
import { withinBounds } from "../helpers/bounds";
import { assertDiagnostics } from "../fuzz/check-service";
import { pack } from "../helpers/packs";
import { laughs } from "./documents";

/** Diagnostics of a hostile document, within bounds and well-formed. */
function hostile(what: string, text: string, bounds = { heapMB: 100 }): PackDiagnostic[] {
  const { result } = withinBounds(what, bounds, () => packDiagnostics(buildPackModel(text)));
  assertDiagnostics(text, result);
  return result;
}

const fatal = (d: PackDiagnostic[]) => d.filter((x) => x.field === null && x.severity === "error").map((x) => `${x.code}: ${x.message}`);

test("billion laughs: the alias guard stops the expansion (yaml.v3's excessive aliasing)", () => {
  const d = hostile("billion laughs", pack({ extra: "tools:\n" + laughs(10, 10) }), { heapMB: 50 });
  assert.deepEqual(fatal(d), ["yaml-decode-fatal: document contains excessive aliasing"]);
});

test("billion laughs through typed lists (input sets of cases of inputs) is stopped too", () => {
  const text = [
    "x:",
    "  v0: &v0 [" + Array(10).fill("lol").join(", ") + "]",
    ...Array.from({ length: 5 }, (_, i) => `  v${i + 1}: &v${i + 1} [${Array(10).fill(`*v${i}`).join(", ")}]`),
    "  input: &input {key: prompt, kind: text, value: *v5}",
    "  case: &case {challenge_key: c, case_key: k, inputs: [" + Array(10).fill("*input").join(", ") + "]}",
    "  set: &set {key: s, name: S, cases: [" + Array(10).fill("*case").join(", ") + "]}",
    "input_sets: [" + Array(10).fill("*set").join(", ") + "]",
    "",
  ].join("\n");
  const d = hostile("typed laughs", text, { heapMB: 50 });
  assert.deepEqual(fatal(d), ["yaml-decode-fatal: document contains excessive aliasing"]);
});

test("an expansion under the guard's ratio (100,000 nodes from a small document) is decoded within bounds", () => {
  const pad = `  pad: [${Array(2000).fill("p").join(", ")}]\n`;
  const d = hostile("100k expansion", pack({ extra: "tools:\n" + pad + laughs(5, 10) }), { heapMB: 150 });
  assert.deepEqual(fatal(d), []);
});

test("merge-key bomb: each map merges ten copies of the one before; merged keys count towards the guard", () => {
  let tools = "tools:\n  m0: &m0 {a: 1, b: 2}\n";
  for (let i = 1; i < 12; i++)
    tools += `  m${i}: &m${i} {<<: [${Array(10)
      .fill(`*m${i - 1}`)
      .join(", ")}], k${i}: 1}\n`;
  const d = hostile("merge bomb", pack({ extra: tools }), { heapMB: 50 });
  assert.deepEqual(fatal(d), ["yaml-decode-fatal: document contains excessive aliasing"]);
});

test("circular and dangling aliases are decode errors at the alias", () => {
  const cases: [string, string, number][] = [
    ["tools: &a {x: *a}\n", "yaml-decode-fatal: anchor 'a' value contains itself", 14],
    ["tools: {x: &a [1, *a]}\n", "yaml-decode-fatal: anchor 'a' value contains itself", 18],
    ["tools: {x: *b}\n", "yaml-decode-fatal: unknown anchor 'b' referenced", 11],
    // An alias never refers forward, not even to an anchor later in the same mapping.
    ["tools: {x: *b, y: &b 1}\n", "yaml-decode-fatal: unknown anchor 'b' referenced", 11],
  ];
  for (const [text, want, character] of cases) {
    const d = hostile(text, text);
    assert.deepEqual(fatal(d), [want], text);
    assert.equal(d.find((x) => x.code === "yaml-decode-fatal")!.range.start.character, character, text);
  }
});

test("a chain of aliases nesting values deeper than the limit stops the decode at the alias", () => {
  const levels = MAX_NESTING + 100;
  let tools = "tools:\n  c0: &c0 [end]\n";
  for (let i = 1; i < levels; i++) tools += `  c${i}: &c${i} [*c${i - 1}]\n`;
  const text = pack({ extra: tools });
  const d = hostile("alias chain", text);
  const deep = d.filter((x) => x.code === "yaml-nesting-too-deep");
  assert.equal(deep.length, 1, JSON.stringify(fatal(d)));
  assert.equal(deep[0].message, `aliases nest values deeper than ${MAX_NESTING} levels`);
  // At the alias whose expansion crossed the limit, as written in the document.
  const line = text.split("\n")[deep[0].range.start.line];
  assert.match(line.slice(deep[0].range.start.character, deep[0].range.end.character), /^\*c\d+$/);
  assert.match(line, /^ {2}c\d+: &c\d+ \[\*c\d+\]$/);
});

test("a chain of merges deeper than the limit stops at the limit too", () => {
  let tools = "tools:\n  m0: &m0 {a: 1}\n";
  for (let i = 1; i < MAX_NESTING + 100; i++) tools += `  m${i}: &m${i} {<<: *m${i - 1}, k${i}: 1}\n`;
  const d = hostile("merge chain", pack({ extra: tools }));
  assert.deepEqual(fatal(d), [`yaml-nesting-too-deep: aliases nest values deeper than ${MAX_NESTING} levels`]);
});

/** Offset of the collection that crosses the limit: the document's top-level map is level 1, `tools:`'s value level 2. */
function pruned(d: PackDiagnostic[]): PackDiagnostic[] {
  return d.filter((x) => x.code === "yaml-nesting-too-deep");
}

/**
 * Nothing below the limit is walked. Depending on the stack left to it, the YAML parser may give up before the
 * limit: then it says so with a syntax error of its own, and nothing deeper exists.
 */
function assertDeepHandled(d: PackDiagnostic[], expectedCharacter: number, line = 0): void {
  const deep = pruned(d);
  const overflow = d.filter((x) => x.code === "yaml-syntax" && x.data?.yamlCode === "RESOURCE_EXHAUSTION");
  assert.ok(deep.length === 1 || overflow.length > 0, JSON.stringify(d.map((x) => x.code)));
  for (const o of overflow) assert.equal(o.message, "the document nests too deeply to be parsed from here on");
  if (deep.length) {
    assert.equal(deep[0].message, `nested deeper than ${MAX_NESTING} levels: nothing from here on is checked`);
    assert.deepEqual(deep[0].range.start, { line, character: expectedCharacter });
  }
  // Only the nesting is wrong: the rest of the pack is valid.
  assert.deepEqual(
    d.filter((x) => x.severity === "error" && x !== deep[0] && !overflow.includes(x)).map((x) => x.code),
    [],
  );
}

test("10,000 levels of flow sequences: one diagnostic at the first collection past the limit, the rest of the pack still checked", () => {
  const prefix = "tools: {deep: ";
  const text = pack({ extra: prefix + "[".repeat(10_000) + "]".repeat(10_000) + "}\n" });
  const line = text.split("\n").length - 2;
  // `tools` is level 2, `deep`'s first `[` level 3: level MAX_NESTING + 1 is bracket number MAX_NESTING - 1.
  assertDeepHandled(hostile("deep flow seq", text), prefix.length + MAX_NESTING - 2, line);
});

test("10,000 levels of flow mappings", () => {
  const prefix = "tools: ";
  const text = pack({ extra: prefix + "{a: ".repeat(10_000) + "1" + "}".repeat(10_000) + "\n" });
  const line = text.split("\n").length - 2;
  assertDeepHandled(hostile("deep flow map", text), prefix.length + 4 * (MAX_NESTING - 1), line);
});

test("10,000 levels of compact block sequences (`- - - …` on one line)", () => {
  const text = pack({ extra: "tools:\n  deep:\n    " + "- ".repeat(10_000) + "x\n" });
  const line = text.split("\n").length - 2;
  assertDeepHandled(hostile("deep block seq", text), 4 + 2 * (MAX_NESTING - 2), line);
});

test("1,000 levels of indented block mappings", () => {
  let tools = "tools:\n";
  for (let i = 0; i < 1000; i++) tools += " ".repeat(i + 1) + "k:\n";
  const text = pack({ extra: tools });
  const first = text.split("\n").indexOf("tools:");
  // `tools:`'s map is level 2 (its first key on the next line); level MAX_NESTING + 1 starts MAX_NESTING - 1 lines later.
  assertDeepHandled(hostile("deep block map", text), MAX_NESTING, first + MAX_NESTING);
});

test("keys that name Object.prototype members are ordinary keys", () => {
  const m = buildPackModel(pack({ extra: "tools:\n  __proto__:\n    polluted: true\n  constructor: 2\n  hasOwnProperty: 3\n" }));
  const tools = m.bundle.tools as Record<string, unknown>;
  assert.deepEqual(Object.keys(tools), ["__proto__", "constructor", "hasOwnProperty"]);
  assert.equal(JSON.stringify(tools), '{"__proto__":{"polluted":true},"constructor":2,"hasOwnProperty":3}');
  assert.equal(Object.getPrototypeOf(tools), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  // Unknown top-level keys and unknown evaluation_spec fields are reported by their name.
  const d = packDiagnostics(buildPackModel(pack({ extra: "__proto__: 1\nconstructor: 2\n" })));
  assert.deepEqual(
    d.filter((x) => x.code === "unknown-key").map((x) => x.message),
    ['Unknown key "__proto__"; AgentClash ignores it.', 'Unknown key "constructor"; AgentClash ignores it.'],
  );
  const spec = packDiagnostics(buildPackModel(pack({ evaluationSpec: "evaluation_spec:\n  __proto__: {}\n  toString: 1\n" })));
  assert.deepEqual(
    spec.filter((x) => x.code === "eval-spec-unknown-field").map((x) => x.message.replace(/^.*json: /, "")),
    ['unknown field "__proto__"', 'unknown field "toString"'],
  );
});

test("a payload key named __proto__ survives normalization and the case payload", () => {
  const text = pack().replace("        inputs:", "        payload:\n          __proto__: {x: 1}\n        inputs:");
  assert.ok(text.includes("__proto__"));
  const m = buildPackModel(text);
  const payload = m.bundle.input_sets[0].cases[0].payload as Record<string, unknown>;
  assert.ok(Object.prototype.hasOwnProperty.call(payload, "__proto__"), text);
  assert.deepEqual(payload["__proto__"], { x: 1 });
});

test("regression (crash): a merge key without a value, `{<<}`, is a decode error at the key", () => {
  for (const [text, character] of [
    ["tools: {<<}\n", 8],
    ["tools:\n  ? <<\n", 4],
  ] as const) {
    const d = hostile(text, text);
    const f = d.filter((x) => x.code === "yaml-decode-fatal");
    assert.deepEqual(
      f.map((x) => x.message),
      ["map merge requires map or sequence of maps as the value"],
      text,
    );
    assert.equal(f[0].range.start.character, character);
  }
});
