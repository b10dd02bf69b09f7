import { buildPackModel, inputSetReport, inputSetReportMarkdown as reportMarkdown } from "../service";
import { resolve, sep } from "node:path";
import { DEFAULT_SETTINGS } from "../../../shared/src/settings";
import { FileKinds } from "../workspace/file-kinds";
import { parseOptions } from "./args";
import { readText } from "./files";
import { kindByContent } from "../workspace/project";
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
  const options = { help: { type: "boolean", short: "h" }, format: { type: "string", short: "f" } } as const;
  const { values, positionals } = parseOptions(argv, options, "packlint report");
  if (values.help) {
    out(REPORT_HELP);
    return 0;
  }
  const format = (values.format as string | undefined) ?? "markdown";
  if (positionals.length > 1) throw new UsageError(`one FILE only (got ${positionals.map((p) => JSON.stringify(p)).join(" and ")})`);
  const file = positionals[0];
  if (format !== "markdown" && format !== "json") throw new UsageError(`--format must be markdown or json (got ${JSON.stringify(format)})`);
  if (file === undefined) throw new UsageError("no pack given (see packlint report --help)");
  const text = readText(file);
  // The report is of a pack's input sets: anything else (a case file, a YAML file of another kind) has none.
  const kind = new FileKinds(DEFAULT_SETTINGS).byName(resolve(file).split(sep).join("/")) ?? kindByContent(text);
  if (kind !== "challenge-pack") {
    throw new UsageError(
      `${file} is not a challenge pack${kind === "skill-cases" ? " (it is a Skill case file: see packlint skill --help)" : " (a *.pack.yaml file, or YAML with two of the top-level keys pack:, version:, challenges: and input_sets:)"}; packlint report reports on packs`,
    );
  }
  const report = inputSetReport(buildPackModel(text), file);
  out(format === "json" ? JSON.stringify(report, null, 2) + "\n" : reportMarkdown(report));
  return report.readyForScoring ? 0 : 1;
}
