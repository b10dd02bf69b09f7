import { test } from "node:test";
import { deepStrictEqual, equal, match, ok } from "node:assert/strict";
import { extrasPlan, limitOutline } from "../../server/src/service/large-files";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack-model";
import { documentSymbols, foldingRanges } from "../../server/src/service/features";
import type { DocumentSymbol } from "vscode-languageserver-types";
import { generatePack } from "../../bench/generate";

const limits = { largeFileChars: 1000, maxOutlineItems: 6 };

test("a document up to the threshold keeps every extra; a longer one loses lenses and links, with a notice", () => {
  deepStrictEqual(extrasPlan(1000, limits), {
    large: false,
    codeLenses: true,
    documentLinks: true,
    inlayHints: true,
    semanticTokens: true,
    maxOutlineItems: Infinity,
  });
  const plan = extrasPlan(2_500_000, limits);
  equal(plan.large, true);
  equal(plan.codeLenses, false);
  equal(plan.documentLinks, false);
  equal(plan.inlayHints, false);
  equal(plan.semanticTokens, false);
  equal(plan.maxOutlineItems, 6);
  match(plan.notice!, /large \(2\.5 M characters, over packlint\.largeFileChars = 1000\).*outline and folding stop after 6 entries/);
});

const names = (symbols: DocumentSymbol[]): unknown[] => symbols.map((s) => (s.children ? [s.name, names(s.children)] : s.name));

test("the outline is cut breadth first: the sections, their groups, then the first items of each", () => {
  const model = buildPackModel(generatePack({ cases: 12 }));
  const full = documentSymbols(model);
  deepStrictEqual(limitOutline(full, Infinity), full);
  deepStrictEqual(names(limitOutline(full, 6)), ["pack", ["version", ["assets", "evaluation_spec"]], "challenges", "input_sets"]);
  deepStrictEqual(limitOutline(full, 0), []);
  const cut = limitOutline(full, 6);
  deepStrictEqual(cut[0].range, full[0].range, "entries keep their ranges");
});

test("folding stops after `max` ranges and keeps the document's first ones", () => {
  const model = buildPackModel(generatePack({ cases: 30 }));
  packDiagnostics(model);
  const all = foldingRanges(model);
  ok(all.length > 20);
  deepStrictEqual(foldingRanges(model, 20), all.slice(0, 20));
});
