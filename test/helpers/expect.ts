import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics, PackDiagnostic } from "../../server/src/service/pack";
import { marked } from "./fixture";

export function diagnose(text: string): PackDiagnostic[] {
  return packDiagnostics(buildPackModel(text));
}

export function errors(text: string): PackDiagnostic[] {
  return diagnose(text).filter((d) => d.severity === "error");
}

export interface Want {
  code: string;
  field?: string | null;
  message?: string;
  severity?: PackDiagnostic["severity"];
}

/**
 * Asserts the marked fixture yields a diagnostic with this code, field and message at each marked range
 * (one marked range per expected diagnostic, in document order), and no other diagnostic with that code.
 */
export function expectDiagnostics(src: string, want: Want): PackDiagnostic[] {
  return expectMarked(src, want, diagnose);
}

/** `expectDiagnostics` for any kind of document: `diagnoseText` gives the diagnostics of the clean text. */
export function expectMarked(src: string, want: Want, diagnoseText: (text: string) => PackDiagnostic[]): PackDiagnostic[] {
  const m = marked(src);
  const got = diagnoseText(m.text).filter((d) => d.code === want.code);
  assert.equal(got.length, m.ranges.length, `want ${m.ranges.length} ${want.code}, got ${JSON.stringify(got, null, 1)}`);
  got.forEach((d, i) => {
    if (want.field !== undefined) assert.equal(d.field, want.field);
    if (want.message !== undefined) assert.equal(d.message, want.message);
    if (want.severity !== undefined) assert.equal(d.severity, want.severity);
    assert.deepEqual(d.range, m.ranges[i], `range of ${want.code} #${i}`);
  });
  return got;
}

export function expectNo(src: string, code: string): void {
  const got = diagnose(marked(src).text).filter((d) => d.code === code);
  assert.deepEqual(got, [], `unexpected ${code}`);
}

export function expectValid(src: string): void {
  assert.deepEqual(errors(marked(src).text), []);
}
