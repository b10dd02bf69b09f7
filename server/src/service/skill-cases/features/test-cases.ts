import type { Range } from "vscode-languageserver-types";
import { documentDiagnostics } from "../../diagnostics";
import { safeId } from "../rules/ids";
import type { SkillModel } from "../skill-model-type";

/** A case as a test runner lists it: its id, type and title, and where it is written. */
export interface SkillTestCase {
  id: string;
  type: string;
  title: string;
  /** The whole list item. */
  range: Range;
  /** The id's value (else the item's dash): where a result points. */
  selectionRange: Range;
}

/** The cases of a case file that `packlint skill run` can run, and why it cannot run any of them. */
export interface SkillTestCases {
  skill: string;
  /** Each case with a usable id, once (the first of duplicates), in the file's order. */
  cases: SkillTestCase[];
  /** The case file's errors (default levels, as `skill run` checks them), as "line N: message [code]": while there is one, nothing runs. */
  errors: string[];
}

/** What the editor's Test Explorer shows of a case file and what its Run may start. */
export function testCases(model: SkillModel): SkillTestCases {
  const { view } = model;
  const range = (start: number, end: number) => ({ start: model.lines.positionAt(start), end: model.lines.positionAt(end) });
  const seen = new Set<string>();
  const cases: SkillTestCase[] = [];
  for (const src of model.cases) {
    const c = model.suite.cases[src.index];
    if (!c || !safeId(c.id) || seen.has(c.id)) continue;
    seen.add(c.id);
    const whole = view.itemSpan(src.written, src.anchor);
    const idEntry = view.get(src.node, "id");
    const selection = idEntry?.valueSpan ?? idEntry?.keySpan ?? src.anchor;
    cases.push({ id: c.id, type: c.type, title: c.title, range: range(whole.start, whole.end), selectionRange: range(selection.start, selection.end) });
  }
  const errors = documentDiagnostics(model)
    .filter((d) => d.severity === "error")
    .map((d) => `line ${d.range.start.line + 1}: ${d.field ? d.field + " " : ""}${d.message} [${d.code}]`);
  return { skill: model.suite.skill.name, cases, errors };
}
