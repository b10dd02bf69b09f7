import assert from "node:assert/strict";
import type { PackDiagnostic } from "../../server/src/service/pack";
import { buildSkillModel, emptyHost, SkillHost, SkillModel, documentDiagnostics } from "../../server/src/service/skill-cases";
import { marked, yaml } from "./fixture";
import { expectMarked, Want } from "./expect";

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

/**
 * A case written compactly at column 0: its first lines `top` (id, type, title, query; markers allowed),
 * then flow-style empty inputs, an expected block (must_include and routing replaceable) and no assertions.
 */
export function compactCase(top: string, expected: { mustInclude?: string; routing?: string } = {}): string {
  return (
    top +
    item(yaml`
    inputs: {files: [], context: {}}
    expected:
      skill: {should_use: refund-helper, should_not_use: []}
      must_include: ${expected.mustInclude ?? "[]"}
      must_not_include: []
      artifacts: []
      routing: ${expected.routing ?? "{}"}
    assertions: []
  `)
  );
}

/** A plan case (plan_001) with nothing expected: the plainest case after the two triggers. */
export const planCase = compactCase(yaml`
  - id: plan_001
    type: plan
    title: Plan a refund
    query: Plan the refund for order 1042.
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
  return documentDiagnostics(skillModel(text, opts));
}

/** One diagnostic with this code per marked range, at exactly that range, and no other with that code. */
export function expectSkill(src: string, want: Want, opts: SkillOpts = {}): PackDiagnostic[] {
  return expectMarked(src, want, (text) => diagnoseSkill(text, opts));
}

export function expectNoSkill(src: string, code: string, opts: SkillOpts = {}): void {
  assert.deepEqual(
    diagnoseSkill(marked(src).text, opts).filter((d) => d.code === code),
    [],
    `unexpected ${code}`,
  );
}

/** A host over an in-memory file table. */
export function memoryHost(files: Record<string, string>): SkillHost {
  return { readFile: (p) => files[p], exists: (p) => p in files };
}
