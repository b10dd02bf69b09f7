import assert from "node:assert/strict";
import { ServerCommands } from "../../shared/src";
import { TextDocument } from "vscode-languageserver-textdocument";
import * as svc from "../../server/src/service/pack";
import * as skill from "../../server/src/service/skill-cases";
import { languages } from "../../server/src/service/languages";
import type { Rng } from "./mutate";
import { assertDiagnostics, assertRangeInside, lspLines } from "./check-service";
import { completionEdits, EditInvariant, parsesWhole } from "../helpers/edit-invariant";

export const PACK_URI = "file:///fuzz/pack.yaml";
export const SKILL_URI = "file:///fuzz/skill/tests/skill_cases.yaml";

/** What one document's check did: feature calls made, code actions checked, edits applied. */
export interface FeatureStats {
  calls: number;
  actions: number;
  edits: number;
}

export function emptyStats(): FeatureStats {
  return { calls: 0, actions: 0, edits: 0 };
}

/**
 * Runs `fn` and counts the call; with a bound (long fuzz runs, not the test suite, whose machines are too noisy
 * for time limits), fails when it takes longer than `boundMs`.
 */
function timed<T>(stats: FeatureStats, what: string, boundMs: number | undefined, fn: () => T): T {
  const started = performance.now();
  const result = fn();
  const ms = performance.now() - started;
  stats.calls++;
  if (boundMs !== undefined) assert.ok(ms < boundMs, `${what} took ${ms.toFixed(0)} ms (bound ${boundMs})`);
  return result;
}

/**
 * Asserts the edits of one document are well-formed and applies them: every range inside the document, no two
 * overlapping (LSP requires it), and the result is the text with each range replaced.
 */
export function assertEditsApply(text: string, edits: readonly svc.TextEdit[], what: string): string {
  const lines = lspLines(text);
  const doc = TextDocument.create(PACK_URI, "yaml", 0, text);
  for (const e of edits) {
    assertRangeInside(lines, e.range, what);
    assert.equal(typeof e.newText, "string", `${what}: newText`);
  }
  const spans = edits.map((e) => [doc.offsetAt(e.range.start), doc.offsetAt(e.range.end)] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (let i = 1; i < spans.length; i++) {
    // Two insertions at one offset are allowed; a range that starts inside the one before is not.
    assert.ok(spans[i][0] >= spans[i - 1][1], `${what}: overlapping edits ${JSON.stringify(edits)}`);
  }
  return TextDocument.applyEdits(doc, edits as svc.TextEdit[]);
}

/** The edits of a workspace edit, which may only touch the document itself. */
function ownEdits(edit: { changes: Record<string, svc.TextEdit[]> }, uri: string, what: string): svc.TextEdit[] {
  const uris = Object.keys(edit.changes ?? {});
  assert.ok(
    uris.every((u) => u === uri),
    `${what}: edits another document: ${uris.join(", ")}`,
  );
  return edit.changes[uri] ?? [];
}

/** Random cursor positions: anywhere in the text, at its ends, and a few past them (a client may send those). */
export function randomPositions(text: string, r: Rng, count: number): svc.Position[] {
  const doc = TextDocument.create(PACK_URI, "yaml", 0, text);
  const out: svc.Position[] = [doc.positionAt(0), doc.positionAt(text.length)];
  for (let i = 0; i < count; i++) out.push(doc.positionAt(Math.floor(r() * (text.length + 1))));
  const lines = lspLines(text);
  out.push({ line: lines.length + 3, character: 0 }, { line: 0, character: lines[0].length + 50 });
  return out;
}

function containsPosition(r: svc.Range, p: svc.Position): boolean {
  const before = (a: svc.Position, b: svc.Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(r.start, p) && before(p, r.end);
}

/** Each edit checked reparses the document twice: bounded to documents of a pack's usual size. */
const INVARIANT_MAX_LENGTH = 100_000;

const NAMES = ["renamed", "new-key", "", "a b", "🦊", "x".repeat(300), "__proto__", "*a", "key: v"];

/**
 * Every feature of a challenge-pack session (the server's view of a document) at random positions, with all
 * code actions for every diagnostic and for random ranges. Asserts the invariants each answer must keep.
 */
export function checkPackFeatures(text: string, r: Rng, positions: number, boundMs: number | undefined, stats = emptyStats()): FeatureStats {
  const session = timed(stats, "build", boundMs, () => languages["challenge-pack"].open(text, PACK_URI, { skillHost: skill.emptyHost }));
  const lines = lspLines(text);
  // A document that parses must stay whole under every edit we offer (issue 17); broken ones only get applied.
  const whole = text.length <= INVARIANT_MAX_LENGTH && parsesWhole(text) ? new EditInvariant(text) : undefined;
  const assertWhole = (edits: svc.TextEdit[], what: string, fixes?: svc.PackDiagnostic) => {
    if (whole) assert.deepEqual(whole.problems(edits, fixes), [], `${what} keeps the pack whole`);
  };
  const diagnostics = timed(stats, "diagnostics", boundMs, () => session.diagnostics({}));
  assertDiagnostics(text, diagnostics);

  for (const s of flatten(timed(stats, "symbols", boundMs, () => session.symbols!()))) {
    assertRangeInside(lines, s.range, `symbol ${s.name}`);
    assertRangeInside(lines, s.selectionRange, `symbol ${s.name} selection`);
  }
  for (const f of timed(stats, "folding", boundMs, () => session.folding!())) {
    assert.ok(f.startLine >= 0 && f.startLine <= f.endLine && f.endLine < lines.length, `folding ${JSON.stringify(f)}`);
  }
  for (const l of timed(stats, "lenses", boundMs, () => session.lenses!(ServerCommands))) assertRangeInside(lines, l.range, "lens");
  // As the workspace's host resolves them (ConfinedFiles.lookup): a lone surrogate is the file system's U+FFFD.
  for (const l of timed(stats, "links", boundMs, () => session.links!((p) => `file:///fuzz/${encodeURIComponent(p.toWellFormed())}`)))
    assertRangeInside(lines, l.range, "link");
  assertSemanticTokens(lines, timed(stats, "semanticTokens", boundMs, () => session.semanticTokens!()).data);
  for (const h of timed(stats, "inlayHints", boundMs, () => session.inlayHints!()))
    assertRangeInside(lines, { start: h.position, end: h.position }, "inlay hint");

  for (const p of randomPositions(text, r, positions)) {
    const at = `at ${JSON.stringify(p)}`;
    const inText = p.line < lines.length && p.character <= lines[p.line].length;
    const list = timed(stats, `completion ${at}`, boundMs, () => session.completion!(p));
    for (const item of list.items) {
      const what = `completion "${item.label}" ${at}`;
      assertRangeInside(lines, item.textEdit.range, what);
      assert.equal(item.textEdit.range.start.line, item.textEdit.range.end.line, `${what}: a completion edit spans one line`);
      if (inText) assert.ok(containsPosition(item.textEdit.range, p), `${what}: the edit range ${JSON.stringify(item.textEdit.range)} must contain the cursor`);
      if (inText) assertWhole(completionEdits(item), what);
    }
    const h = timed(stats, `hover ${at}`, boundMs, () => session.hover!(p));
    if (h?.range) assertRangeInside(lines, h.range, `hover ${at}`);
    for (const l of timed(stats, `definition ${at}`, boundMs, () => session.definition!(p))) {
      assert.equal(l.uri, PACK_URI);
      assertRangeInside(lines, l.range, `definition ${at}`);
    }
    for (const l of timed(stats, `references ${at}`, boundMs, () => session.references!(p, r() < 0.5))) assertRangeInside(lines, l.range, `references ${at}`);
    for (const hl of timed(stats, `highlights ${at}`, boundMs, () => session.highlights!(p))) assertRangeInside(lines, hl.range, `highlight ${at}`);
    assertSelectionRanges(
      lines,
      timed(stats, `selectionRange ${at}`, boundMs, () => session.selectionRanges!([p])),
      at,
    );
    const prep = timed(stats, `prepareRename ${at}`, boundMs, () => session.prepareRename!(p));
    if (prep && "range" in prep) assertRangeInside(lines, prep.range, `prepareRename ${at}`);
    const name = NAMES[Math.floor(r() * NAMES.length)];
    const renamed = timed(stats, `rename ${at}`, boundMs, () => session.rename!(p, name));
    if (renamed && "edit" in renamed && renamed.edit) {
      assertEditsApply(text, ownEdits(renamed.edit, PACK_URI, `rename ${at}`), `rename to ${JSON.stringify(name)} ${at}`);
      stats.edits++;
    }
  }

  const ranges = [...sample(diagnostics, r).map((d) => d.range), ...randomPositions(text, r, 2).map((p) => ({ start: p, end: p }))];
  for (const range of ranges) {
    for (const action of timed(stats, `codeActions ${JSON.stringify(range)}`, boundMs, () => session.codeActions!(range, {}))) {
      const what = `code action "${action.title}"`;
      const out = assertEditsApply(text, ownEdits(action.edit, PACK_URI, what), what);
      assertWhole(ownEdits(action.edit, PACK_URI, what), what, action.kind === "quickfix" ? action.diagnostics?.[0] : undefined);
      stats.actions++;
      stats.edits++;
      // The fixed text is a document like any other: it must build too.
      timed(stats, `${what}: the edited document`, boundMs, () => svc.packDiagnostics(svc.buildPackModel(out, PACK_URI)));
    }
  }
  return stats;
}

/** Encoded semantic tokens: in fives, each on a line of the document, of a type of the legend, none overlapping. */
function assertSemanticTokens(lines: readonly string[], data: readonly number[]): void {
  assert.equal(data.length % 5, 0, "semantic tokens come in fives");
  let line = 0;
  let char = 0;
  let end = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [dLine, dChar, length, type] = data.slice(i, i + 4);
    const start = dLine === 0 ? char + dChar : dChar;
    assert.ok(dLine > 0 || i === 0 || start >= end, `semantic token ${i / 5} overlaps the one before`);
    line += dLine;
    char = start;
    end = start + length;
    assert.ok(length > 0 && line < lines.length && end <= lines[line].length, `semantic token ${i / 5} outside its line`);
    assert.ok(type >= 0 && type < svc.SEMANTIC_TOKENS_LEGEND.tokenTypes.length, `semantic token ${i / 5}: type ${type}`);
  }
}

/** Selection ranges: inside the document, each inside its parent. */
function assertSelectionRanges(lines: readonly string[], ranges: readonly svc.SelectionRange[], at: string): void {
  const before = (a: svc.Position, b: svc.Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  for (let r: svc.SelectionRange | undefined = ranges[0]; r; r = r.parent) {
    assertRangeInside(lines, r.range, `selection range ${at}`);
    if (r.parent) assert.ok(before(r.parent.range.start, r.range.start) && before(r.range.end, r.parent.range.end), `selection range ${at}: inside its parent`);
  }
}

/** Diagnostics asked for code actions: all of them, or a random MAX_ACTION_DIAGNOSTICS of a document with thousands (each action's edited document is built again). */
const MAX_ACTION_DIAGNOSTICS = 40;
function sample<T>(diagnostics: T[], r: Rng): T[] {
  if (diagnostics.length <= MAX_ACTION_DIAGNOSTICS) return diagnostics;
  return Array.from({ length: MAX_ACTION_DIAGNOSTICS }, () => diagnostics[Math.floor(r() * diagnostics.length)]);
}

function flatten(symbols: svc.DocumentSymbol[]): svc.DocumentSymbol[] {
  const out: svc.DocumentSymbol[] = [];
  const stack = [...symbols];
  while (stack.length) {
    const s = stack.pop()!;
    out.push(s);
    stack.push(...(s.children ?? []));
  }
  return out;
}

/** The Skill case-file session's features at random positions, and code actions, with the same invariants. */
export function checkSkillFeatures(text: string, r: Rng, positions: number, boundMs: number | undefined, stats = emptyStats()): FeatureStats {
  const session = timed(stats, "build", boundMs, () => languages["skill-cases"].open(text, SKILL_URI, { skillHost: skill.emptyHost }));
  const lines = lspLines(text);
  const diagnostics = timed(stats, "diagnostics", boundMs, () => session.diagnostics({}));
  assertDiagnostics(text, diagnostics);
  for (const f of timed(stats, "folding", boundMs, () => session.folding!())) {
    assert.ok(f.startLine >= 0 && f.startLine <= f.endLine && f.endLine < lines.length, `folding ${JSON.stringify(f)}`);
  }
  for (const p of randomPositions(text, r, positions)) {
    const at = `at ${JSON.stringify(p)}`;
    for (const item of timed(stats, `completion ${at}`, boundMs, () => session.completion!(p)).items) {
      assertRangeInside(lines, item.textEdit.range, `completion "${item.label}" ${at}`);
    }
    assertSelectionRanges(
      lines,
      timed(stats, `selectionRange ${at}`, boundMs, () => session.selectionRanges!([p])),
      at,
    );
    const h = timed(stats, `hover ${at}`, boundMs, () => session.hover!(p));
    if (h) {
      assert.ok(h.range, `hover ${at} has a range`);
      assertRangeInside(lines, h.range, `hover ${at}`);
    }
  }
  // As a client asks: at each diagnostic (a sample of thousands), and over the whole text.
  const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
  for (const range of [...sample(diagnostics, r).map((d) => d.range), whole]) {
    for (const action of timed(stats, "codeActions", boundMs, () => session.codeActions!(range, {}))) {
      const what = `code action "${action.title}"`;
      const out = assertEditsApply(text, ownEdits(action.edit, SKILL_URI, what), what);
      stats.actions++;
      stats.edits++;
      timed(stats, `${what}: the edited document`, boundMs, () => skill.documentDiagnostics(skill.buildSkillModel(out, SKILL_URI, skill.emptyHost)));
    }
  }
  return stats;
}
