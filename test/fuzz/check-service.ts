import assert from "node:assert/strict";
import type { PackDiagnostic, Range } from "../../server/src/service/pack";

/** Lines as LSP counts them (\r\n, \r and \n all end a line), for range checks. */
export function lspLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Asserts a range lies inside the document and starts before it ends. */
export function assertRangeInside(lines: readonly string[], r: Range, what: string): void {
  for (const p of [r.start, r.end]) {
    assert.ok(Number.isInteger(p.line) && p.line >= 0 && p.line < lines.length, `${what}: line ${p.line} outside ${lines.length} lines`);
    assert.ok(
      Number.isInteger(p.character) && p.character >= 0 && p.character <= lines[p.line].length,
      `${what}: character ${p.character} outside line ${p.line}`,
    );
  }
  assert.ok(r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character), `${what}: range start after end`);
}

/** Asserts every diagnostic is well-formed: ranges (and related ranges) inside the document, a message. */
export function assertDiagnostics(text: string, diagnostics: readonly PackDiagnostic[]): void {
  const lines = lspLines(text);
  for (const d of diagnostics) {
    const what = `${d.code} ${JSON.stringify(d).slice(0, 300)}`;
    for (const r of [d.range, ...(d.related ?? []).map((x) => x.range)]) assertRangeInside(lines, r, what);
    assert.equal(typeof d.message, "string");
    assert.ok(d.message.length > 0, `${what}: empty message`);
  }
}
