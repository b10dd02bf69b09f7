import { dirname, isAbsolute, join, relative } from "node:path";
import type { SkillModel } from "../model";
import { safeId } from "../rules/ids";
import { reportMarkdown } from "./markdown";
import { scoreSuite, SuiteReport } from "./suite-report";

export interface SkillReportOptions {
  /** The response directory; default `tmp/response/` beside the case file (the Skill's `tests/tmp/response/`). */
  responses?: string;
  /** Where the responses came from, shown as Response Source (e.g. `current-agent-fallback`). */
  responseSource?: string;
  /** Paths in the report are shown relative to this directory when given. */
  relativeTo?: string;
  /** The folder the responses were formatted from, shown as Raw Responses. */
  rawResponses?: string;
  /** Why no answer could be captured for a case id (`skill run`), if so: the case FAILs with this reason. */
  captureFailure?: (id: string) => string | undefined;
}

/**
 * The Skill Test Report of a case file on disk: reads `<id>.md`, else `<id>.txt`, through the model's host.
 * Undefined when the case file has no directory (an untitled document) and no response directory was given.
 */
export function skillReport(model: SkillModel, opts: SkillReportOptions = {}): { report: SuiteReport; markdown: string } | undefined {
  const casesPath = model.location.casesPath;
  const dir = opts.responses ?? (casesPath ? join(dirname(casesPath), "tmp", "response") : undefined);
  if (dir === undefined) return undefined;
  const show = (p: string) => (opts.relativeTo && isAbsolute(p) ? relative(opts.relativeTo, p) || "." : p);
  const report = scoreSuite(model.suite, {
    responseFor: (id) => {
      if (!safeId(id)) return undefined; // an id that is not a file name must not reach outside the directory
      for (const ext of [".md", ".txt"]) {
        const path = join(dir, id + ext);
        const text = model.host.readFile(path);
        if (text !== undefined) return { path, text };
      }
      return undefined;
    },
    expectedPath: (id) => join(show(dir), `${id}.md`),
    responses: show(dir),
    rawResponses: opts.rawResponses === undefined ? undefined : show(opts.rawResponses),
    responseSource: opts.responseSource ?? "unspecified",
    captureFailure: opts.captureFailure,
  });
  return { report, markdown: reportMarkdown(report) };
}
