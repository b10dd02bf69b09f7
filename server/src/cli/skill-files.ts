import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { formatResponse, parseResponse, safeId, type SkillModel } from "../service";
import { readRegularFile } from "./read-files";
import { UsageError } from "./usage-error";

/** A Skill's test folders: beside the case file, `tmp/raw_response/`, `tmp/response/` and the report. */
export function testDirs(casesPath: string) {
  const tmp = join(dirname(casesPath), "tmp");
  return { raw: join(tmp, "raw_response"), response: join(tmp, "response"), report: join(tmp, "skill-test-report.md") };
}

/** The answer file of a case id in a folder: `<id>.md`, else `<id>.txt`. */
export function readAnswer(dir: string, id: string): { path: string; text: string } | undefined {
  if (!safeId(id)) return undefined;
  for (const ext of [".md", ".txt"]) {
    const path = join(dir, id + ext);
    // Only a regular file is read: a FIFO or device in its place is a usage error, not a hang.
    if (existsSync(path)) return { path, text: readRegularFile(path).toString("utf8") };
  }
  return undefined;
}

/** Does any case's answer in `dir` lack the response contract's header (raw prose)? */
export function holdsRawAnswers(model: SkillModel, dir: string): boolean {
  return model.suite.cases.some((c) => {
    const a = readAnswer(dir, c.id);
    return a !== undefined && !parseResponse(a.text).formatted;
  });
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
 * Formats each case's raw answer (`<id>.md` / `<id>.txt` in `rawDir`) into `<outDir>/<id>.md`. An answer already in
 * the response contract is copied unchanged, unless `always` (an agent's output is raw whatever it looks like).
 */
export function formatFolder(model: SkillModel, rawDir: string, outDir: string, always = false): FormatOutcome {
  const outcome: FormatOutcome = { written: [], missing: [] };
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (e) {
    throw new UsageError(`cannot create ${outDir}: ${(e as Error).message}`);
  }
  const seen = new Set<string>();
  for (const c of model.suite.cases) {
    if (!safeId(c.id) || seen.has(c.id)) continue;
    seen.add(c.id);
    const raw = readAnswer(rawDir, c.id);
    if (!raw) {
      outcome.missing.push(c.id);
      continue;
    }
    const text = !always && parseResponse(raw.text).formatted ? raw.text : formatResponse(raw.text, c, model.suite);
    writeText(join(outDir, `${c.id}.md`), text);
    outcome.written.push(c.id);
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
