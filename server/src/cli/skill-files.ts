import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { formatResponse, rawAnswerOf, readCaseAnswer, responsePath, safeId, type JudgeByPrompt, type SkillModel, type SuiteKnowledge } from "../service";
import { readRegularFile } from "../workspace/regular-files";
import { UsageError } from "./usage-error";

/** A Skill's test folders: beside the case file, `tmp/raw_response/`, `tmp/response/` and the report. */
export function testDirs(casesPath: string) {
  const tmp = join(dirname(casesPath), "tmp");
  return { raw: join(tmp, "raw_response"), response: join(tmp, "response"), report: join(tmp, "skill-test-report.md") };
}

/** The answer file of a case id in a folder (run k > 1: in `run-k/`): `<id>.md`, else `<id>.txt`. */
export function readAnswer(dir: string, id: string, run = 1): { path: string; text: string } | undefined {
  if (!safeId(id)) return undefined;
  for (const ext of [".md", ".txt"]) {
    const path = responsePath(dir, id, run, ext);
    // Only a regular file is read: a FIFO or device in its place is a usage error, not a hang.
    if (existsSync(path)) return { path, text: readRegularFile(path).toString("utf8") };
  }
  return undefined;
}

/** Is any case's answer in `dir` raw (not a complete formatted response)? */
export function holdsRawAnswers(model: SkillModel, dir: string, runs = 1): boolean {
  return model.suite.cases.some((c) =>
    Array.from({ length: runs }, (_, i) => readAnswer(dir, c.id, i + 1)).some((a) => a !== undefined && !rawAnswerOf(a.text).formatted),
  );
}

/** Where raw answers found in a response folder are formatted to: `tmp/response/` beside `raw_response/`, else `<dir>-formatted`. */
export function formattedSibling(dir: string): string {
  return basename(dir) === "raw_response" ? join(dirname(dir), "response") : `${dir}-formatted`;
}

export interface FormatOutcome {
  /** Case ids written, in case order. */
  written: string[];
  /** Case ids that had no answer in the raw folder. */
  missing: string[];
}

/**
 * Formats each case's raw answer (`<id>.md` / `<id>.txt` in `rawDir`, run k > 1 in `run-k/`) into `<outDir>/<id>.md`
 * (`run-k/<id>.md`). Every answer is raw, whatever it looks like: a complete formatted response in a folder of
 * responses is kept as it is only when `keepFormatted` (`skill report --responses`), and then its Raw Response is
 * what is scored. With `only`, just those case ids (`skill run --case`).
 */
export function formatFolder(
  model: SkillModel,
  knowledge: SuiteKnowledge,
  rawDir: string,
  outDir: string,
  opts: { keepFormatted?: boolean; runs?: number; judge?: JudgeByPrompt; only?: readonly string[] } = {},
): FormatOutcome {
  const outcome: FormatOutcome = { written: [], missing: [] };
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (e) {
    throw new UsageError(`cannot create ${outDir}: ${(e as Error).message}`);
  }
  const seen = new Set<string>();
  for (const c of model.suite.cases) {
    if (!safeId(c.id) || seen.has(c.id) || (opts.only && !opts.only.includes(c.id))) continue;
    seen.add(c.id);
    for (let run = 1; run <= (opts.runs ?? 1); run++) {
      const raw = readAnswer(rawDir, c.id, run);
      if (!raw) {
        if (run === 1) outcome.missing.push(c.id);
        continue;
      }
      const text =
        opts.keepFormatted && rawAnswerOf(raw.text).formatted ? raw.text : formatResponse(raw.text, c, readCaseAnswer(c, raw.text, knowledge, opts.judge));
      writeText(responsePath(outDir, c.id, run), text);
      if (run === 1) outcome.written.push(c.id);
    }
  }
  return outcome;
}

export function writeText(path: string, text: string | Buffer): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${(e as Error).message}`);
  }
}
