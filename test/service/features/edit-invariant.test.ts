import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildPackModel, codeActions, completion, packDiagnostics, Range } from "../../../server/src/service/pack";
import { URI } from "../../helpers/features";
import { completionEdits, EditInvariant } from "../../helpers/edit-invariant";

/**
 * The invariant of issue 17 as a property over whole documents: at every sampled position of the examples and
 * of our own fixtures (in LF, CRLF and lone-CR), every completion item applied as a client applies it, and every
 * code action offered there, keeps the pack whole (see test/helpers/edit-invariant.ts).
 *
 * Bounded by counts: every position of documents up to POSITIONS_PER_DOCUMENT positions, else an even sample of
 * that many (every position of the LF texts; the CRLF and lone-CR copies are sampled). Edits giving a text already
 * checked are not checked again.
 */

const ROOT = join(__dirname, "..", "..", "..", "..");
const POSITIONS_PER_DOCUMENT = 2500;
const SAMPLED_PER_VARIANT = 400;

function documents(): { name: string; text: string; positions: number }[] {
  const files = [
    ...readdirSync(join(ROOT, "examples"))
      .filter((f) => f.endsWith(".yaml"))
      .map((f) => join("examples", f)),
    ...readdirSync(join(ROOT, "test", "fixtures", "edits")).map((f) => join("test", "fixtures", "edits", f)),
  ].sort();
  const out: { name: string; text: string; positions: number }[] = [];
  for (const f of files) {
    const text = readFileSync(join(ROOT, f), "utf8");
    out.push({ name: f, text, positions: POSITIONS_PER_DOCUMENT });
    out.push({ name: `${f} (CRLF)`, text: text.replace(/\n/g, "\r\n"), positions: SAMPLED_PER_VARIANT });
    out.push({ name: `${f} (lone CR)`, text: text.replace(/\n/g, "\r"), positions: SAMPLED_PER_VARIANT });
  }
  return out;
}

/** Offsets 0..length, all of them when there are at most `max`, else `max` spread evenly. */
function offsets(length: number, max: number): number[] {
  if (length + 1 <= max) return Array.from({ length: length + 1 }, (_, i) => i);
  return Array.from({ length: max }, (_, i) => Math.round((i * length) / (max - 1)));
}

for (const { name, text, positions } of documents()) {
  test(`every completion and code action keeps ${name} whole`, () => {
    const model = buildPackModel(text, URI);
    const invariant = new EditInvariant(text);
    const seen = new Set<string>();
    const failures: string[] = [];
    let checked = 0;
    const check = (what: string, edits: Parameters<EditInvariant["problems"]>[0], fixes?: Parameters<EditInvariant["problems"]>[1]) => {
      const id = JSON.stringify([edits, fixes?.code, fixes?.message]);
      if (seen.has(id)) return;
      seen.add(id);
      checked++;
      const problems = invariant.problems(edits, fixes);
      if (problems.length && failures.length < 20) failures.push(`${what}: ${problems.join("; ")}`);
    };
    for (const offset of offsets(text.length, positions)) {
      const position = model.lines.positionAt(offset);
      for (const item of completion(model, position).items) check(`completion "${item.label}" at ${JSON.stringify(position)}`, completionEdits(item));
    }
    const ranges: Range[] = [...packDiagnostics(model).map((d) => d.range), { start: { line: 0, character: 0 }, end: model.lines.positionAt(text.length) }];
    for (const range of ranges) {
      for (const action of codeActions(model, range, {}, range === ranges[ranges.length - 1] ? ["quickfix", "source"] : undefined))
        check(`code action "${action.title}"`, action.edit.changes[URI], action.kind === "quickfix" ? action.diagnostics?.[0] : undefined);
    }
    assert.ok(checked > 0, "some edits were checked");
    assert.deepEqual(failures, []);
  });
}
