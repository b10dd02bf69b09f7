import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { type PackDiagnostic, type Range, type Severity, allRules, type RuleInfo, displayMessage, ruleDoc, rulePage, ruleDocHref } from "../service";
import { describe } from "./rules-list";
import { workspacePath } from "../workspace/paths";
import { type FileReport, isValid, silencedNote } from "./report";

/**
 * `--format sarif`: a SARIF 2.1.0 log for code scanning (github/codeql-action/upload-sarif).
 * The driver lists every rule packlint knows with its page (docs/rules/CODE.md) as Markdown help, so code scanning
 * can show rule help, and a `helpUri` under `docsBase` when one is given (--docs-base-url, the config's
 * `docsBaseUrl`): the pages installed with packlint are files of the machine that ran it, which no reader of the
 * log can open, so by default there is none. Locations are relative to the working directory (%SRCROOT%),
 * with UTF-16 columns as in LSP.
 */
export function formatSarif(reports: FileReport[], opts: { cwd: string; version: string; docsBase?: string }): string {
  const rules = allRules();
  const index = new Map(rules.map((r, i) => [r.code, i]));
  const results = reports.flatMap((r) => [
    ...r.diagnostics.map((d) => result(d, r.path, opts.cwd, index)),
    // Silenced errors stay in the log as suppressed results (code scanning hides them), each saying the file is still rejected.
    ...(r.silenced ?? [])
      .filter((d) => !shown(r, d))
      .map((d) => ({
        ...result(d, r.path, opts.cwd, index),
        suppressions: [{ kind: "external", status: "accepted", justification: `turned off by a rule level: ${silencedNote(r)}` }],
      })),
  ]);
  // One notification per file whose errors rule levels silenced: it is still rejected.
  const notes = reports
    .filter((r) => r.silenced?.length && !isValid(r))
    .map((r) => ({
      level: "error",
      message: { text: `${silencedNote(r)}.` },
      locations: [{ physicalLocation: { artifactLocation: artifact(r.path, opts.cwd) } }],
    }));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "packlint",
            version: opts.version,
            semanticVersion: opts.version,
            rules: rules.map((r) => descriptor(r, opts.docsBase)),
          },
        },
        originalUriBaseIds: { "%SRCROOT%": { uri: pathToFileURL(opts.cwd).href.replace(/\/?$/, "/") } },
        columnKind: "utf16CodeUnits",
        ...(notes.length ? { invocations: [{ executionSuccessful: true, toolExecutionNotifications: notes }] } : {}),
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

/** Whether a silenced error is still in the file's diagnostics, at a lower level (then it is reported there, once). */
function shown(r: FileReport, d: PackDiagnostic): boolean {
  return r.diagnostics.some((o) => o.code === d.code && o.range.start.line === d.range.start.line && o.range.start.character === d.range.start.character);
}

const LEVEL: Record<Severity, "error" | "warning" | "note"> = { error: "error", warning: "warning", information: "note", hint: "note" };
const PROBLEM_SEVERITY: Record<Severity, string> = { error: "error", warning: "warning", information: "recommendation", hint: "recommendation" };

function descriptor(r: RuleInfo, docsBase: string | undefined) {
  const doc = ruleDoc(r.code)!;
  const page = rulePage(doc);
  return {
    id: r.code,
    name: r.code
      .split(/[^A-Za-z0-9]+/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(""),
    shortDescription: { text: describe(r) },
    fullDescription: { text: doc.checks },
    ...(docsBase ? { helpUri: ruleDocHref(docsBase, r.code) } : {}),
    help: { text: `${doc.checks}\n\nHow to fix it: ${doc.fix}`, markdown: page },
    defaultConfiguration: { level: LEVEL[r.severity], ...(r.offlineCheckable ? {} : { enabled: false }) },
    properties: {
      tags: [r.area, r.origin === "reference" ? "reference" : "packlint"],
      precision: "very-high",
      "problem.severity": PROBLEM_SEVERITY[r.severity],
    },
  };
}

function result(d: PackDiagnostic, path: string, cwd: string, index: Map<string, number>) {
  const location = (range: Range) => ({ physicalLocation: { artifactLocation: artifact(path, cwd), region: region(range) } });
  const ruleIndex = index.get(d.code);
  return {
    ruleId: d.code,
    ...(ruleIndex !== undefined ? { ruleIndex } : {}),
    level: LEVEL[d.severity],
    message: { text: displayMessage(d) },
    locations: [location(d.range)],
    ...(d.related?.length ? { relatedLocations: d.related.map((rel, i) => ({ id: i + 1, ...location(rel.range), message: { text: rel.message } })) } : {}),
    ...(d.field ? { properties: { field: d.field } } : {}),
  };
}

function artifact(path: string, cwd: string) {
  const p = workspacePath(path, cwd);
  if (isAbsolute(p) || /^[A-Za-z]:\//.test(p)) return { uri: pathToFileURL(p).href };
  return { uri: p.split("/").map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" };
}

/** SARIF regions are 1-based; endColumn is the column after the last character, as LSP's exclusive end. */
function region(r: Range) {
  return { startLine: r.start.line + 1, startColumn: r.start.character + 1, endLine: r.end.line + 1, endColumn: r.end.character + 1 };
}
