import { parseArgs as parseNodeArgs } from "node:util";
import { RULE_LEVELS, isRuleLevel, type RuleLevel } from "../../../shared/src/config";
import { docsBase } from "../../../shared/src/settings";
import { allRules, unknownRuleProblem, closest } from "../service";
import { UsageError } from "./usage-error";

export const FORMATS = ["text", "json", "github", "sarif"] as const;
export type Format = (typeof FORMATS)[number];

/** The path `-` names standard input. */
export const STDIN = "-";

export interface LintCommand {
  command: "lint";
  format: Format;
  /** undefined (auto): FORCE_COLOR, else NO_COLOR, else whether stdout is a TTY. */
  color?: boolean;
  maxWarnings?: number;
  quiet: boolean;
  /** Text output names every file checked, clean ones too (by default only files with findings). */
  verbose?: boolean;
  /** `--select` / `--ignore`: rule codes or prefixes of codes; only the selected rules run, the ignored never. */
  select?: string[];
  ignore?: string[];
  /** Exit 0 whatever was found (usage and internal errors still exit 2 and 3). */
  exitZero?: boolean;
  /** Where the report goes instead of stdout. */
  outputFile?: string;
  /** One line per code found, with its count, instead of each finding. */
  statistics?: boolean;
  /** A named file that is neither a pack nor a case file is skipped instead of a `not-a-pack` error. */
  skipNonPacks?: boolean;
  /** `--rule CODE=LEVEL` overrides, applied over every config file. */
  rules: Record<string, RuleLevel>;
  configPath?: string;
  jobs?: number;
  /** The path standard input (`-`) stands for: in messages, for the config search, kinds and files on disk. */
  stdinFilename?: string;
  /** `--fix` writes the safe fixes; `--fix-dry-run` prints them as a diff. */
  fix?: "write" | "dry-run";
  /** `--unsafe-fixes`: --fix also applies the preferred fixes that change structure (new input sets, renamed keys). */
  unsafeFixes?: boolean;
  watch: boolean;
  listFiles: boolean;
  /** `--show-config FILE`: print the configs that apply to FILE and the levels they make; check nothing. */
  showConfig?: string;
  /** Where rule links lead (SARIF helpUri): `<docsBaseUrl><code>.md`; undefined: the config's, else none. */
  docsBaseUrl?: string;
  paths: string[];
}

export type Command =
  | LintCommand
  | { command: "schema" }
  | { command: "rules"; format: "text" | "json"; code?: string }
  | { command: "help"; topic?: "schema" | "rules" }
  | { command: "version" };

/** How node:util's parseArgs reads an option. */
export type OptionSpec = { type: "string" | "boolean"; short?: string; multiple?: boolean };

/** An option of a command's table: how it is read and its line in --help. */
export interface CliOption extends OptionSpec {
  /** What --help calls its value (options that take one). */
  value?: string;
  /** Its --help text, lines joined by "\n"; without it the option is described by another's text. */
  help?: string;
}

/** `packlint [options] FILE|DIR|-...`: in the order --help lists them. A new option is a row here and a case in parseArgs. */
export const LINT_OPTIONS = {
  format: { type: "string", short: "f", value: "FORMAT", help: "text (default), json, github (GitHub Actions annotations) or sarif (SARIF 2.1.0)" },
  quiet: { type: "boolean", short: "q", help: "report errors only (warnings and hints are neither shown nor counted), and the summary" },
  verbose: { type: "boolean", help: "name every file checked, clean ones too (by default: the files with findings, and the summary)" },
  select: {
    type: "string",
    multiple: true,
    value: "CODES",
    help: "check only these rules: codes or prefixes of codes (evaluation-spec-), comma-separated, repeatable",
  },
  ignore: {
    type: "string",
    multiple: true,
    value: "CODES",
    help: "never report these rules: codes or prefixes, comma-separated, repeatable; wins over --select",
  },
  "max-warnings": { type: "string", value: "N", help: "exit 1 when there are more than N warnings" },
  "exit-zero": { type: "boolean", help: "exit 0 even when files have errors (2 and 3 still mean a usage or internal error)" },
  "output-file": { type: "string", short: "o", value: "FILE", help: "write the report to FILE instead of standard output" },
  statistics: { type: "boolean", help: "print how many findings of each code instead of each finding (text or json)" },
  "skip-non-packs": {
    type: "boolean",
    help: "skip a named file that is neither a pack nor a case file instead of a not-a-pack error\n(for pre-commit hooks and lint-staged, which name every staged YAML file)",
  },
  rule: {
    type: "string",
    short: "r",
    multiple: true,
    value: "CODE=LEVEL",
    help: "set a rule's severity: off, error, warning, information or hint (repeatable)",
  },
  config: { type: "string", short: "c", value: "FILE", help: 'use this config instead of searching for .packlintrc.json / package.json "packlint"' },
  jobs: {
    type: "string",
    short: "j",
    value: "N",
    help: "validate on at most N threads, never more than the cores (default: the number of cores on 4 or more, else 1)",
  },
  color: { type: "string", value: "WHEN", help: "colours in text output: always, never or auto (default: FORCE_COLOR, NO_COLOR, else a terminal)" },
  "no-color": { type: "boolean", help: "the same as --color=never" },
  fix: { type: "boolean", help: 'apply the safe fixes (those marked [*]; the editor\'s "Fix all"), then check again' },
  "fix-dry-run": { type: "boolean", help: "print those fixes as a unified diff instead of writing them (text format)" },
  "unsafe-fixes": { type: "boolean", help: "with --fix or --fix-dry-run, also the preferred fixes that change structure (new input sets, renamed keys)" },
  watch: { type: "boolean", short: "w", help: "check again each file that changes, until Ctrl-C" },
  "list-files": { type: "boolean", help: "list each file the run would check (and as what) or skip (and why); check nothing" },
  "show-config": { type: "string", value: "FILE", help: "print the config files that apply to FILE, in order, and the rule levels they make; check nothing" },
  "stdin-filename": {
    type: "string",
    value: "P",
    help: "the path standard input (-) stands for: in messages, for the config and kinds, and\nthe folder its asset paths are relative to",
  },
  "docs-base-url": {
    type: "string",
    value: "URL",
    help: "where rule links lead (SARIF helpUri): URL + CODE.md (or the config's docsBaseUrl;\ndefault: none, the installed pages being files of this machine)",
  },
  help: { type: "boolean", short: "h", help: "show this help" },
  version: { type: "boolean", short: "v", help: "print the version" },
} satisfies Record<string, CliOption>;

const HELP_COLUMN = 24;

/** The Options lines of --help, from a command's table. */
export function optionsHelp(options: Record<string, CliOption>): string {
  const lines: string[] = [];
  for (const [name, o] of Object.entries(options)) {
    if (o.help === undefined) continue;
    const flag = `${o.short ? `-${o.short}, ` : "    "}--${name}${o.value ? ` ${o.value}` : ""}`;
    const [first, ...more] = o.help.split("\n");
    lines.push(`  ${flag.length < HELP_COLUMN ? flag.padEnd(HELP_COLUMN) : flag + " "}${first}`, ...more.map((l) => " ".repeat(HELP_COLUMN + 2) + l));
  }
  return lines.join("\n") + "\n";
}

type Token = { kind: "option"; name: string; rawName: string; value?: string } | { kind: "positional"; value: string } | { kind: "option-terminator" };

/**
 * The tokens of `argv` by node:util's parseArgs, in order, with its errors reworded as packlint's: `unknown` words
 * an unknown option, the others point at `help` (the command whose --help to see). Every command reads its options so.
 */
export function tokenize(argv: string[], options: Record<string, OptionSpec>, unknown: (name: string) => string, help = "packlint"): Token[] {
  try {
    return parseNodeArgs({ args: withValuesJoined(argv, options), options, allowPositionals: true, strict: true, tokens: true }).tokens as Token[];
  } catch (e) {
    const message = (e as Error).message;
    const code = (e as NodeJS.ErrnoException).code;
    const name = /'(?:-\w, )?(-[^' ]+)/.exec(message)?.[1] ?? "";
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(unknown(name));
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && /does not take an argument/.test(message))
      throw new UsageError(`${name} takes no value (see ${help} --help)`);
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") throw new UsageError(`${name} needs a value (see ${help} --help)`);
    throw new UsageError(message.split("\n")[0]);
  }
}

/**
 * `--opt VALUE` as `--opt=VALUE` for every option that takes a value: the value is the next argument whatever
 * it looks like (`--max-warnings -1` is a bad number, not a missing value), as packlint has always read it.
 */
function withValuesJoined(argv: string[], options: Record<string, OptionSpec>): string[] {
  const long = new Map<string, string>();
  for (const [name, spec] of Object.entries(options)) {
    if (spec.type !== "string") continue;
    long.set(`--${name}`, name);
    if (spec.short) long.set(`-${spec.short}`, name);
  }
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") return [...out, ...argv.slice(i)];
    const name = long.get(a);
    if (name !== undefined && i + 1 < argv.length) out.push(`--${name}=${argv[++i]}`);
    else out.push(a);
  }
  return out;
}

/** A subcommand's options (`packlint skill run`, `packlint report`), read as tokenize reads them: the last value of an option wins, a `multiple` one collects them. */
export function parseOptions(
  argv: string[],
  options: Record<string, OptionSpec>,
  command: string,
  help = command,
): { values: Record<string, string | string[] | boolean | undefined>; positionals: string[] } {
  const values: Record<string, string | string[] | boolean | undefined> = {};
  const positionals: string[] = [];
  const unknown = (name: string) => `unknown option ${name}${suggestOption(name, options)} for ${command} (see ${help} --help)`;
  for (const t of tokenize(argv, options, unknown, help)) {
    if (t.kind === "positional") positionals.push(t.value);
    if (t.kind !== "option") continue;
    const value = options[t.name].type === "boolean" ? true : (t.value ?? "");
    const before = values[t.name];
    values[t.name] = options[t.name].multiple ? [...(Array.isArray(before) ? before : []), value as string] : value;
  }
  return { values, positionals };
}

export function parseArgs(argv: string[]): Command {
  if (argv[0] === "schema") return parseSubcommand(argv.slice(1), "schema");
  if (argv[0] === "rules") return parseSubcommand(argv.slice(1), "rules");
  const cmd: LintCommand = { command: "lint", format: "text", quiet: false, rules: {}, watch: false, listFiles: false, paths: [] };
  argv = colorWhen(argv);
  const tokens = tokenize(argv, LINT_OPTIONS, (name) => `unknown option ${name}${suggestOption(name, LINT_OPTIONS)} (see packlint --help)`);
  for (const t of tokens) {
    if (t.kind === "positional") cmd.paths.push(t.value);
    if (t.kind !== "option") continue;
    const value = t.value ?? "";
    switch (t.name as keyof typeof LINT_OPTIONS) {
      case "help":
        return { command: "help" };
      case "version":
        return { command: "version" };
      case "format":
        if (!(FORMATS as readonly string[]).includes(value))
          throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got ${JSON.stringify(value)})`);
        cmd.format = value as Format;
        break;
      case "no-color":
        cmd.color = false;
        break;
      case "color":
        if (!COLOR_WHEN.includes(value)) throw new UsageError(`--color must be always, never or auto (got ${JSON.stringify(value)})`);
        cmd.color = value === "auto" ? undefined : value === "always";
        break;
      case "verbose":
        cmd.verbose = true;
        break;
      case "select":
      case "ignore":
        (cmd[t.name as "select" | "ignore"] ??= []).push(...ruleSelectors(t.rawName, value));
        break;
      case "exit-zero":
        cmd.exitZero = true;
        break;
      case "output-file":
        if (!value) throw new UsageError(`${t.rawName} needs a file name (see packlint --help)`);
        cmd.outputFile = value;
        break;
      case "statistics":
        cmd.statistics = true;
        break;
      case "skip-non-packs":
        cmd.skipNonPacks = true;
        break;
      case "quiet":
        cmd.quiet = true;
        break;
      case "max-warnings":
        cmd.maxWarnings = count(t.rawName, value, 0);
        break;
      case "jobs":
        cmd.jobs = count(t.rawName, value, 1);
        break;
      case "config":
        cmd.configPath = value;
        break;
      case "rule": {
        const [code, level] = parseRuleOverride(value);
        cmd.rules[code] = level;
        break;
      }
      case "stdin-filename":
        if (!value) throw new UsageError("--stdin-filename needs a path (see packlint --help)");
        cmd.stdinFilename = value;
        break;
      case "fix":
        cmd.fix = "write";
        break;
      case "fix-dry-run":
        cmd.fix = "dry-run";
        break;
      case "unsafe-fixes":
        cmd.unsafeFixes = true;
        break;
      case "watch":
        cmd.watch = true;
        break;
      case "list-files":
        cmd.listFiles = true;
        break;
      case "show-config":
        if (!value) throw new UsageError("--show-config needs the path of a pack (see packlint --help)");
        cmd.showConfig = value;
        break;
      case "docs-base-url": {
        const url = docsBase(value);
        if (!url) throw new UsageError(`--docs-base-url must be an absolute URL such as https://example.com/packlint/rules/ (got ${JSON.stringify(value)})`);
        cmd.docsBaseUrl = url;
        break;
      }
    }
  }
  checkCombinations(cmd);
  return cmd;
}

/** Options that cannot work together, or without what they need. */
function checkCombinations(cmd: LintCommand): void {
  if (cmd.showConfig !== undefined) {
    if (cmd.paths.length || cmd.fix || cmd.watch || cmd.listFiles)
      throw new UsageError("--show-config FILE only prints the configs of FILE: it takes no other paths, --fix, --watch or --list-files");
    return;
  }
  if (cmd.paths.length === 0) throw new UsageError("no files or directories given (see packlint --help)");
  const stdin = cmd.paths.includes(STDIN);
  if (cmd.paths.filter((p) => p === STDIN).length > 1) throw new UsageError("standard input (-) can be named once only");
  if (cmd.stdinFilename !== undefined && !stdin) throw new UsageError("--stdin-filename names what - reads: give - among the paths");
  if (stdin && cmd.watch) throw new UsageError("--watch watches files on disk; standard input (-) cannot be watched");
  if (stdin && cmd.fix === "write") throw new UsageError("--fix writes files; for standard input (-) use --fix-dry-run to see the fixes as a diff");
  if (cmd.unsafeFixes && !cmd.fix) throw new UsageError("--unsafe-fixes goes with --fix or --fix-dry-run");
  if (cmd.fix === "dry-run" && cmd.format !== "text") throw new UsageError("--fix-dry-run prints a diff: it takes the text format only");
  if (cmd.listFiles && (cmd.fix || cmd.watch)) throw new UsageError("--list-files only lists the files a run would check: it takes neither --fix nor --watch");
  if (cmd.statistics && cmd.format !== "text" && cmd.format !== "json")
    throw new UsageError("--statistics counts findings by code: it takes the text or json format");
  if (cmd.quiet && cmd.verbose) throw new UsageError("--quiet and --verbose ask for opposite things: give one");
}

function parseSubcommand(argv: string[], sub: "schema" | "rules"): Command {
  let format: "text" | "json" = "text";
  let code: string | undefined;
  const unexpected = (a: string) => `packlint ${sub}: unexpected argument ${a} (see packlint ${sub} --help)`;
  const options: Record<string, OptionSpec> = { help: { type: "boolean", short: "h" }, ...(sub === "rules" ? { format: { type: "string", short: "f" } } : {}) };
  for (const t of tokenize(argv, options, unexpected, `packlint ${sub}`)) {
    if (t.kind === "option" && t.name === "help") return { command: "help", topic: sub };
    if (t.kind === "option") {
      const v = t.value ?? "";
      if (v !== "text" && v !== "json") throw new UsageError(`packlint rules --format must be text or json (got ${JSON.stringify(v)})`);
      format = v;
    } else if (t.kind === "positional" && sub === "rules" && code === undefined && !t.value.startsWith("-")) {
      const problem = unknownRuleProblem(t.value);
      if (problem) throw new UsageError(problem);
      code = t.value;
    } else if (t.kind === "positional") throw new UsageError(unexpected(t.value));
  }
  return sub === "schema" ? { command: "schema" } : { command: "rules", format, ...(code ? { code } : {}) };
}

const COLOR_WHEN = ["always", "never", "auto"];

/** `--color WHEN` as `--color=WHEN`; a bare `--color` (followed by no WHEN) forces colours and takes nothing from the next argument. */
function colorWhen(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") return [...out, ...argv.slice(i)];
    if (argv[i] !== "--color") out.push(argv[i]);
    else if (COLOR_WHEN.includes(argv[i + 1])) out.push(`--color=${argv[++i]}`);
    else out.push("--color=always");
  }
  return out;
}

/** The codes and prefixes of `--select` / `--ignore` (comma-separated): each must name at least one rule. */
function ruleSelectors(option: string, value: string): string[] {
  const selectors = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!selectors.length) throw new UsageError(`${option} needs rule codes or prefixes, e.g. ${option} unknown-key,legacy- (see packlint --help)`);
  const codes = allRules().map((r) => r.code);
  for (const s of selectors) {
    if (codes.some((c) => c.startsWith(s))) continue;
    const near = closest(s, codes, 1);
    throw new UsageError(`${option} ${s}: no rule code is or starts with it${near.length ? ` (did you mean ${near[0]}?)` : ""}; packlint rules lists them`);
  }
  return selectors;
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

function suggestOption(name: string, options: Record<string, OptionSpec>): string {
  const near = closest(
    name,
    Object.keys(options).map((o) => `--${o}`),
    1,
  );
  return near.length ? ` (did you mean ${near[0]}?)` : "";
}
