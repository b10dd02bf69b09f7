import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack";
import { buildSkillModel, documentDiagnostics, emptyHost } from "../../server/src/service/skill-cases";
import { pausePoint, setPausePoint } from "../../server/src/service/util/pause-points";
import { countRegexWork } from "../helpers/regex-work";
import { pack } from "../helpers/packs";
import { nestedMappings, shapes } from "../../bench/shapes";

/**
 * Issue 35: a run of white space or deep block nesting cost quadratic (cubic) time, because a blank check trimmed the
 * whole document with a regex that retries from every character of a run. Work is counted, never timed: the regex
 * engine's attempts and the characters handed to it, and the parser's pause points (one per 256 lines and per phase).
 * No regex may be given a whole hostile document, and every count grows at most in step with the text.
 */

/** A valid pack with one line of `n` spaces between two of its lines. */
const spaces = (n: number, c = " ") => pack({ extra: `extra:\n  a: 1\n${c.repeat(n)}\n  b: 2` });

/** A valid pack with `n` levels of block mappings, each one column deeper than the one before. */
const nesting = (n: number) => pack({ extra: nestedMappings(n) });

interface Work {
  size: number;
  calls: number;
  chars: number;
  pauses: number;
  longest: { length: number; source: string };
}

function measure(text: string, check: (text: string) => unknown): Work {
  let pauses = 0;
  setPausePoint(() => pauses++);
  try {
    const { work } = countRegexWork(() => check(text));
    return { size: text.length, pauses, ...work };
  } finally {
    setPausePoint(() => undefined);
  }
}

const checkPack = (text: string) => packDiagnostics(buildPackModel(text));
const checkCases = (text: string) => documentDiagnostics(buildSkillModel(text, "untitled:skill_cases.yaml", emptyHost));

/** The work on `small` and on `large` (about twice or four times its size): no whole-text regex, counts in step with the size. */
function assertLinear(what: string, small: string, large: string, check: (text: string) => unknown): void {
  const a = measure(small, check);
  const b = measure(large, check);
  assert.ok(
    b.longest.length < 20_000,
    `${what}: a regex was given ${b.longest.length} characters (/${b.longest.source.slice(0, 80)}/): whole texts are scanned, never matched`,
  );
  const growth = b.size / a.size;
  for (const k of ["calls", "chars", "pauses"] as const) {
    const ratio = b[k] / Math.max(1, a[k]);
    assert.ok(ratio <= growth * 1.1 + 0.1, `${what}: ${k} grew ${ratio.toFixed(2)}× for ${growth.toFixed(2)}× the text (${a[k]} → ${b[k]})`);
  }
}

test("a line of 400k spaces costs work in step with its length (200k → 400k)", { timeout: 120_000 }, () => {
  assertLinear("spaces", spaces(200_000), spaces(400_000), checkPack);
});

test("a line of 400k tabs costs work in step with its length (200k → 400k)", { timeout: 120_000 }, () => {
  assertLinear("tabs", spaces(200_000, "\t"), spaces(400_000, "\t"), checkPack);
});

test("a line of 400k spaces ended by text costs work in step with its length", { timeout: 120_000 }, () => {
  const text = (n: number) => pack({ extra: `extra:\n  a: 1\n${" ".repeat(n)}x: 2` });
  assertLinear("spaces then text", text(200_000), text(400_000), checkPack);
});

test("3,990 levels of block nesting (8 MB) cost work in step with the text (1,995 → 3,990)", { timeout: 300_000 }, () => {
  const large = nesting(3_990);
  assert.ok(large.length < 8_000_000, "under the size checked in full");
  assertLinear("nesting", nesting(1_995), large, checkPack);
});

test("a case file with a line of 400k spaces costs work in step with its length", { timeout: 120_000 }, () => {
  const text = (n: number) => `version: 1\nskill:\n  name: x\n${" ".repeat(n)}\ncases:\n  - id: trigger_001\n    type: trigger\n    title: t\n    query: q\n`;
  assertLinear("case file spaces", text(200_000), text(400_000), checkCases);
});

for (const [name, shape] of Object.entries(shapes))
  test(`the benchmark's shape "${name}" costs work in step with its text`, { timeout: 120_000 }, () => {
    assertLinear(name, shape.text(shape.sizes[1]), shape.text(shape.sizes[2]), checkPack);
  });

test("the counter sees a regex given a whole text (the test can fail)", () => {
  const w = measure("x" + " ".repeat(30_000) + "x", (t) => t.replace(/\s+$/g, ""));
  assert.ok(w.longest.length > 20_000 && w.calls >= 1);
  pausePoint();
});
