import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { URI } from "vscode-uri";
import {
  buildSkillModel,
  promptsJson,
  promptsMarkdown,
  skillDiagnostics,
  skillDirOf,
  skillReport,
} from "../service/skill-cases";
import { ConfinedFiles } from "../workspace/confined-files";
import { confinedSkillHost } from "../workspace/skill-host";
import { readText } from "./files";
import { UsageError } from "./usage-error";

export const SKILL_HELP = `Usage: packlint skill prompts FILE [--format json|markdown]
       packlint skill report FILE [--responses DIR] [--response-source NAME] [--write-report PATH]

Skill Testing case files (tests/skill_cases.yaml).

  prompts   one dry-run prompt per case, built as the Skill Testing skill documents (default format: json)
  report    scores the formatted responses <id>.md / <id>.txt (default: tests/tmp/response/ beside FILE)
            and prints the Skill Test Report (Markdown); --write-report also writes it to PATH.
            --response-source records where the responses came from (e.g. current-agent-fallback).

FILE may also be a Skill directory holding tests/skill_cases.yaml.
Exit codes: prompts 0; report 0 when Overall is PASS, 1 otherwise; 2 usage error or unreadable file.
`;

/**
 * The model of a case file on disk. What it reads (SKILL.md, inputs.files, responses) is confined to `roots` and
 * its Skill directory: a path or symbolic link leading out is reported as such, never followed.
 */
function skillModelOnDisk(path: string, text: string, roots: string[]) {
  const file = resolve(path);
  return buildSkillModel(text, URI.file(file).toString(), confinedSkillHost(new ConfinedFiles([...roots, skillDirOf(file)])));
}

interface Args {
  command: "prompts" | "report";
  file: string;
  format: "json" | "markdown";
  responses?: string;
  responseSource?: string;
  writeReport?: string;
}

function parseArgs(argv: string[]): Args | "help" {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help") return "help";
  if (command !== "prompts" && command !== "report") throw new UsageError(`unknown skill command ${JSON.stringify(command)} (see packlint skill --help)`);
  const args: Partial<Args> = { command, format: "json" };
  const takes: Record<string, keyof Args> =
    command === "prompts" ? { "--format": "format" } : { "--responses": "responses", "--response-source": "responseSource", "--write-report": "writeReport" };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "-h" || a === "--help") return "help";
    const name = a.includes("=") ? a.slice(0, a.indexOf("=")) : a;
    if (name in takes) {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : rest[++i];
      if (v === undefined || v === "") throw new UsageError(`${name} needs a value`);
      (args as Record<string, string>)[takes[name]] = v;
    } else if (a.startsWith("-")) throw new UsageError(`unknown option ${a} for packlint skill ${command} (see packlint skill --help)`);
    else if (args.file === undefined) args.file = a;
    else throw new UsageError(`one FILE only (got ${JSON.stringify(args.file)} and ${JSON.stringify(a)})`);
  }
  if (args.format !== "json" && args.format !== "markdown") throw new UsageError(`--format must be json or markdown (got ${JSON.stringify(args.format)})`);
  if (!args.file) throw new UsageError(`no case file given (see packlint skill --help)`);
  return args as Args;
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

/** Runs `packlint skill …`; returns the exit code. */
export function runSkill(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  const args = parseArgs(argv);
  if (args === "help") {
    out(SKILL_HELP);
    return 0;
  }
  const file = caseFile(args.file);
  const text = readText(file);
  const responses = args.responses !== undefined ? [resolve(args.responses)] : [];
  const model = skillModelOnDisk(file, text, [process.cwd(), ...responses]);
  const errors = skillDiagnostics(model).filter((d) => d.severity === "error");
  for (const d of errors) err(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: error [${d.code}] ${d.field ? d.field + " " : ""}${d.message}\n`);

  if (args.command === "prompts") {
    out(args.format === "json" ? promptsJson(model.suite) : promptsMarkdown(model.suite));
    return 0;
  }

  if (args.responses !== undefined && !isDir(args.responses)) throw new UsageError(`--responses ${args.responses} is not a directory`);
  // A case file read from disk always has a directory, so the report is always defined here.
  const { report, markdown } = skillReport(model, {
    responses: args.responses === undefined ? undefined : resolve(args.responses),
    responseSource: args.responseSource,
    relativeTo: process.cwd(),
  })!;
  if (args.writeReport) {
    try {
      mkdirSync(dirname(args.writeReport), { recursive: true });
      writeFileSync(args.writeReport, markdown);
    } catch (e) {
      throw new UsageError(`cannot write ${args.writeReport}: ${(e as Error).message}`);
    }
  }
  out(markdown);
  return report.overall === "PASS" ? 0 : 1;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
