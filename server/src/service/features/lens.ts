import type { PackModel } from "../pack-model";
import { compareRanges, toRange } from "../diagnostics";
import type { SymbolEntry } from "../model/symbols";
import type { Location } from "vscode-languageserver-types";
import type { CodeLens, Span } from "../types";
import { challengeUsage } from "./symbol-info";
import { symbolIndex } from "./symbol-index";

/**
 * The command ids the lenses name, given by the caller: the server's own (it executes them through
 * `workspace/executeCommand`, so lenses work in any client), which a client may map to its own UI.
 */
export interface LensCommands {
  /** Arguments: uri, position, locations (LSP JSON). */
  showReferences: string;
  /** Argument: the `agentclash eval start` command line. */
  runInputSet: string;
}

/**
 * Code lenses: on each challenge, how many cases use it; on each validator and judge, how many scorecard dimensions
 * (a dimension of source `validators` with no list reads them all); on each input set, its cases and the command
 * that runs it (`agentclash eval start --input-set <key>`), offered on click, never run by itself. Every count is
 * the number of locations its lens shows, which are the references request's for that key.
 */
export function codeLenses(model: PackModel, commands: LensCommands): CodeLens[] {
  const out: CodeLens[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const location = (span: Span): Location => ({ uri: model.lines.uri, range: toRange(model.lines, span) });
  const lens = (span: Span, title: string, shown: Span[]) => {
    const range = toRange(model.lines, span);
    out.push({ range, command: { title, command: commands.showReferences, arguments: [model.lines.uri, range.start, shown.map(location)] } });
  };
  // A count that may miss what a broken part holds is not claimed: the lens says it could not count (fail closed).
  const uncounted = (owner: object | undefined, key: string) => uncountable(model, owner, key);
  const index = symbolIndex(model);
  const refsOf = (decl: SymbolEntry) => index.occurrences(decl.kind, decl.name, decl.scope).references;
  for (const decl of index.declaredAnywhere("challenge")) {
    const use = challengeUsage(model, decl.name);
    const broken = uncounted(model.bundle, "input_sets");
    lens(
      decl.span,
      broken ? notCounted("cases", broken) : `${plural(use.cases, "case")} in ${plural(use.inputSets, "input set")}`,
      refsOf(decl).map((r) => r.span),
    );
  }
  for (const decl of [...index.declaredAnywhere("validator"), ...index.declaredAnywhere("judge")]) {
    const fromDimensions = refsOf(decl).filter((r) => r.field.startsWith("version.evaluation_spec.scorecard.dimensions["));
    const dimensions = new Set(fromDimensions.map((r) => /^version\.evaluation_spec\.scorecard\.dimensions\[(\d+)\]/.exec(r.field)![1]));
    const broken = uncounted(scorecardOf(model), "dimensions");
    lens(
      decl.span,
      broken ? notCounted("dimensions", broken) : `used by ${plural(dimensions.size, "dimension")}`,
      fromDimensions.map((r) => r.span),
    );
  }
  model.bundle.input_sets.forEach((set) => {
    if (set.key === "" || !model.at.has(set, "key")) return;
    const span = model.at.value(set, "key");
    const cases = set.cases.map((c, j) => {
      const key = model.at.has(c, "case_key") ? "case_key" : model.at.has(c, "item_key") ? "item_key" : undefined;
      return key ? model.at.value(c, key) : model.at.item(set.cases, j);
    });
    const broken = uncounted(set, set.cases.length === 0 && model.at.has(set, "items") ? "items" : "cases");
    lens(span, broken ? notCounted("cases", broken) : plural(set.cases.length, "case"), cases);
    const command = `agentclash eval start --input-set ${set.key}`;
    out.push({ range: toRange(model.lines, span), command: { title: `▶ ${command}`, command: commands.runInputSet, arguments: [command] } });
  });
  return out.sort((a, b) => compareRanges(a.range, b.range));
}

/** A lens's title for a count it could not make: what it counts and where the syntax error is. */
function notCounted(what: string, line: number): string {
  return `${what} not counted: fix the syntax error on line ${line}`;
}

/**
 * The 1-based line of the broken part that `owner.key` may be written in, or 0 when its count is known: its value
 * reaches into a broken part, or it is not written (nor its owner) while a part of the document is broken.
 */
function uncountable(model: PackModel, owner: object | undefined, key: string): number {
  if (model.broken.length === 0) return 0;
  // The line of the syntax error that made the part broken (the part starts at the block that holds it).
  const lineOf = (part: Span) => {
    const cause = model.findings.find((f) => f.code === "yaml-syntax" && part.start <= f.span.start && f.span.start < part.end);
    return model.lines.positionAt((cause ?? { span: part }).span.start).line + 1;
  };
  if (!owner || !model.at.has(owner, key)) return lineOf(model.broken[0]);
  const value = (owner as Record<string, unknown>)[key];
  const extent = value && typeof value === "object" ? model.at.extent(value) : model.at.value(owner, key);
  const hit = model.broken.find((r) => extent.start < r.end && r.start < Math.max(extent.end, extent.start + 1));
  return hit ? lineOf(hit) : 0;
}

function scorecardOf(model: PackModel): object | undefined {
  const scorecard = model.bundle.version.evaluation_spec?.scorecard;
  return scorecard && typeof scorecard === "object" && !Array.isArray(scorecard) ? scorecard : undefined;
}
