import { buildPackModel, packDiagnostics } from "../service";
import { expandPaths, readText, UsageError } from "./files";
import { formatJson } from "./format-json";
import { formatText } from "./format-text";
import { FileReport, isValid } from "./report";
import { isSkillCasesFile, runSkill, skillFileReport } from "./skill";

const HELP = `Usage: packlint [options] FILE|DIR...
       packlint skill prompts|report FILE ...   (Skill Testing case files; see packlint skill --help)

Validates AgentClash challenge packs offline, with the reference validator's verdicts.
A DIR means every pack YAML below it (*.pack.yaml, or YAML with top-level pack: and challenges:/input_sets:)
and every Skill Testing case file (skill_cases.yaml).

Options:
  --format text|json   output format (default: text)
  --no-color           no colours in text output (also NO_COLOR=1)
  -h, --help           show this help
  --version            print the version

Exit codes: 0 no file has errors, 1 some file has errors, 2 usage error or unreadable file.

Examples:
  packlint examples/broken.pack.yaml
  packlint --format json challenge-packs/
`;

interface Options {
  format: "text" | "json";
  color: boolean;
  paths: string[];
}

function parseArgs(argv: string[]): Options | "help" | "version" {
  const opts: Options = { format: "text", color: !!process.stdout.isTTY && !process.env.NO_COLOR, paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-h" || a === "--help") return "help";
    if (a === "--version") return "version";
    if (a === "--no-color") opts.color = false;
    else if (a === "--format" || a.startsWith("--format=")) {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i];
      if (v !== "text" && v !== "json") throw new UsageError(`--format must be text or json (got ${v === undefined ? "nothing" : JSON.stringify(v)})`);
      opts.format = v;
    } else if (a.startsWith("-") && a !== "-") throw new UsageError(`unknown option ${a} (see packlint --help)`);
    else opts.paths.push(a);
  }
  if (opts.paths.length === 0) throw new UsageError("no files given (see packlint --help)");
  return opts;
}

/** Runs the CLI; returns the exit code. */
export function run(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  let opts;
  try {
    if (argv[0] === "skill") return runSkill(argv.slice(1), out, err);
    opts = parseArgs(argv);
    if (opts === "help") {
      out(HELP);
      return 0;
    }
    if (opts === "version") {
      out(`${require("../../../package.json").version}\n`);
      return 0;
    }
    const reports: FileReport[] = expandPaths(opts.paths).map((path) => {
      const text = readText(path);
      if (isSkillCasesFile(path, text)) return skillFileReport(path, text);
      return { path, kind: "challenge-pack", text, diagnostics: packDiagnostics(buildPackModel(text)) };
    });
    out(opts.format === "json" ? formatJson(reports) : formatText(reports, { color: opts.color }));
    return reports.every(isValid) ? 0 : 1;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`packlint: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

export function main(argv = process.argv.slice(2)): void {
  process.exitCode = run(argv, (s) => process.stdout.write(s), (s) => process.stderr.write(s));
}
