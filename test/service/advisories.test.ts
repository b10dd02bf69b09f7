import { test } from "node:test";
import assert from "node:assert/strict";
import { expectDiagnostics, expectNo } from "../helpers/expect";
import { pack, sections } from "../helpers/packs";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack";
import { kebab } from "../../server/src/service/advisories/key-style";

const oneSet = (key: string, cases: string) => pack({ inputSets: `input_sets:\n  - key: ${key}\n    name: S\n    cases:\n${cases}` });
const kase = (key: string, extra = "") => `      - challenge_key: refund-question\n        case_key: ${key}\n${extra}`;

test("key-style: kebab-case keys; snake_case is fine for inputs and expectations", () => {
  const [d] = expectDiagnostics(oneSet("refund-smoke", kase("⟦Refund_Window⟧")), {
    code: "key-style",
    severity: "hint",
    field: "input_sets[0].cases[0].case_key",
    message: 'Case key "Refund_Window" should be lowercase kebab-case: "refund-window".',
  });
  assert.equal(d.data?.suggestion, "refund-window");
  expectNo(oneSet("refund-smoke", kase("refund-window", "        inputs:\n          - key: source_doc\n            kind: text\n")), "key-style");
  assert.equal(kebab("invoiceMissing ID"), "invoice-missing-id");
});

test("key-unstable: dates, UUIDs, run ids and random ids in keys; a plain number is fine", () => {
  for (const key of ["refund-2024-01-31", "case-123e4567-e89b-12d3-a456-426614174000", "run-8f3a2c", "case-a8f3k2l9q0z"]) {
    expectDiagnostics(oneSet("refund-smoke", kase(`⟦${key}⟧`)), { code: "key-unstable", severity: "hint" });
  }
  expectNo(oneSet("refund-smoke", kase("ord-1001")), "key-unstable");
});

test("input-set-size: a set whose case count is outside the typical size for its suffix", () => {
  const four = ["a", "b", "c", "d"].map((k) => kase(k)).join("");
  expectDiagnostics(pack({ inputSets: `input_sets:\n  - key: ⟦refund-smoke⟧\n    name: S\n    cases:\n${four}` }), {
    code: "input-set-size",
    severity: "information",
    message: 'Input set "refund-smoke" has 4 cases; a -smoke input set typically has 1 to 3.',
  });
  expectNo(oneSet("refund-ci", four), "input-set-size");
  expectNo(oneSet("refund-misc", kase("a")), "input-set-size");
});

test("ci-set-nondeterministic: remote URLs and large files in -ci and -smoke sets only", () => {
  const remote = kase("a", "        payload:\n          doc: ⟦https://example.com/live.json⟧\n");
  expectDiagnostics(oneSet("refund-ci", remote), { code: "ci-set-nondeterministic", severity: "information" });
  expectDiagnostics(oneSet("refund-smoke", kase("a", "        assets:\n          - key: v\n            path: ⟦fixtures/call.mp4⟧\n")), {
    code: "ci-set-nondeterministic",
    message: 'Case "a" of the -smoke input set "refund-smoke" uses a large file; CI sets should be deterministic and cheap.',
  });
  expectNo(oneSet("refund-full", remote.replace(/[⟦⟧]/g, "")), "ci-set-nondeterministic");
});

test("duplicate-case: same payload, inputs and expectations; different ones pass", () => {
  const body = "        payload: {q: 1}\n";
  expectDiagnostics(
    pack({
      inputSets: `input_sets:\n  - key: refund-full\n    name: S\n    cases:\n${kase("a", body)}      ⟦-⟧ challenge_key: refund-question\n        case_key: b\n${body}`,
    }),
    {
      code: "duplicate-case",
      severity: "hint",
      field: "input_sets[0].cases[1]",
    },
  );
  expectNo(oneSet("refund-full", kase("a", body) + kase("b", "        payload: {q: 2}\n")), "duplicate-case");
});

test("expectation advisories: value and source both set; nothing to observe", () => {
  const exp = (e: string) => oneSet("refund-smoke", kase("a", `        inputs:\n          - key: prompt\n            kind: text\n        expectations:\n${e}`));
  expectDiagnostics(exp("          - key: e\n            kind: text\n            value: x\n            ⟦source⟧: input:prompt\n"), {
    code: "expectation-value-and-source",
    severity: "hint",
  });
  expectDiagnostics(exp("          ⟦-⟧ key: e\n            kind: text\n"), { code: "expectation-unobservable", severity: "hint" });
  expectNo(exp("          - key: e\n            kind: text\n            value: x\n"), "expectation-unobservable");
});

test("multiple-input-sets: information listing the keys; one set gives nothing", () => {
  const two = pack({
    inputSets: `⟦input_sets⟧:\n  - key: a-smoke\n    name: A\n    cases:\n${kase("a")}  - key: a-full\n    name: B\n    cases:\n${kase("b")}`,
  });
  expectDiagnostics(two, {
    code: "multiple-input-sets",
    severity: "information",
    message: "This pack has 2 input sets, so `agentclash eval start` needs `--input-set` with one of: `a-smoke`, `a-full`.",
  });
  expectNo(pack(), "multiple-input-sets");
});

test("every advisory can be switched off, and none is ever an error", () => {
  const text = oneSet("Refund_Smoke", kase("Bad_Key") + kase("x", "        expectations:\n          - key: e\n            kind: text\n"));
  const all = packDiagnostics(buildPackModel(text));
  const codes = [...new Set(all.filter((d) => d.severity !== "error").map((d) => d.code))];
  assert.ok(codes.length >= 2, codes.join());
  const off = packDiagnostics(buildPackModel(text), { rules: Object.fromEntries(codes.map((c) => [c, "off" as const])) });
  assert.deepEqual(
    off.filter((d) => codes.includes(d.code)),
    [],
  );
});

test("unknown-key: challenges[].input_set_keys, written by AgentClash's own example packs, is not unknown", () => {
  const text = pack({ challenges: sections.challenges + "    input_set_keys:\n      - refund-smoke\n    input_set_kees: []\n" });
  const unknown = packDiagnostics(buildPackModel(text)).filter((d) => d.code === "unknown-key");
  assert.equal(unknown.length, 1, "a misspelling next to it is still reported");
  assert.match(unknown[0].message, /^Unknown key "input_set_kees"/);
});

test("unknown-key: tools under version (as AgentClash's own example packs write them) is information, not a warning", () => {
  const text = pack({ version: sections.version + "  tools:\n    custom: []\n" });
  const [d] = packDiagnostics(buildPackModel(text)).filter((x) => x.code === "unknown-key");
  assert.equal(d.severity, "information");
  assert.match(d.message, /does not read "tools" under "version" \(it checks the top-level "tools" only\), so these tools are not checked/);
  assert.match(d.message, /Move "tools" to the top level/);
  // Anywhere else, a misplaced top-level key is still a warning.
  const misplaced = pack({ challenges: sections.challenges + "    tools: {}\n" });
  assert.equal(packDiagnostics(buildPackModel(misplaced)).find((x) => x.code === "unknown-key")?.severity, "warning");
});
