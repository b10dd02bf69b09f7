import { RULE_LEVELS, isRuleLevel, type RuleLevel } from "../../../shared/src/config";
import { unknownRuleProblem } from "../service/rule-registry";
import { closest } from "../service/util/did-you-mean";
import { UsageError } from "./usage-error";

export const FORMATS = ["text", "json", "github", "sarif"] as const;
export type Format = (typeof FORMATS)[number];

export interface LintCommand {
  command: "lint";
  format: Format;
  /** undefined: colour when stdout is a TTY and NO_COLOR is unset. */
  color?: boolean;
  maxWarnings?: number;
  quiet: boolean;
  /** `--rule CODE=LEVEL` overrides, applied over every config file. */
  rules: Record<string, RuleLevel>;
  configPath?: string;
  jobs?: number;
  paths: string[];
}

export type Command =
  | LintCommand
  | { command: "schema" }
  | { command: "rules"; format: "text" | "json"; code?: string }
  | { command: "help"; topic?: "schema" | "rules" }
  | { command: "version" };

/** Reads one option's value: `--opt value` or `--opt=value`. */
class ArgReader {
  private i = 0;
  constructor(private readonly argv: string[]) {}

  next(): string | undefined {
    return this.argv[this.i++];
  }

  value(arg: string): string {
    const eq = arg.indexOf("=");
    if (eq >= 0) return arg.slice(eq + 1);
    const v = this.argv[this.i++];
    if (v === undefined) throw new UsageError(`${arg} needs a value (see packlint --help)`);
    return v;
  }
}

export function parseArgs(argv: string[]): Command {
  if (argv[0] === "schema") return parseSubcommand(argv.slice(1), "schema");
  if (argv[0] === "rules") return parseSubcommand(argv.slice(1), "rules");
  const cmd: LintCommand = { command: "lint", format: "text", quiet: false, rules: {}, paths: [] };
  const r = new ArgReader(argv);
  let onlyPaths = false;
  for (let a = r.next(); a !== undefined; a = r.next()) {
    if (onlyPaths || !a.startsWith("-") || a === "-") {
      cmd.paths.push(a);
      continue;
    }
    const name = a.includes("=") ? a.slice(0, a.indexOf("=")) : a;
    switch (name) {
      case "--":
        onlyPaths = true;
        break;
      case "-h":
      case "--help":
        return { command: "help" };
      case "-v":
      case "--version":
        return { command: "version" };
      case "-f":
      case "--format": {
        const v = r.value(a);
        if (!(FORMATS as readonly string[]).includes(v)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got ${JSON.stringify(v)})`);
        cmd.format = v as Format;
        break;
      }
      case "--no-color":
        cmd.color = false;
        break;
      case "--color":
        cmd.color = true;
        break;
      case "-q":
      case "--quiet":
        cmd.quiet = true;
        break;
      case "--max-warnings":
        cmd.maxWarnings = count(name, r.value(a), 0);
        break;
      case "-j":
      case "--jobs":
        cmd.jobs = count(name, r.value(a), 1);
        break;
      case "-c":
      case "--config":
        cmd.configPath = r.value(a);
        break;
      case "-r":
      case "--rule": {
        const [code, level] = parseRuleOverride(r.value(a));
        cmd.rules[code] = level;
        break;
      }
      default:
        throw new UsageError(`unknown option ${name}${suggestOption(name)} (see packlint --help)`);
    }
  }
  if (cmd.paths.length === 0) throw new UsageError("no files or directories given (see packlint --help)");
  return cmd;
}

function parseSubcommand(argv: string[], sub: "schema" | "rules"): Command {
  let format: "text" | "json" = "text";
  let code: string | undefined;
  const r = new ArgReader(argv);
  for (let a = r.next(); a !== undefined; a = r.next()) {
    const name = a.includes("=") ? a.slice(0, a.indexOf("=")) : a;
    if (name === "-h" || name === "--help") return { command: "help", topic: sub };
    if (sub === "rules" && (name === "--format" || name === "-f")) {
      const v = r.value(a);
      if (v !== "text" && v !== "json") throw new UsageError(`packlint rules --format must be text or json (got ${JSON.stringify(v)})`);
      format = v;
    } else if (sub === "rules" && !a.startsWith("-") && code === undefined) {
      const problem = unknownRuleProblem(a);
      if (problem) throw new UsageError(problem);
      code = a;
    } else throw new UsageError(`packlint ${sub}: unexpected argument ${a} (see packlint ${sub} --help)`);
  }
  return sub === "schema" ? { command: "schema" } : { command: "rules", format, ...(code ? { code } : {}) };
}

function count(option: string, v: string, min: number): number {
  if (!/^\d+$/.test(v) || Number(v) < min) throw new UsageError(`${option} must be an integer of at least ${min} (got ${JSON.stringify(v)})`);
  return Number(v);
}

/** `CODE=LEVEL`, with the code checked against every known rule. */
export function parseRuleOverride(v: string): [string, RuleLevel] {
  const eq = v.lastIndexOf("=");
  const code = eq > 0 ? v.slice(0, eq).trim() : "";
  const level = eq > 0 ? v.slice(eq + 1).trim() : "";
  if (!code || !level) throw new UsageError(`--rule needs CODE=LEVEL, e.g. --rule unknown-key=off (got ${JSON.stringify(v)})`);
  if (!isRuleLevel(level)) throw new UsageError(`--rule ${code}: level must be one of ${RULE_LEVELS.join(", ")} (got ${JSON.stringify(level)})`);
  const problem = unknownRuleProblem(code);
  if (problem) throw new UsageError(`--rule ${problem}`);
  return [code, level];
}

const OPTIONS = ["--format", "--no-color", "--color", "--quiet", "--max-warnings", "--rule", "--config", "--jobs", "--help", "--version"];

function suggestOption(name: string): string {
  const near = closest(name, OPTIONS, 1);
  return near.length ? ` (did you mean ${near[0]}?)` : "";
}
