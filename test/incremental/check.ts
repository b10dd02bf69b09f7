import { deepStrictEqual } from "node:assert/strict";
import { TextDocument } from "vscode-languageserver-textdocument";
import { buildPackModel, packDiagnostics, PackModel } from "../../server/src/service/pack-model";
import { updateInfo, updatePackModel } from "../../server/src/service/incremental/update";
import type { Rng } from "../fuzz/mutate";
import { diffChange, OffsetChange, realisticEdit } from "./edits";

export interface SequenceResult {
  edits: number;
  /** Updates that parsed one unit again (the rest parsed the whole document). */
  unitParses: number;
}

/**
 * Applies `edits` random editing steps to `seed` through updatePackModel and asserts after every step that
 * the diagnostics equal those of a model built from scratch on the same text: codes, fields, messages,
 * ranges, related information and data. Symbols (spans of every key) are compared every `symbolsEvery` steps.
 */
export function checkEditSequence(seed: string, r: Rng, edits: number, symbolsEvery = 10): SequenceResult {
  let model: PackModel = buildPackModel(seed);
  let unitParses = 0;
  const history: string[] = [seed];
  for (let step = 1; step <= edits; step++) {
    const before = model.text;
    let offsets: OffsetChange[];
    // Undo, more often when the document has errors: editing goes back and forth between broken and fixed.
    if (r() < ((model.yaml?.errors.length ?? 0) > 0 ? 0.4 : 0.1)) {
      // Undo back to an earlier version, as one change.
      offsets = [diffChange(before, history[Math.max(0, history.length - 1 - Math.floor(r() * 6))])];
    } else {
      offsets = realisticEdit(before, r);
    }
    // Keep the document near its seed's size: reset it (as a whole-document change) when it drifts away.
    const size = offsets.reduce((n, c) => n + c.text.length - (c.end - c.start), before.length);
    const reset = size > seed.length * 2 + 2000 || size < seed.length / 3;
    if (reset) offsets = [];
    const changes = reset ? [{ text: seed }] : lspChanges(before, offsets);
    model = updatePackModel(model, changes);
    history.push(model.text);
    if (history.length > 12) history.shift();
    if (updateInfo(model)?.parsed === "unit") unitParses++;
    const fresh = buildPackModel(model.text);
    try {
      deepStrictEqual(packDiagnostics(model), packDiagnostics(fresh));
      if (step % symbolsEvery === 0) deepStrictEqual(symbolsOf(model), symbolsOf(fresh));
    } catch (e) {
      const err = e as Error;
      err.message = `step ${step}: ${JSON.stringify(offsets)}\n--- before ---\n${before}\n--- after ---\n${model.text}\n--- ${err.message}`;
      throw err;
    }
  }
  return { edits, unitParses };
}

/** Offset changes as LSP content changes, each in the coordinates of the text the previous ones produced. */
function lspChanges(text: string, changes: readonly OffsetChange[]) {
  const doc = TextDocument.create("untitled:x", "yaml", 0, text);
  return changes.map((c) => {
    const range = { start: doc.positionAt(c.start), end: doc.positionAt(c.end) };
    TextDocument.update(doc, [{ range, text: c.text }], doc.version + 1);
    return { range, text: c.text };
  });
}

function symbolsOf(model: PackModel) {
  return { declarations: model.symbols.declarations, references: model.symbols.references };
}
