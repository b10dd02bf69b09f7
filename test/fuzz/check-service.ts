import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics, PackDiagnostic } from "../../server/src/service";

/** Runs the language service on one document and checks the invariants every result must keep. */
export function checkDocument(text: string, boundMs: number): { diagnostics: PackDiagnostic[]; ms: number } {
  const started = performance.now();
  const model = buildPackModel(text);
  const diagnostics = packDiagnostics(model);
  const ms = performance.now() - started;
  assert.ok(ms < boundMs, `took ${ms.toFixed(0)} ms (bound ${boundMs})`);
  const lines = text.split(/\r\n|\r|\n/);
  for (const d of diagnostics) {
    for (const r of [d.range, ...(d.related ?? []).map((x) => x.range)]) {
      for (const p of [r.start, r.end]) {
        assert.ok(p.line >= 0 && p.line < lines.length, `line ${p.line} outside ${lines.length} lines: ${JSON.stringify(d)}`);
        assert.ok(p.character >= 0 && p.character <= lines[p.line].length, `character ${p.character} outside line ${p.line}: ${JSON.stringify(d)}`);
      }
      assert.ok(r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character), "range start after end");
    }
    assert.equal(typeof d.message, "string");
    assert.ok(d.message.length > 0, "empty message");
  }
  return { diagnostics, ms };
}
