/**
 * The shape of a Skill Testing case file (`tests/skill_cases.yaml`), from the Skill Testing skill's documentation
 * and its published case specification. One source for the rules, completion, hover, quick fixes and snippets.
 */

export type FieldKind =
  /** Any non-empty scalar. */
  | "string"
  /** A scalar that may be `""` (expected.skill.should_use). */
  | "string-or-empty"
  /** A list of scalars. */
  | "list"
  /** A free-form map (inputs.context). */
  | "map"
  /** A map of route name to target (expected.routing). */
  | "routing"
  /** A map with known keys. */
  | "object"
  /** The list of cases. */
  | "cases";

export interface EnumValue {
  value: string;
  doc: string;
}

export interface FieldSpec {
  key: string;
  kind: FieldKind;
  required: boolean;
  doc: string;
  /** The only valid values (an enum), or documented values when `open`. */
  values?: EnumValue[];
  /** The values list documents the common values but others are allowed. */
  open?: boolean;
  children?: FieldSpec[];
}

export const CASE_TYPES: EnumValue[] = [
  { value: "trigger", doc: "Whether the Skill triggers for this query, and stays silent where it should not (a positive or a negative trigger case)." },
  { value: "plan", doc: "Whether the dry-run plan follows the Skill: which Skill, the steps, inputs, outputs, success and failure criteria, failure routes." },
  {
    value: "contract",
    doc: "Whether the output contract holds: artifact names, required fields, value ranges, headings, schemas a downstream Agent or Hook consumes.",
  },
  { value: "edge", doc: "Missing information, ambiguous input or incomplete documents: the Skill should ask for confirmation or block instead of guessing." },
  { value: "failure", doc: "Failure diagnosis, classification and routing: the response must name where a failure goes next." },
];

export const MODES: EnumValue[] = [
  { value: "dry-run", doc: "Recommended. No commands, no file changes, no external calls: the agent only states its choice or plan." },
  { value: "mock", doc: "Half-real: sample documents, logs or reports stand in for real inputs." },
  { value: "execution", doc: "Real execution; usually for Agent evals, not the default for Skill tests." },
];

export const EXECUTIONS: EnumValue[] = [{ value: "no_tool_call", doc: "The agent must not call tools while answering a case." }];

export const OUTPUT_FORMATS: EnumValue[] = [
  { value: "json", doc: "Structured output." },
  { value: "markdown", doc: "Markdown output." },
];

/** Route names from the specification's examples; others are allowed. */
export const ROUTE_KEYS: EnumValue[] = [
  { value: "on_success", doc: "Where the flow goes when the Skill succeeds (e.g. `finish`)." },
  { value: "on_failure", doc: "Where a failure is handed off (e.g. `skill-author`). A `failure` case needs a failure route." },
  { value: "on_blocked", doc: "Where a blocked case goes for confirmation (e.g. `human_confirm`). An `edge` case that should block needs it." },
  { value: "on_case_failure", doc: "Where a failing test case goes (e.g. `testcase-agent`)." },
  { value: "on_code_failure", doc: "Where a code defect goes (e.g. `coding-agent`)." },
  { value: "on_env_failure", doc: "Where an environment problem goes (e.g. `env-agent`)." },
];

export const ROUTE_TARGETS: EnumValue[] = [
  { value: "finish", doc: "The flow ends." },
  { value: "human_confirm", doc: "A person confirms before anything continues." },
  { value: "skill-author", doc: "The Skill's author fixes the Skill." },
  { value: "testcase-agent", doc: "An agent that repairs test cases." },
  { value: "coding-agent", doc: "An agent that repairs code." },
  { value: "env-agent", doc: "An agent that repairs the environment." },
];

const list = (key: string, doc: string, required = true): FieldSpec => ({ key, kind: "list", required, doc });

export const CASE_FIELDS: FieldSpec[] = [
  {
    key: "id",
    kind: "string",
    required: true,
    doc: "Unique case id. It names the response file `<id>.md`, so it must be file-name safe. Convention: `<type>_NNN`, e.g. `trigger_001`.",
  },
  { key: "type", kind: "string", required: true, doc: "What the case tests.", values: CASE_TYPES },
  { key: "title", kind: "string", required: true, doc: "A short description of the scenario." },
  { key: "query", kind: "string", required: true, doc: "The user's request. The dry-run prompt is built from it according to the case type." },
  {
    key: "inputs",
    kind: "object",
    required: true,
    doc: "Test inputs, appended to the prompt as test context.",
    children: [
      list("files", "Paths of input files, relative to the Skill directory (the folder above `tests/`). Write `[]` when there are none."),
      { key: "context", kind: "map", required: true, doc: "Extra context as key/value pairs. Write `{}` when there is none." },
    ],
  },
  {
    key: "expected",
    kind: "object",
    required: true,
    doc: "What a correct response shows. The sub-agent never sees it.",
    children: [
      {
        key: "skill",
        kind: "object",
        required: true,
        doc: "Which Skill the response should select.",
        children: [
          {
            key: "should_use",
            kind: "string-or-empty",
            required: true,
            doc: 'The Skill the response should select, or `""` when none should be used (a negative trigger case).',
          },
          list("should_not_use", "Skills the response must not select. Write `[]` when there are none."),
        ],
      },
      list("must_include", "Terms, fields or steps the response must contain. Write `[]` when there are none."),
      list("must_not_include", "Forbidden actions or content (tool execution, file changes, invented facts). Write `[]` when there are none."),
      list("artifacts", "Artifacts the response should name or plan to produce. Write `[]` when there are none."),
      {
        key: "routing",
        kind: "routing",
        required: true,
        doc: "Routes the response should name, route → target (e.g. `on_success: finish`, `on_blocked: human_confirm`). Write `{}` when there are none.",
      },
      {
        key: "synonyms",
        kind: "map",
        required: false,
        doc: "Other words the scorer accepts for a `must_include` term: term → list, e.g. `invoice date range: [billing period, 账单周期]`. A term not found as written nor as a synonym is left to a judge (`--judge`), else the case is at best REVIEW.",
      },
    ],
  },
  list(
    "assertions",
    "Checks on the formatted response, e.g. `selected_skill == 'x'`, `'report.json' in artifacts`, `status in ['BLOCKED', 'NEEDS_CONFIRMATION']`, `artifact_exists('x')`. Forms the checker cannot evaluate need a reviewer's judgement. Write `[]` when there are none.",
  ),
  list("tags", "Free labels, e.g. `positive`, `negative`, `dry-run`.", false),
];

export const TOP_FIELDS: FieldSpec[] = [
  { key: "version", kind: "string", required: true, doc: 'Version of the case file format, e.g. `"1.0"`.' },
  {
    key: "skill",
    kind: "object",
    required: true,
    doc: "The Skill under test.",
    children: [
      { key: "name", kind: "string", required: true, doc: "The Skill's name, as in its `SKILL.md` front matter." },
      { key: "description", kind: "string", required: false, doc: "What the Skill does." },
    ],
  },
  {
    key: "defaults",
    kind: "object",
    required: true,
    doc: "How every case runs.",
    children: [
      { key: "mode", kind: "string", required: true, doc: "Test mode. Keep `dry-run` unless the test needs otherwise.", values: MODES },
      { key: "execution", kind: "string", required: true, doc: "Tool policy while answering.", values: EXECUTIONS, open: true },
      { key: "output_format", kind: "string", required: false, doc: "Format of the responses.", values: OUTPUT_FORMATS },
    ],
  },
  { key: "cases", kind: "cases", required: true, doc: 'The test cases. Every case keeps the same fields, with empty values written out (`""`, `[]`, `{}`).' },
];

/** The spec of the field at a path of keys ("[]" steps into a list item), or undefined. */
export function fieldAt(path: readonly string[]): FieldSpec | undefined {
  let fields: FieldSpec[] | undefined = TOP_FIELDS;
  let found: FieldSpec | undefined;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    if (step === "[]") {
      if (found?.kind !== "cases") return undefined;
      fields = CASE_FIELDS;
      found = undefined;
      continue;
    }
    found = fields?.find((f) => f.key === step);
    if (!found) return undefined;
    fields = found.children;
  }
  return found;
}

/** The known keys of the map at a path ([] = the document root, ["cases", "[]"] = a case). */
export function fieldsOf(path: readonly string[]): FieldSpec[] | undefined {
  if (path.length === 0) return TOP_FIELDS;
  if (path.length === 2 && path[0] === "cases" && path[1] === "[]") return CASE_FIELDS;
  return fieldAt(path)?.children;
}

/** The YAML text of a field's empty value, as the specification writes it. */
export function emptyValue(f: FieldSpec): string {
  switch (f.kind) {
    case "list":
    case "cases":
      return "[]";
    case "map":
    case "routing":
      return "{}";
    default:
      return '""';
  }
}

/** A field written out with empty values, one line per entry, indented by `indent` spaces per level. */
export function emptyField(f: FieldSpec, indent = 2): string[] {
  if (f.kind !== "object") return [`${f.key}: ${emptyValue(f)}`];
  const out = [`${f.key}:`];
  for (const c of f.children ?? []) if (c.required) out.push(...emptyField(c, indent).map((l) => " ".repeat(indent) + l));
  return out;
}
