import { dirname, isAbsolute, join, relative } from "node:path";
import { documentDiagnostics } from "../../diagnostics";
import type { SkillModel } from "../model";
import { safeId } from "../rules/ids";
import { suiteKnowledge } from "./knowledge";
import { JUDGE_CACHE, readJudgeCache } from "./judge";
import { reportMarkdown } from "./markdown";
import { scoreSuite, type ReportInput, type SuiteReport } from "./suite-report";

export interface SkillReportOptions {
  /** The response directory; default `tmp/response/` beside the case file (the Skill's `tests/tmp/response/`). */
  responses?: string;
  /** Where the responses came from, shown as Response Source (e.g. `current-agent-fallback`). */
  responseSource?: string;
  /** Paths in the report are shown relative to this directory when given. */
  relativeTo?: string;
  /** The folder the responses were formatted from, shown as Raw Responses. */
  rawResponses?: string;
  /** Why no answer could be captured for a case id in a run (`skill run`), if so: the case FAILs with this reason. */
  captureFailure?: ReportInput["captureFailure"];
  /** A judge's answer to a judge prompt; default: the cache `judge-cache.json` beside the response directory. */
  judge?: ReportInput["judge"];
  /** Runs per case (`--repeat`): run k > 1 reads `run-k/<id>.md` in the response directory. */
  runs?: number;
  /** Only these case ids are scored (`skill run --case`); default: every case. */
  cases?: readonly string[];
}

/** The judge cache of a case file: `tmp/judge-cache.json` beside it (the Skill's `tests/tmp/`). */
export function judgeCachePath(casesPath: string): string {
  return join(dirname(casesPath), "tmp", JUDGE_CACHE);
}

/** The response file of a run in a response directory: run 1 is `<id>.md` (else `.txt`), run k is `run-k/<id>.md`. */
export function responsePath(dir: string, id: string, run: number, ext = ".md"): string {
  return run <= 1 ? join(dir, id + ext) : join(dir, `run-${run}`, id + ext);
}

/**
 * The Skill Test Report of a case file on disk: reads the responses through the model's host. Error-level findings
 * of the case file make it Overall FAIL. Undefined when the case file has no directory (an untitled document) and
 * no response directory was given.
 */
export function skillReport(model: SkillModel, opts: SkillReportOptions = {}): { report: SuiteReport; markdown: string } | undefined {
  const casesPath = model.location.casesPath;
  const dir = opts.responses ?? (casesPath ? join(dirname(casesPath), "tmp", "response") : undefined);
  if (dir === undefined) return undefined;
  const show = (p: string) => (opts.relativeTo && isAbsolute(p) ? relative(opts.relativeTo, p) || "." : p);
  const errors = documentDiagnostics(model)
    .filter((d) => d.severity === "error")
    .map((d) => `line ${d.range.start.line + 1}: ${d.field ? d.field + " " : ""}${d.message} [${d.code}]`);
  const cache = opts.judge ? undefined : readJudgeCache(model.host.readFile(casesPath ? judgeCachePath(casesPath) : join(dirname(dir), JUDGE_CACHE)));
  const judge: ReportInput["judge"] =
    opts.judge ??
    ((prompt) => {
      const e = cache!.get(prompt);
      return e && { answer: e.answer, by: e.judge };
    });
  const only = opts.cases;
  const suite = only ? { ...model.suite, cases: model.suite.cases.filter((c) => only.includes(c.id)) } : model.suite;
  const report = scoreSuite(suite, suiteKnowledge(model.suite, model.location, model.host), {
    responseFor: (id, run) => {
      if (!safeId(id)) return undefined; // an id that is not a file name must not reach outside the directory
      for (const ext of [".md", ".txt"]) {
        const path = responsePath(dir, id, run, ext);
        const text = model.host.readFile(path);
        if (text !== undefined) return { path, text };
      }
      return undefined;
    },
    expectedPath: (id) => show(join(dir, `${id}.md`)),
    responses: show(dir),
    rawResponses: opts.rawResponses === undefined ? undefined : show(opts.rawResponses),
    responseSource: opts.responseSource ?? "unspecified",
    captureFailure: opts.captureFailure,
    judge,
    caseFileErrors: errors,
    runs: opts.runs,
  });
  return { report, markdown: reportMarkdown(report) };
}
