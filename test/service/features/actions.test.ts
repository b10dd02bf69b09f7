import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, codeActions, CodeAction, FIX_ALL, isSafeFix, packDiagnostics, UNSAFE_FIX_ALL } from "../../../server/src/service/pack";
import { yaml } from "../../helpers/fixture";
import { pack, sections } from "../../helpers/packs";
import { applyWorkspaceEdit, URI } from "../../helpers/features";

/** The quick fixes offered for the (first) diagnostic with this code. */
function fixesFor(text: string, code: string): CodeAction[] {
  const model = buildPackModel(text, URI);
  const d = packDiagnostics(model).find((x) => x.code === code);
  assert.ok(d, `no ${code} diagnostic`);
  return codeActions(model, d.range).filter((a) => a.diagnostics?.[0].code === code);
}

function titles(text: string, code: string): string[] {
  return fixesFor(text, code).map((a) => a.title);
}

/** Applies the fix with this title and returns the whole resulting text. */
function applyFix(text: string, code: string, title: string): string {
  const a = fixesFor(text, code).find((x) => x.title === title);
  assert.ok(a, `no fix "${title}" among ${titles(text, code).join(" | ")}`);
  return applyWorkspaceEdit(text, a.edit);
}

const legacy = pack({
  inputSets: yaml`
    input_sets:
      # smoke set, still in the old shape
      - key: smoke
        name: Smoke
        items:
          - challenge_key: refund-question
            item_key: "basic"   # keep me
            payload: {q: 1}
      - key: full
        name: Full
        items:
          - challenge_key: refund-question
            item_key: 'full-1'
  `,
});

test("quick fix: legacy items → cases with case_key, per input set, keeping quotes and comments", () => {
  assert.deepEqual(titles(legacy, "legacy-items"), [
    'Convert legacy `items` to `cases` in input set "smoke"',
    "Convert every legacy `items`/`item_key` in the file to `cases`/`case_key`",
  ]);
  const want = legacy.replace(
    '    items:\n      - challenge_key: refund-question\n        item_key: "basic"',
    '    cases:\n      - challenge_key: refund-question\n        case_key: "basic"',
  );
  assert.notEqual(want, legacy);
  assert.equal(applyFix(legacy, "legacy-items", 'Convert legacy `items` to `cases` in input set "smoke"'), want);
});

test("quick fix: legacy items → cases for the whole file, with CRLF line endings kept", () => {
  const crlf = legacy.replace(/\n/g, "\r\n");
  const out = applyFix(crlf, "legacy-items", "Convert every legacy `items`/`item_key` in the file to `cases`/`case_key`");
  assert.equal(out, crlf.replace(/items:/g, "cases:").replace(/item_key:/g, "case_key:"));
  assert.equal(packDiagnostics(buildPackModel(out)).filter((d) => d.code.startsWith("legacy")).length, 0);
});

test("quick fix: a lone legacy item_key in cases becomes case_key", () => {
  const text = pack({ inputSets: sections.inputSets.replace("case_key: refund-window-basic", "item_key: refund-window-basic") });
  assert.equal(applyFix(text, "legacy-item-key", "Rename `item_key` to `case_key`"), pack());
});

const mixed = pack({
  challenges: yaml`
    challenges:
      - key: refund
        title: Refund
        category: support
        difficulty: easy
      - key: billing
        title: Billing
        category: support
        difficulty: easy
  `,
  inputSets: yaml`
    input_sets:
      - key: smoke
        name: Smoke
        cases:
          - challenge_key: refund
            case_key: r1
          # the billing case
          - challenge_key: billing
            case_key: b1
            payload:
              note: |
                kept verbatim
          - challenge_key: refund
            case_key: r2
      - key: other
        name: Other
        cases:
          - challenge_key: billing
            case_key: b2
  `,
});

test("quick fix: an input set mixing challenges is split into one input set per challenge", () => {
  const out = applyFix(mixed, "case-challenge-key-mixed", 'Split input set "smoke": move the cases of "billing" to input sets of their own');
  assert.equal(
    out,
    pack({
      challenges: mixed.slice(mixed.indexOf("challenges:"), mixed.indexOf("input_sets:")),
      inputSets: yaml`
        input_sets:
          - key: smoke
            name: Smoke
            cases:
              - challenge_key: refund
                case_key: r1
              - challenge_key: refund
                case_key: r2
          - key: smoke-billing
            name: Smoke (billing)
            cases:
              # the billing case
              - challenge_key: billing
                case_key: b1
                payload:
                  note: |
                    kept verbatim
          - key: other
            name: Other
            cases:
              - challenge_key: billing
                case_key: b2
      `,
    }),
  );
  assert.deepEqual(
    packDiagnostics(buildPackModel(out)).filter((d) => d.severity === "error"),
    [],
  );
});

const typo = (from: string, to: string) => pack({ inputSets: sections.inputSets.replace(from, to) });

test("quick fix: an undeclared challenge_key → the closest declared key, or a new challenge skeleton", () => {
  const text = typo("challenge_key: refund-question", "challenge_key: refund-questoin");
  assert.deepEqual(titles(text, "case-challenge-key-undeclared"), ['Change to "refund-question"', 'Declare challenge "refund-questoin"']);
  assert.equal(fixesFor(text, "case-challenge-key-undeclared")[0].isPreferred, true);
  assert.equal(applyFix(text, "case-challenge-key-undeclared", 'Change to "refund-question"'), pack());
  assert.equal(
    applyFix(text, "case-challenge-key-undeclared", 'Declare challenge "refund-questoin"'),
    pack({
      challenges: sections.challenges + "  - key: refund-questoin\n    title: TODO\n    category: TODO\n    difficulty: easy\n",
      inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: refund-questoin"),
    }),
  );
});

test("quick fix: an undeclared source input → the closest input of the case, or a new input with kind text", () => {
  const text = typo("source: input:prompt", "source: input:promt");
  assert.equal(applyFix(text, "case-expectation-source-input-undeclared", 'Change to "prompt"'), pack());
  assert.equal(
    applyFix(text, "case-expectation-source-input-undeclared", 'Declare case input "promt"'),
    typo(
      "            value: Can I get a refund after 14 days?\n",
      "            value: Can I get a refund after 14 days?\n          - key: promt\n            kind: text\n",
    ).replace("source: input:prompt", "source: input:promt"),
  );
});

test("quick fix: an undeclared artifact_key → a version asset, or a new asset; a case without inputs gets the key", () => {
  const text = typo("            kind: text\n            value", "            kind: text\n            artifact_key: policy-pdf\n            value");
  assert.equal(
    applyFix(text, "case-input-artifact-key-undeclared", 'Change to "policy_pdf"'),
    typo("            kind: text\n            value", "            kind: text\n            artifact_key: policy_pdf\n            value"),
  );
  const declared = applyFix(text, "case-input-artifact-key-undeclared", 'Declare version asset "policy-pdf"');
  assert.ok(declared.includes("      path: assets/policy.pdf\n    - key: policy-pdf\n      path: TODO\n"), declared);
  const noInputs = typo(/ {8}inputs:\n(.*\n){3}/.exec(sections.inputSets)![0], "").replace("source: input:prompt", "source: input:prompt ");
  assert.ok(
    applyFix(noInputs, "case-expectation-source-input-undeclared", 'Declare case input "prompt"').includes(
      "        inputs:\n          - key: prompt\n            kind: text\n",
    ),
  );
});

test("quick fix: an unknown validator or judge in a scorecard dimension → the closest declared key", () => {
  const spec = sections.evaluationSpec.replace(
    "  scorecard:\n    dimensions: [correctness]",
    "  scorecard:\n    dimensions:\n      - key: quality\n        source: validators\n        validators: [exakt]",
  );
  const text = pack({ evaluationSpec: spec });
  assert.equal(titles(text, "dimension-validator-unknown")[0], 'Change to "exact"');
  assert.equal(applyFix(text, "dimension-validator-unknown", 'Change to "exact"'), pack({ evaluationSpec: spec.replace("[exakt]", "[exact]") }));
});

test("quick fix: a missing required field is added with a placeholder, at its object's indentation", () => {
  const noTitle = pack({ challenges: sections.challenges.replace("    title: Refund question\n", "") });
  assert.equal(
    applyFix(noTitle, "challenge-title-required", "Add `title`"),
    pack({ challenges: sections.challenges.replace("    title: Refund question\n", "") + "    title: TODO\n" }),
  );
  const kindless = typo("            kind: text\n            value", "            value");
  assert.equal(
    applyFix(kindless, "case-input-kind-required", "Add `kind`"),
    typo(
      "            kind: text\n            value: Can I get a refund after 14 days?\n",
      "            value: Can I get a refund after 14 days?\n            kind: text\n",
    ),
  );
});

test("quick fix: an invalid enum value → each valid value, closest first, inside the quotes", () => {
  const text = pack({ challenges: sections.challenges.replace("difficulty: easy", 'difficulty: "hardd"') });
  assert.deepEqual(titles(text, "challenge-difficulty-invalid"), ['Change to "hard"', 'Change to "easy"', 'Change to "medium"', 'Change to "expert"']);
  assert.equal(
    applyFix(text, "challenge-difficulty-invalid", 'Change to "hard"'),
    pack({ challenges: sections.challenges.replace("difficulty: easy", 'difficulty: "hard"') }),
  );
});

test("quick fix: a missing enum key is added with each valid value", () => {
  const text = pack({ challenges: sections.challenges.replace("    difficulty: easy\n", "") });
  assert.deepEqual(titles(text, "challenge-difficulty-invalid"), [
    "Add `difficulty: easy`",
    "Add `difficulty: medium`",
    "Add `difficulty: hard`",
    "Add `difficulty: expert`",
  ]);
  assert.equal(applyFix(text, "challenge-difficulty-invalid", "Add `difficulty: easy`"), pack());
});

test("quick fix: an invalid list item value is replaced in place", () => {
  const text = "modality: voice\ninterface_spec:\n  transports: [sip, webrtx]\n";
  assert.equal(titles(text, "voice-transport-unsupported")[0], 'Change to "webrtc"');
  assert.equal(applyFix(text, "voice-transport-unsupported", 'Change to "webrtc"'), "modality: voice\ninterface_spec:\n  transports: [sip, webrtc]\n");
});

test("quick fix: a duplicate key is made unique", () => {
  const text = pack({ challenges: sections.challenges + sections.challenges.replace("challenges:\n", "") });
  const second = text.lastIndexOf("- key: refund-question\n");
  assert.equal(
    applyFix(text, "challenge-key-duplicate", 'Rename to "refund-question-2"'),
    text.slice(0, second) + "- key: refund-question-2\n" + text.slice(second + "- key: refund-question\n".length),
  );
});

test("quick fix: an unknown key is renamed to the key it most likely means", () => {
  const text = pack({ challenges: sections.challenges.replace("category:", "categroy:") });
  assert.equal(applyFix(text, "unknown-key", 'Rename key to "category"'), pack());
});

test("quick fix: nothing is offered away from the diagnostics", () => {
  const model = buildPackModel(pack(), URI);
  assert.deepEqual(codeActions(model, { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } }), []);
});

test("a challenge's title written as challenge_key: 'Change to' its key is the preferred, safe fix; declaring it is neither", () => {
  const text = pack().replace("- challenge_key: refund-question", "- challenge_key: Refund question");
  const fixes = fixesFor(text, "case-challenge-key-undeclared");
  assert.deepEqual(
    fixes.map((a) => [a.title, !!a.isPreferred, isSafeFix(a)]),
    [
      ['Change to "refund-question"', true, true],
      ['Declare challenge "Refund question"', false, false],
    ],
  );
});

test("every single did-you-mean of a closed value or a reference is safe; of several candidates, only preferred; structure never safe", () => {
  const nativ = pack({ version: sections.version.replace("  number: 1\n", "  number: 1\n  execution_mode: nativ\n") });
  assert.ok(fixesFor(nativ, "execution-mode-invalid").some((a) => a.title === 'Change to "native"' && isSafeFix(a)));
  const judge = pack({ evaluationSpec: sections.evaluationSpec.replace("judge_mode: deterministic", "judge_mode: determinstic") });
  assert.ok(fixesFor(judge, "eval-judge-mode-invalid").some((a) => a.title === 'Change to "deterministic"' && isSafeFix(a)));
  const promt = pack().replace("source: input:prompt", "source: input:promt");
  assert.ok(fixesFor(promt, "case-expectation-source-input-undeclared").some((a) => a.title === 'Change to "prompt"' && isSafeFix(a)));
  // "trivial" is near no difficulty: several values, none safe.
  const trivial = pack().replace("difficulty: easy", "difficulty: trivial");
  assert.ok(fixesFor(trivial, "challenge-difficulty-invalid").every((a) => !isSafeFix(a)));
  const dup = pack({ challenges: sections.challenges + "  - key: refund-question\n    title: Other\n    category: support\n    difficulty: easy\n" });
  const rename = fixesFor(dup, "challenge-key-duplicate");
  assert.ok(rename.length && rename.every((a) => !isSafeFix(a)), JSON.stringify(rename.map((a) => a.title)));
});

test("fix-all is the one list of safe fixes, and the quick-fix menu offers it at a fixable diagnostic", () => {
  const text = pack({ version: sections.version.replace("  number: 1\n", "  number: 1\n  execution_mode: nativ\n") })
    .replace("source: input:prompt", "source: input:promt")
    .replace("difficulty: easy", "difficulty: trivial");
  const model = buildPackModel(text, URI);
  const whole = { start: { line: 0, character: 0 }, end: model.lines.positionAt(text.length) };
  const all = codeActions(model, whole, {}, ["source.fixAll"]);
  assert.deepEqual(
    all.map((a) => a.kind),
    [FIX_ALL],
  );
  const fixed = applyWorkspaceEdit(text, all[0].edit);
  assert.match(fixed, /execution_mode: native\n/);
  assert.match(fixed, /source: input:prompt\n/);
  assert.match(fixed, /difficulty: trivial\n/, "no safe fix for a value far from every allowed one");
  const d = packDiagnostics(model).find((x) => x.code === "execution-mode-invalid")!;
  const menu = codeActions(model, d.range).find((a) => a.title === "Fix all packlint problems that have a safe fix");
  assert.ok(menu);
  assert.equal(menu.kind, "quickfix");
  assert.equal(applyWorkspaceEdit(text, menu.edit), fixed);
  const unsafe = codeActions(model, whole, {}, [UNSAFE_FIX_ALL]);
  assert.match(applyWorkspaceEdit(text, unsafe[0].edit), /difficulty: (easy|medium|hard|expert)\n/);
  const far = packDiagnostics(model).find((x) => x.code === "challenge-difficulty-invalid")!;
  assert.ok(!codeActions(model, far.range).some((a) => a.title.startsWith("Fix all")), "not offered where nothing is safe");
});
