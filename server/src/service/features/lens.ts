import type { PackModel } from "../pack-model";
import { compareRanges, toRange } from "../diagnostics";
import type { SymbolEntry } from "../model/symbols";
import type { Location } from "vscode-languageserver-types";
import type { CodeLens } from "../types";
import { challengeUsage } from "./symbol-info";
import { symbolIndex } from "./symbol-index";

/** The client's command ids the lenses name (the client implements them; shared/src/protocol.ts `Commands`). */
export interface LensCommands {
  showReferences: string;
  runInputSet: string;
}

/**
 * Code lenses: on each challenge, how many cases use it; on each validator and judge, how many scorecard dimensions;
 * on each input set, its case count and the command that runs it (`agentclash eval start --input-set <key>`), which
 * the client copies or sends to a terminal on click — nothing runs by itself.
 */
export function codeLenses(model: PackModel, commands: LensCommands): CodeLens[] {
  const out: CodeLens[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const lens = (decl: SymbolEntry, title: string, refs: SymbolEntry[]) => {
    const range = toRange(model.lines, decl.span);
    const locations: Location[] = refs.map((r) => ({ uri: model.lines.uri, range: toRange(model.lines, r.span) }));
    out.push({ range, command: { title, command: commands.showReferences, arguments: [model.lines.uri, range.start, locations] } });
  };
  const index = symbolIndex(model);
  const refsOf = (decl: SymbolEntry) => index.occurrences(decl.kind, decl.name, decl.scope).references;
  for (const decl of index.declaredAnywhere("challenge")) {
    const use = challengeUsage(model, decl.name);
    lens(decl, `${plural(use.cases, "case")} in ${plural(use.inputSets, "input set")}`, refsOf(decl));
  }
  for (const decl of [...index.declaredAnywhere("validator"), ...index.declaredAnywhere("judge")]) {
    const fromDimensions = refsOf(decl).filter((r) => r.field.startsWith("version.evaluation_spec.scorecard.dimensions["));
    const dimensions = new Set(fromDimensions.map((r) => /^version\.evaluation_spec\.scorecard\.dimensions\[(\d+)\]/.exec(r.field)![1]));
    lens(decl, `used by ${plural(dimensions.size, "dimension")}`, fromDimensions);
  }
  model.bundle.input_sets.forEach((set) => {
    if (set.key === "" || !model.at.has(set, "key")) return;
    const range = toRange(model.lines, model.at.value(set, "key"));
    out.push({ range, command: { title: plural(set.cases.length, "case"), command: "" } });
    const command = `agentclash eval start --input-set ${set.key}`;
    out.push({ range, command: { title: `▶ ${command}`, command: commands.runInputSet, arguments: [command] } });
  });
  return out.sort((a, b) => compareRanges(a.range, b.range));
}
