import assert from "node:assert/strict";
import type { PackDiagnostic } from "../../server/src/service";
import { buildSkillModel, emptyHost, SkillHost, SkillModel, skillDiagnostics } from "../../server/src/service/skill-cases";
import { marked, yaml } from "./fixture";

/** The head of a valid case file (version, skill, defaults, the `cases:` key). */
export const head = yaml`
  version: "1.0"
  skill:
    name: refund-helper
    description: Drafts refund decisions.
  defaults:
    mode: dry-run
    execution: no_tool_call
  cases:
`;

/** Indents a case written at column 0 under `cases:`. */
export function item(src: string): string {
  return src.replace(/^(?=.)/gm, "  ");
}

/** A positive trigger case, as a list item indented under `cases:`. */
export const positive = item(yaml`
  - id: trigger_001
    type: trigger
    title: Refund request
    query: "I want my money back for order 1042."
    inputs:
      files: []
      context: {}
    expected:
      skill:
        should_use: refund-helper
        should_not_use: []
      must_include: []
      must_not_include: []
      artifacts: []
      routing: {}
    assertions:
      - "selected_skill == 'refund-helper'"
`);

/** A negative trigger case. */
export const negative = item(yaml`
  - id: trigger_002
    type: trigger
    title: Poem request
    query: "Write a poem about autumn."
    inputs:
      files: []
      context: {}
    expected:
      skill:
        should_use: ""
        should_not_use: [refund-helper]
      must_include: []
      must_not_include: []
      artifacts: []
      routing: {}
    assertions:
      - "selected_skill != 'refund-helper'"
`);

/** A valid case file; `extra` cases (written at column 0) are added after the two trigger cases. */
export function skillFile(opts: { head?: string; cases?: string[]; extra?: string[] } = {}): string {
  const cases = opts.cases ?? [positive, negative, ...(opts.extra ?? []).map(item)];
  return (opts.head ?? head) + cases.join("");
}

export interface SkillOpts {
  uri?: string;
  host?: SkillHost;
}

export function skillModel(text: string, opts: SkillOpts = {}): SkillModel {
  return buildSkillModel(text, opts.uri ?? "untitled:skill_cases.yaml", opts.host ?? emptyHost);
}

export function diagnoseSkill(text: string, opts: SkillOpts = {}): PackDiagnostic[] {
  return skillDiagnostics(skillModel(text, opts));
}

export interface SkillWant {
  code: string;
  field?: string | null;
  message?: string;
  severity?: PackDiagnostic["severity"];
}

/** One diagnostic with this code per marked range, at exactly that range, and no other with that code. */
export function expectSkill(src: string, want: SkillWant, opts: SkillOpts = {}): PackDiagnostic[] {
  const m = marked(src);
  const got = diagnoseSkill(m.text, opts).filter((d) => d.code === want.code);
  assert.equal(got.length, m.ranges.length, `want ${m.ranges.length} ${want.code}, got ${JSON.stringify(got, null, 1)}`);
  got.forEach((d, i) => {
    if (want.field !== undefined) assert.equal(d.field, want.field);
    if (want.message !== undefined) assert.equal(d.message, want.message);
    if (want.severity !== undefined) assert.equal(d.severity, want.severity);
    assert.deepEqual(d.range, m.ranges[i], `range of ${want.code} #${i}`);
  });
  return got;
}

export function expectNoSkill(src: string, code: string, opts: SkillOpts = {}): void {
  assert.deepEqual(diagnoseSkill(marked(src).text, opts).filter((d) => d.code === code), [], `unexpected ${code}`);
}

/** A host over an in-memory file table. */
export function memoryHost(files: Record<string, string>): SkillHost {
  return { readFile: (p) => files[p], exists: (p) => p in files };
}
