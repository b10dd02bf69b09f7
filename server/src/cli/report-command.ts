import { buildPackModel } from "../service";
import { inputSetReport, reportMarkdown } from "../service/report/input-set-report";
import { readText } from "./files";
import { UsageError } from "./usage-error";

export const REPORT_HELP = `Usage: packlint report FILE [--format markdown|json]

Prints the input-set report of a challenge pack: per challenge, its input sets (purpose, case count,
intended use from the name's -smoke/-ci/-full/-regression/-edge suffix) with each case summarized and its
reason, then coverage gaps, the Coverage Review (happy, edge, negative, ambiguous, regression and budget
paths), the validation commands, whether the pack is ready for scoring and the next skill.
Exit codes: 0 ready for scoring, 1 the pack has errors, 2 usage error.
`;

/** `packlint report FILE [--format markdown|json]`; returns the exit code. */
export function runReport(argv: string[], out: (s: string) => void): number {
  let format = "markdown";
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-h" || a === "--help") {
      out(REPORT_HELP);
      return 0;
    }
    if (a === "--format" || a.startsWith("--format=")) format = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i] ?? "";
    else if (a.startsWith("-")) throw new UsageError(`unknown option ${a} for packlint report (see packlint report --help)`);
    else if (file !== undefined) throw new UsageError(`one FILE only (got ${JSON.stringify(file)} and ${JSON.stringify(a)})`);
    else file = a;
  }
  if (format !== "markdown" && format !== "json") throw new UsageError(`--format must be markdown or json (got ${JSON.stringify(format)})`);
  if (file === undefined) throw new UsageError("no pack given (see packlint report --help)");
  const report = inputSetReport(buildPackModel(readText(file)), file);
  out(format === "json" ? JSON.stringify(report, null, 2) + "\n" : reportMarkdown(report));
  return report.readyForScoring ? 0 : 1;
}
