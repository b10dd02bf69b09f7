import { test } from "node:test";
import { deepStrictEqual, equal, ok, strictEqual } from "node:assert/strict";
import { buildPackModel, packDiagnostics, PackModel } from "../../server/src/service/pack-model";
import { updateInfo, updatePackModel } from "../../server/src/service/incremental/update";
import { benchEdits, generatePack } from "../../bench/generate";
import { rng } from "../fuzz/mutate";
import { checkEditSequence } from "./check";
import { incrementalSeeds, RICH_PACK } from "./seeds";
import { pack } from "../helpers/packs";

/** Fixed seeds in every `npm test`; `node out/test/incremental/run.js --edits N --seed S` runs longer sequences. */
const SEED = 20261203;
const EDITS_PER_SEED_DOCUMENT = 40;

for (const [k, doc] of incrementalSeeds().entries()) {
  test(`incremental diagnostics equal a fresh build after each of ${EDITS_PER_SEED_DOCUMENT} random edits of ${doc.name}`, () => {
    const result = checkEditSequence(doc.text, rng(SEED + k), EDITS_PER_SEED_DOCUMENT);
    equal(result.edits, EDITS_PER_SEED_DOCUMENT);
  });
}

/** Applies one offset-based change to a model through updatePackModel (LSP positions from the model's lines). */
function edit(model: PackModel, start: number, end: number, text: string): PackModel {
  const range = { start: model.lines.positionAt(start), end: model.lines.positionAt(end) };
  return updatePackModel(model, [{ range, text }]);
}

function expectSameAsFresh(model: PackModel): void {
  deepStrictEqual(packDiagnostics(model), packDiagnostics(buildPackModel(model.text)));
}

test("a keystroke in a case's value parses only the pair it is in, and keeps the other cases' decoded values", () => {
  const text = generatePack({ cases: 200 });
  const before = buildPackModel(text);
  const untouched = before.bundle.input_sets[0].cases[5];
  const { keystroke } = benchEdits(text);
  const after = edit(before, keystroke.offset, keystroke.offset, "x");
  const info = updateInfo(after);
  equal(info?.parsed, "unit");
  ok(info!.parsedChars < 200, `parsed ${info!.parsedChars} characters`);
  strictEqual(after.bundle.input_sets[0].cases[5], untouched);
  ok(after.text.includes('customer_message: "Customerx'));
  expectSameAsFresh(after);
});

test("a pasted case is parsed with its neighbours only; cases after it keep their values at shifted ranges", () => {
  const text = generatePack({ cases: 200 });
  const model = buildPackModel(text);
  const { paste } = benchEdits(text);
  const last = model.bundle.input_sets[3].cases.at(-1)!;
  const lastSpan = { ...model.at.anchor(last) };
  const after = edit(model, paste.offset, paste.offset, paste.text);
  equal(updateInfo(after)?.parsed, "unit");
  ok(updateInfo(after)!.parsedChars < paste.text.length * 4);
  strictEqual(after.bundle.input_sets[3].cases.at(-1), last);
  deepStrictEqual(after.at.anchor(last), { start: lastSpan.start + paste.text.length, end: lastSpan.end + paste.text.length });
  expectSameAsFresh(after);
});

test("an unclosed quote cannot be isolated (it would run on into the next units): the whole document is parsed", () => {
  const text = generatePack({ cases: 20 });
  const at = text.indexOf("value: Can I get a refund") + "value: ".length;
  const after = edit(buildPackModel(text), at, at, '"');
  equal(updateInfo(after)?.parsed, "document");
  expectSameAsFresh(after);
});

test("an edit that changes a unit's indentation against its siblings falls back to a larger unit or the whole text", () => {
  const text = generatePack({ cases: 20 });
  const line = text.indexOf("        case_key: case-1-2");
  const after = edit(buildPackModel(text), line, line + 2, "");
  expectSameAsFresh(after);
  const back = edit(after, line, line, "  ");
  equal(back.text, text);
  expectSameAsFresh(back);
});

test("CRLF documents, block scalars with kept trailing lines and comments between cases are isolated too", () => {
  const crlf = RICH_PACK.replace(/\n/g, "\r\n");
  let model = buildPackModel(crlf);
  const typed = crlf.indexOf("Can I get a refund?") + 3;
  model = edit(model, typed, typed, "not ");
  equal(updateInfo(model)?.parsed, "unit");
  expectSameAsFresh(model);
  const kept = model.text.indexOf("Answer with the policy.") + "Answer".length;
  model = edit(model, kept, kept, " now");
  equal(updateInfo(model)?.parsed, "unit");
  expectSameAsFresh(model);
});

test("several changes in one update, a whole-document change and an empty change list", () => {
  const text = generatePack({ cases: 30 });
  let model = buildPackModel(text);
  const a = model.lines.positionAt(text.indexOf("case-0-3") + 4);
  const b = model.lines.positionAt(text.indexOf("case-2-1") + 4);
  model = updatePackModel(model, [
    { range: { start: b, end: b }, text: "B" },
    { range: { start: a, end: a }, text: "A" },
  ]);
  ok(model.text.includes("caseA-0-3") && model.text.includes("caseB-2-1"));
  expectSameAsFresh(model);
  model = updatePackModel(model, [{ text: RICH_PACK }]);
  equal(updateInfo(model)?.parsed, "document");
  expectSameAsFresh(model);
  const same = updatePackModel(model, []);
  equal(same.text, RICH_PACK);
  expectSameAsFresh(same);
});

test("documents with anchors and aliases are always parsed whole (aliases tie units together)", () => {
  const text = generatePack({ cases: 10 }).replace("  - key: challenge-0\n", "  - &first key: challenge-0\n") + "extra: *first\n";
  const at = text.indexOf("case-0-1") + 4;
  const after = edit(buildPackModel(text), at, at, "z");
  equal(updateInfo(after)?.parsed, "document");
  expectSameAsFresh(after);
});

test("control characters YAML does not allow: those before, inside and after an edit are reported as a fresh build does", () => {
  const text = pack().replace("name: ", "name: a\u0001b ").replace("family: ", "family: \u007f");
  let model = buildPackModel(text);
  const controls = (m: PackModel) => packDiagnostics(m).filter((d) => d.data?.yamlCode === "CONTROL_CHARACTER").length;
  equal(controls(model), 2);
  const at = text.indexOf("description:");
  model = edit(model, at, at, "# \u0002\n"); // a new one, in a comment, before the last one
  expectSameAsFresh(model);
  equal(controls(model), 3);
  const name = model.text.indexOf("\u0001");
  model = edit(model, name, name + 1, ""); // deleted
  expectSameAsFresh(model);
  equal(controls(model), 2);
});
