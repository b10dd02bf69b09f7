import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, codeLenses, documentSymbols, packDiagnostics, type DocumentSymbol } from "../../server/src/service/pack";
import { updatePackModel } from "../../server/src/service/incremental/update";
import { BASE, editLine } from "../helpers/broken-documents";

/**
 * Issue 33: after a syntax error (a tab at line 30 of the base pack), the rest of the document keeps its outline,
 * lenses and checks; a lens never claims a count it could not make.
 */

const COMMANDS = { showReferences: "test.refs", runInputSet: "test.run" };
const at = (d: { range: { start: { line: number; character: number } } }) => `${d.range.start.line + 1}:${d.range.start.character + 1}`;
const diagnostics = (text: string) => packDiagnostics(buildPackModel(text)).map((d) => `${d.code}@${at(d)}`);
const lenses = (text: string) =>
  codeLenses(buildPackModel(text), COMMANDS)
    .filter((l) => l.command.command === COMMANDS.showReferences)
    .map((l) => `${l.range.start.line + 1} ${l.command.title}`);
const names = (symbols: DocumentSymbol[] | undefined): string[] => (symbols ?? []).flatMap((s) => [s.name, ...names(s.children).map((n) => `${s.name}/${n}`)]);
const tabAt = (n: number, text = BASE) => editLine(n, (l) => "\t" + l, text);

test("a tab at the start of a challenge's line: the sections after it keep their outline, checks and lenses", () => {
  const text = tabAt(30);
  assert.deepEqual(diagnostics(text), ["yaml-syntax@30:1", "multiple-input-sets@41:1"]);
  const outline = names(documentSymbols(buildPackModel(text)));
  for (const n of ["billing-question", "refund-question-smoke", "refund-question-smoke/refund-window-basic", "billing-question-smoke/invoice-copy-basic"])
    assert.ok(
      outline.some((o) => o.endsWith(n)),
      `${n} in the outline: ${outline.join(", ")}`,
    );
  assert.deepEqual(
    lenses(text).filter((l) => !l.startsWith("21 ")),
    ["34 1 case in 1 input set", "42 1 case", "59 1 case"],
  );
});

test("the tab is the one syntax error: no knock-on errors on the lines after it", () => {
  const ds = packDiagnostics(buildPackModel(tabAt(30))).filter((d) => d.code === "yaml-syntax");
  assert.deepEqual(ds.map(at), ["30:1"]);
  assert.equal(ds[0].message, "Tabs are not allowed as indentation");
});

test("a lens whose count may lie in a broken part says it could not count, never 0", () => {
  // The tab on `input_sets:` itself: every case is in the broken part.
  const inSets = lenses(tabAt(41));
  assert.ok(inSets.length > 0);
  for (const l of inSets.filter((x) => !x.startsWith("21 "))) assert.match(l, /cases not counted: fix the syntax error on line 41$/);
  assert.ok(!inSets.some((l) => /\b0 cases?\b/.test(l)), inSets.join("\n"));
  // A tab inside the first set's case: that set and the challenges are not counted, the second set is.
  assert.deepEqual(lenses(tabAt(47)), [
    "21 used by 1 dimension",
    "29 cases not counted: fix the syntax error on line 47",
    "34 cases not counted: fix the syntax error on line 47",
    "42 cases not counted: fix the syntax error on line 47",
    "59 1 case",
  ]);
  // A broken scorecard: the validator's dimensions are not counted.
  assert.deepEqual(
    lenses(editLine(26, (l) => l.replace("]", ""))).filter((l) => l.startsWith("21 ")),
    ["21 dimensions not counted: fix the syntax error on line 26"],
  );
});

test("a check that relates a broken case to a part that parsed says nothing (evidence-key-undeclared)", () => {
  // The first case (which declares the expectation the validator reads) is broken by the tab.
  assert.deepEqual(diagnostics(tabAt(47)), ["yaml-syntax@47:1"]);
});

test("several tabs: each reported at its line, the rest still parsed", () => {
  const text = tabAt(60, tabAt(35));
  // The second input set is broken: how many sets the pack has is not known, so multiple-input-sets says nothing.
  assert.deepEqual(diagnostics(text), ["yaml-syntax@35:1", "yaml-syntax@60:1"]);
  const outline = names(documentSymbols(buildPackModel(text)));
  assert.ok(outline.some((o) => o.endsWith("refund-question-smoke/refund-window-basic")));
});

test("a tab that is part of a block scalar's value is left in the value", () => {
  const text = tabAt(
    60,
    editLine(33, () => "    instructions: |\n      Answer the question.\n      \tIndented with a tab."),
  );
  const model = buildPackModel(text);
  assert.match(String(model.bundle.challenges[0].instructions), /^Answer the question\.\n\tIndented with a tab\.\n?$/);
  assert.deepEqual(
    packDiagnostics(model)
      .filter((d) => d.code === "yaml-syntax")
      .map(at),
    ["60:1"],
  );
});

test("typing the tab into the valid pack: the incremental model has the full build's outline and lenses", () => {
  for (const line of [30, 41, 47]) {
    const model = buildPackModel(BASE);
    const updated = updatePackModel(model, [{ range: { start: { line: line - 1, character: 0 }, end: { line: line - 1, character: 0 } }, text: "\t" }]);
    const full = buildPackModel(tabAt(line));
    assert.equal(updated.text, full.text);
    assert.deepEqual(documentSymbols(updated), documentSymbols(full));
    assert.deepEqual(codeLenses(updated, COMMANDS), codeLenses(full, COMMANDS));
    // And removing it again gives back the valid pack's.
    const back = updatePackModel(updated, [{ range: { start: { line: line - 1, character: 0 }, end: { line: line - 1, character: 1 } }, text: "" }]);
    assert.deepEqual(codeLenses(back, COMMANDS), codeLenses(buildPackModel(BASE), COMMANDS));
  }
});
