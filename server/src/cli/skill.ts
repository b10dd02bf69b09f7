import { existsSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { URI } from "vscode-uri";
import type { SkillProgressEvent } from "../../../shared/src";
import {
  buildPrompt,
  buildSkillModel,
  judgeCachePath,
  promptsJson,
  promptsMarkdown,
  responsePath,
  safeId,
  documentDiagnostics,
  skillDirOf,
  skillReport,
  suiteKnowledge,
  type SkillModel,
  type SkillReportOptions,
  type SuiteReport,
} from "../service";
import { ConfinedFiles } from "../workspace/confined-files";
import { confinedSkillHost } from "../workspace/skill-host";
import { askAgent, inPool, killRunningAgents, parseAgentCommand } from "./agent-process";
import { parseOptions } from "./args";
import { readText } from "./files";
import { askJudge, loadJudgeCache, lookupIn, parseJudgeCommand } from "./judge";
import { formatFolder, formattedSibling, holdsRawAnswers, testDirs, writeText } from "./skill-files";
import { UsageError } from "./usage-error";

const DEFAULT_TIMEOUT_S = 300;

export const SKILL_HELP = `Usage: packlint skill prompts FILE [--format json|markdown]
       packlint skill format FILE [--raw DIR] [--out DIR]
       packlint skill report FILE [--responses DIR] [--out DIR] [--response-source NAME] [--write-report PATH]
                                  [--judge COMMAND] [--repeat N] [--format markdown|json]
       packlint skill run FILE --agent COMMAND [--judge COMMAND] [--repeat N] [--timeout S] [--jobs N] [--env NAME]...
                               [--case ID]... [--progress] [--write-report PATH] [--format markdown|json]

Skill Testing case files (tests/skill_cases.yaml).

  prompts   one dry-run prompt per case, built as the Skill Testing skill documents (default format: json)
  format    formats each raw answer <id>.md / <id>.txt (default: tests/tmp/raw_response/) into the response
            contract, written as <id>.md to --out (default: tests/tmp/response/); every answer is raw, whatever
            it looks like
  report    scores the responses <id>.md / <id>.txt (default: tests/tmp/response/ beside FILE) and prints the
            Skill Test Report (Markdown); --write-report also writes it to PATH. Raw answers (no contract header)
            are formatted first into --out (default: tests/tmp/response/ for raw_response/, else DIR-formatted/).
            A response is taken as formatted only when it is the complete contract, and then its Raw Response
            is what is scored. --response-source records where the responses came from (e.g.
            current-agent-fallback).
  run       per case, starts COMMAND (the agent) in a new empty folder with only PATH, HOME (that folder), LANG
            and each --env NAME, gives it the dry-run prompt on standard input (or in place of {prompt} in
            COMMAND) and nothing else, saves its standard output as tests/tmp/raw_response/<id>.md, then formats,
            scores and writes the report (default: tests/tmp/skill-test-report.md). A case whose agent times out
            (--timeout, default ${DEFAULT_TIMEOUT_S} s), fails or prints nothing FAILs. --jobs runs N agents at once (default 1).
            COMMAND runs without a shell unless it uses shell syntax (pipes, redirections, $VARIABLES, globs). The
            prompt is also in $PACKLINT_PROMPT, and never reaches a shell or interpreter as code: {prompt} must be
            a whole argument (or --option={prompt}) of a program that does not run it (sh -c {prompt}, node -e
            {prompt}, {prompt} in a command with shell syntax are refused); a shell script reads the variable,
            e.g. the COMMAND sh -c 'my-agent -p "$PACKLINT_PROMPT"'.
            --repeat N runs every case N times with fresh agents (run k > 1 in raw_response/run-k/); a case
            counts as its worst run and the report gives each case's pass rate.
            --case ID runs only that case (repeatable); the report then scores only the cases run.
            --progress makes standard output JSON lines, one event each, for tools (the editor's Test Explorer):
            {"event":"start","cases":[…],"runs":N}, {"event":"answered","id":…,"run":N,"failure"?:…} as each agent
            finishes, {"event":"judge","questions":N} before a judge is asked, then {"event":"case","id":…,
            "result":"PASS|REVIEW|FAIL","score":N,"findings":[…],"errors":[…]} per case and last {"event":"report",
            "overall":…,"path":…,"markdown":…}; the report is written to its file, not printed.

  --judge COMMAND  what the rules cannot decide (a required term in other words, a semantic assertion, an
            unclear Skill choice, a figure or file no input gives) is asked of COMMAND, started like --agent,
            with one question and the raw answer; it answers YES, NO or UNSURE (UNSURE stays REVIEW). Answers
            are cached in tests/tmp/judge-cache.json, which every later report reads.
  --format  markdown (default) or json: the report as data (cases, scores, results, findings, judged checks).

Case files with errors: prompts and run print them and stop (exit 2, nothing is started); report is Overall
FAIL with a Case File Errors section.
FILE may also be a Skill directory holding tests/skill_cases.yaml.
Exit codes: prompts and format 0 (format: 1 when a case has no raw answer); report and run 0 when Overall is
PASS, 1 otherwise; 2 usage error, unreadable file, or (prompts, run) a case file with errors.
`;

/**
 * The model of a case file on disk. What it reads (SKILL.md, inputs.files, responses) is confined to `roots` and
 * its Skill directory: a path or symbolic link leading out is reported as such, never followed.
 */
function skillModelOnDisk(path: string, text: string, roots: string[]) {
  const file = resolve(path);
  return buildSkillModel(text, URI.file(file).toString(), confinedSkillHost(new ConfinedFiles([...roots, skillDirOf(file)])));
}

type SkillCommand = "prompts" | "format" | "report" | "run";

/** Each command's options: name → whether it may be given more than once, or "flag" for one that takes no value. */
const OPTIONS: Record<SkillCommand, Record<string, boolean | "flag">> = {
  prompts: { format: false },
  format: { raw: false, out: false },
  report: {
    responses: false,
    out: false,
    "response-source": false,
    "write-report": false,
    judge: false,
    repeat: false,
    format: false,
    timeout: false,
    jobs: false,
    env: true,
  },
  run: {
    agent: false,
    judge: false,
    repeat: false,
    timeout: false,
    jobs: false,
    env: true,
    case: true,
    progress: "flag",
    "write-report": false,
    format: false,
  },
};

interface Args {
  command: SkillCommand;
  file: string;
  values: Record<string, string | string[] | boolean | undefined>;
}

function parseSkillArgs(argv: string[]): Args | "help" {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help") return "help";
  if (!(command in OPTIONS)) throw new UsageError(`unknown skill command ${JSON.stringify(command)} (see packlint skill --help)`);
  const cmd = command as SkillCommand;
  const options = Object.fromEntries([
    ...Object.entries(OPTIONS[cmd]).map(([name, multiple]) => [
      name,
      multiple === "flag" ? { type: "boolean" as const } : { type: "string" as const, multiple },
    ]),
    ["help", { type: "boolean" as const, short: "h" }],
  ]);
  const parsed = parseOptions(rest, options, `packlint skill ${cmd}`, "packlint skill");
  const values = parsed.values as Record<string, string | string[] | boolean | undefined>;
  if (values.help) return "help";
  delete values.help;
  for (const [name, v] of Object.entries(values)) {
    if (v === "" || (Array.isArray(v) && v.includes(""))) throw new UsageError(`--${name} needs a value`);
  }
  if (parsed.positionals.length > 1) throw new UsageError(`one FILE only (got ${parsed.positionals.map((p) => JSON.stringify(p)).join(" and ")})`);
  if (parsed.positionals.length === 0) throw new UsageError(`no case file given (see packlint skill --help)`);
  if (values.format !== undefined && values.format !== "json" && values.format !== "markdown") {
    throw new UsageError(`--format must be json or markdown (got ${JSON.stringify(values.format)})`);
  }
  if (cmd === "run" && values.agent === undefined) throw new UsageError("packlint skill run needs --agent COMMAND (see packlint skill --help)");
  if (values.progress && values.format !== undefined) throw new UsageError("--progress prints JSON lines: leave out --format");
  return { command: cmd, file: parsed.positionals[0], values: values as Args["values"] };
}

function positive(name: string, v: string | undefined, fallback: number, integer: boolean): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new UsageError(`--${name} must be a positive ${integer ? "integer" : "number"} (got ${JSON.stringify(v)})`);
  return n;
}

/** A Skill directory stands for its tests/skill_cases.yaml. */
function caseFile(path: string): string {
  let st;
  try {
    st = statSync(path);
  } catch {
    throw new UsageError(`cannot read ${path}: no such file or directory`);
  }
  if (!st.isDirectory()) return path;
  for (const name of ["tests/skill_cases.yaml", "tests/skill_cases.yml", "skill_cases.yaml"]) {
    if (existsSync(join(path, name))) return join(path, name);
  }
  throw new UsageError(`${path} has no tests/skill_cases.yaml`);
}

/** What `packlint skill run` reads from packlint's process. */
export interface SkillRunEnv {
  env: Record<string, string | undefined>;
  stderrIsTTY: boolean;
}

/** Runs `packlint skill …`; resolves to the exit code. */
export async function runSkill(
  argv: string[],
  out: (s: string) => void,
  err: (s: string) => void,
  runEnv: SkillRunEnv = { env: process.env, stderrIsTTY: false },
): Promise<number> {
  const args = parseSkillArgs(argv);
  if (args === "help") {
    out(SKILL_HELP);
    return 0;
  }
  const v = (name: string) => args.values[name] as string | undefined;
  const file = resolve(caseFile(args.file));
  const text = readText(file);
  const dirs = testDirs(file);
  const given = ["responses", "raw", "out"]
    .map(v)
    .filter((d): d is string => d !== undefined)
    .map((d) => resolve(d));
  if (v("responses") !== undefined) given.push(formattedSibling(resolve(v("responses")!)));
  const model = skillModelOnDisk(file, text, [process.cwd(), ...given]);
  const errors = documentDiagnostics(model).filter((d) => d.severity === "error");
  for (const d of errors)
    err(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: error [${d.code}] ${d.field ? d.field + " " : ""}${d.message}\n`);

  if (errors.length && (args.command === "prompts" || args.command === "run")) {
    err(
      `packlint: ${file} has ${errors.length} error${errors.length === 1 ? "" : "s"}: fix ${errors.length === 1 ? "it" : "them"} before the Skill is tested (nothing was started)\n`,
    );
    return 2;
  }
  const knowledge = suiteKnowledge(model.suite, model.location, model.host);

  switch (args.command) {
    case "prompts":
      out(v("format") === "markdown" ? promptsMarkdown(model.suite) : promptsJson(model.suite));
      return 0;
    case "format": {
      const raw = resolve(v("raw") ?? dirs.raw);
      if (!isDir(raw)) throw new UsageError(`${v("raw") === undefined ? "the raw answer folder " : "--raw "}${raw} is not a directory`);
      const outDir = resolve(v("out") ?? dirs.response);
      const done = formatFolder(model, knowledge, raw, outDir, { judge: lookupIn(loadJudgeCache(judgeCachePath(file))) });
      for (const id of done.written) out(`${show(join(outDir, id + ".md"))}\n`);
      for (const id of done.missing) err(`packlint: no raw answer for ${id} (${show(join(raw, id + ".md"))})\n`);
      return done.missing.length ? 1 : 0;
    }
    case "report": {
      if (v("responses") !== undefined && !isDir(v("responses")!)) throw new UsageError(`--responses ${v("responses")} is not a directory`);
      const runs = positive("repeat", v("repeat"), 1, true);
      let responses = resolve(v("responses") ?? dirs.response);
      let rawResponses: string | undefined;
      // Raw prose is formatted into its own folder first, and the report names both.
      if (isDir(responses) && holdsRawAnswers(model, responses, runs)) {
        rawResponses = responses;
        responses = resolve(v("out") ?? formattedSibling(responses));
        if (responses === rawResponses) throw new UsageError(`--out must differ from the folder of raw answers (${rawResponses})`);
      }
      return judgeAndReport(model, file, args.values, { responses, rawResponses, runs, responseSource: v("response-source") }, out, err, runEnv, (judge) => {
        if (rawResponses) formatFolder(model, knowledge, rawResponses, responses, { keepFormatted: true, runs, judge });
      });
    }
    case "run":
      return runAgents(model, file, dirs, args.values, out, err, runEnv);
  }
}

function show(p: string): string {
  return relative(process.cwd(), p) || ".";
}

/** One line of `skill run --progress` (see SKILL_HELP). */
type ProgressEvent = SkillProgressEvent;

/**
 * The report, with the judge (when `--judge` is given) asked every question the rules left undecided and no cache
 * answers; `format` writes the formatted responses once the judge's answers are known. Prints the report (Markdown
 * or JSON; with `emit`, as events), writes it with --write-report; exit 0 when Overall is PASS.
 */
async function judgeAndReport(
  model: SkillModel,
  file: string,
  values: Args["values"],
  opts: SkillReportOptions,
  out: (s: string) => void,
  err: (s: string) => void,
  runEnv: SkillRunEnv,
  format: (judge: ReturnType<typeof lookupIn>) => void,
  writeTo = values["write-report"] as string | undefined,
  emit?: (e: ProgressEvent) => void,
): Promise<number> {
  const judgeCommand = values.judge === undefined ? undefined : parseJudgeCommand(values.judge as string);
  const cachePath = judgeCachePath(file);
  const cache = loadJudgeCache(cachePath);
  const judge = lookupIn(cache);
  format(judge);
  const report = () => skillReport(model, { ...opts, judge, relativeTo: process.cwd() })!;
  let result = report();
  if (judgeCommand && result.report.pending.length) {
    emit?.({ event: "judge", questions: result.report.pending.length });
    const asked = await askJudge(
      result.report.pending,
      cache,
      cachePath,
      {
        command: judgeCommand,
        timeoutMs: positive("timeout", values.timeout as string | undefined, DEFAULT_TIMEOUT_S, false) * 1000,
        jobs: positive("jobs", values.jobs as string | undefined, 1, true),
        passEnv: (values.env as string[] | undefined) ?? [],
        env: runEnv.env,
      },
      err,
    );
    if (asked) {
      format(judge);
      result = report();
    }
  }
  const { markdown } = result;
  if (writeTo) writeText(writeTo, markdown);
  if (emit) {
    for (const c of result.report.cases) {
      const errors = [...new Set(Array.from({ length: result.report.runs }, (_, k) => opts.captureFailure?.(c.id, k + 1)).filter((f) => f !== undefined))];
      emit({
        event: "case",
        id: c.id,
        type: c.type,
        result: c.result,
        score: c.score,
        summary: c.summary,
        findings: c.findings.map(({ kind, text, action }) => ({ kind, text, ...(action ? { action } : {}) })),
        errors,
        ...(c.runs ? { runs: c.runs } : {}),
      });
    }
    const { overall, passed, review, failed } = result.report;
    emit({ event: "report", overall, passed, review, failed, path: writeTo === undefined ? null : resolve(writeTo), markdown });
  } else out(values.format === "json" ? reportJson(result.report) : markdown);
  return result.report.overall === "PASS" ? 0 : 1;
}

/** The report as data, for tools (the editor's Test Explorer, CI). */
function reportJson(r: SuiteReport): string {
  const { pending, ...rest } = r;
  return JSON.stringify({ ...rest, undecided: pending.map(({ id, question }) => ({ id, question })) }, null, 2) + "\n";
}

/** The cases `--case` names (all when none is named), each once; an id that is not a case's is a usage error. */
function chosenCases(model: SkillModel, named: string[] | undefined) {
  // One run per file name: cases without a usable id have no answer file, and the report says so.
  const cases = model.suite.cases.filter((c, i, all) => safeId(c.id) && all.findIndex((o) => o.id === c.id) === i);
  if (named === undefined) return { cases, only: undefined };
  const ids = new Set(cases.map((c) => c.id));
  const unknown = named.filter((id) => !ids.has(id));
  if (unknown.length)
    throw new UsageError(
      `--case ${unknown.map((id) => JSON.stringify(id)).join(", ")}: no such case in the case file (its cases: ${[...ids].join(", ") || "none with a usable id"})`,
    );
  const only = new Set(named);
  return { cases: cases.filter((c) => only.has(c.id)), only: [...only] };
}

/** `packlint skill run`: capture every case's answer from fresh agent processes, then format, judge, score and report. */
async function runAgents(
  model: SkillModel,
  file: string,
  dirs: ReturnType<typeof testDirs>,
  values: Args["values"],
  out: (s: string) => void,
  err: (s: string) => void,
  runEnv: SkillRunEnv,
): Promise<number> {
  const command = parseAgentCommand(values.agent as string);
  if (values.judge !== undefined) parseJudgeCommand(values.judge as string); // a bad judge command is a usage error before any agent runs
  const timeoutMs = positive("timeout", values.timeout as string | undefined, DEFAULT_TIMEOUT_S, false) * 1000;
  const jobs = positive("jobs", values.jobs as string | undefined, 1, true);
  const runs = positive("repeat", values.repeat as string | undefined, 1, true);
  const passEnv = (values.env as string[] | undefined) ?? [];
  const { cases, only } = chosenCases(model, values.case as string[] | undefined);
  const emit = values.progress ? (e: ProgressEvent) => out(JSON.stringify(e) + "\n") : undefined;
  const jobsList = cases.flatMap((c) => Array.from({ length: runs }, (_, k) => ({ c, run: k + 1 })));
  const failures = new Map<string, string>();
  const unit = runs === 1 ? "cases" : "answers";
  const progress = runEnv.stderrIsTTY && !emit ? (s: string) => err(`\r\u001b[K${s}`) : undefined;
  let done = 0;
  // Stopped (Ctrl-C, or the editor's Cancel): every agent and judge still running is killed with its process group.
  const interrupted = () => {
    killRunningAgents();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    emit?.({ event: "start", cases: cases.map((c) => ({ id: c.id, type: c.type })), runs });
    progress?.(`packlint: skill run 0/${jobsList.length} ${unit}`);
    await inPool(jobsList, jobs, async ({ c, run }) => {
      const answer = await askAgent(command, buildPrompt(c), { timeoutMs, passEnv, env: runEnv.env });
      writeText(responsePath(dirs.raw, c.id, run), answer.stdout);
      if (answer.failure) failures.set(`${run}:${c.id}`, answer.failure);
      emit?.({ event: "answered", id: c.id, run, ...(answer.failure ? { failure: answer.failure } : {}) });
      progress?.(
        `packlint: skill run ${++done}/${jobsList.length} ${unit} (${c.id}${runs > 1 ? ` run ${run}` : ""}${answer.failure ? ": " + answer.failure : ""})`,
      );
    });
    progress?.("");
    const knowledge = suiteKnowledge(model.suite, model.location, model.host);
    return await judgeAndReport(
      model,
      file,
      values,
      {
        responses: dirs.response,
        rawResponses: dirs.raw,
        runs,
        responseSource: `agent: ${command.text}`,
        captureFailure: (id, run) => failures.get(`${run}:${id}`),
        cases: only,
      },
      out,
      err,
      { env: runEnv.env, stderrIsTTY: runEnv.stderrIsTTY },
      (judge) => void formatFolder(model, knowledge, dirs.raw, dirs.response, { runs, judge, only }),
      (values["write-report"] as string | undefined) ?? dirs.report,
      emit,
    );
  } finally {
    process.removeListener("SIGINT", interrupted);
    process.removeListener("SIGTERM", interrupted);
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
