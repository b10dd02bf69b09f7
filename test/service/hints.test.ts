import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildPackModel, packDiagnostics, type PackDiagnostic } from "../../server/src/service/pack";
import { displayMessage } from "../../server/src/service/diagnostic-text";
import { ruleInfo } from "../../server/src/service/rule-registry";
import { rule } from "../../server/src/service/catalog";
import { pack, sections } from "../helpers/packs";
import { cli } from "../helpers/cli";

const ROOT = join(__dirname, "../../..");
const broken = readFileSync(join(ROOT, "examples/broken.pack.yaml"), "utf8");
const diagnosticsOf = (text: string) => packDiagnostics(buildPackModel(text));
const byCode = (ds: PackDiagnostic[], code: string) => ds.find((d) => d.code === code)!;

test("hints: the value found, a did-you-mean, the declared keys; the reference's message is untouched", () => {
  const ds = diagnosticsOf(broken);
  assert.deepEqual(
    ds.filter((d) => d.hint).map((d) => [d.code, d.hint]),
    [
      ["execution-mode-invalid", "Found “nativ”. Did you mean “native”?"],
      ["challenge-difficulty-invalid", "Found “trivial”."],
      ["case-expectation-source-input-undeclared", "Found “promt”. Did you mean “prompt”? This case's inputs: “prompt”."],
      ["case-challenge-key-mixed", "Found “billing-question”; the other cases of this input set use “refund-question”."],
      ["case-expectation-artifact-key-undeclared", "Found “policy_pdf”. No version asset is declared."],
      ["input-set-key-duplicate", "“support-smoke” is also input_sets[0].key."],
      ["case-challenge-key-undeclared", "“Refund window question” is the title of challenge “refund-question”: write its key."],
    ],
  );
  for (const d of ds) {
    const r = rule(d.code);
    if (r && !/\{/.test(r.message)) assert.equal(d.message, r.message, `${d.code}: the message stays the reference's`);
  }
  assert.equal(
    displayMessage(byCode(ds, "case-expectation-source-input-undeclared")),
    "input_sets[0].cases[0].expectations[0].source must reference a declared case input. Found “promt”. Did you mean “prompt”? This case's inputs: “prompt”.",
  );
});

test("hints: an unsupported validator type lists the supported ones; a close one is suggested", () => {
  const ds = diagnosticsOf(pack({ evaluationSpec: sections.evaluationSpec.replace(/type: \w+/, "type: contain") }));
  const h = byCode(ds, "validator-type-unsupported").hint!;
  assert.match(h, /^Found “contain”\. Did you mean “contains”\? Supported: “exact_match”, “contains”, .*“postcondition”\.$/);
  assert.equal(byCode(ds, "validator-type-unsupported").message, "is not a supported validator type");
});

test("hints: a reference with nothing close lists what is declared; an enum whose values the message lists is not repeated", () => {
  const ds = diagnosticsOf(pack({ inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: zzz") }));
  assert.equal(byCode(ds, "case-challenge-key-undeclared").hint, "Found “zzz”. Declared challenges: “refund-question”.");
  const d = byCode(diagnosticsOf(pack({ challenges: sections.challenges.replace("difficulty: easy", "difficulty: Hard") })), "challenge-difficulty-invalid");
  assert.equal(d.hint, "Found “Hard”. Did you mean “hard”?");
});

test("advisories are whole sentences, shown without the field glued in front, with no key listed twice", () => {
  const ds = diagnosticsOf(broken);
  const advice = ds.filter((d) => ruleInfo(d.code)?.area === "advisory");
  assert.ok(advice.length > 0);
  for (const d of advice) {
    assert.match(d.message, /^[A-Z].*[.?!]$/s, d.message);
    assert.equal(displayMessage(d), d.message);
  }
  assert.equal(
    byCode(ds, "multiple-input-sets").message,
    "This pack has 2 input sets, so `agentclash eval start` needs `--input-set` with one of: `support-smoke`.",
  );
});

test("JSON output carries the hint next to the reference's message", async () => {
  const r = await cli(["--format", "json", join(ROOT, "examples/broken.pack.yaml")]);
  const d = (JSON.parse(r.out) as { files: { diagnostics: { code: string; message: string; hint?: string }[] }[] }).files[0].diagnostics;
  const undeclared = d.find((x) => x.code === "case-challenge-key-undeclared")!;
  assert.equal(undeclared.message, "must reference a declared challenge");
  assert.equal(undeclared.hint, "“Refund window question” is the title of challenge “refund-question”: write its key.");
  assert.equal(d.find((x) => x.code === "version-number-positive")!.hint, undefined);
});
