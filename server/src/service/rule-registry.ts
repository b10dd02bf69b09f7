import { rules as catalogRules } from "./catalog";
import type { Severity } from "./types";
import { closest } from "./util/did-you-mean";

/** Every diagnostic code packlint can emit or knows of: the reference's rules (catalog) and our own. */
export interface RuleInfo {
  code: string;
  /** The catalog's area, or ours ("decode", "advisory"). */
  area: string;
  severity: Severity;
  /** One or two sentences: when it fires. */
  summary: string;
  /** The reference's message template (catalog rules only). */
  message?: string;
  /** The reference's field path pattern; empty when the finding has no field. */
  field?: string;
  notes?: string;
  origin: "reference" | "packlint";
  /** False for the hosted API's server-only checks (the asset's `artifact_id` lookups): they cannot run offline. */
  offlineCheckable: boolean;
  /** False for reference rules that exist in the source but cannot fire from YAML input. */
  reachable: boolean;
}

interface OwnRule {
  code: string;
  area: string;
  severity: Severity;
  summary: string;
  /** A catalog rule this code reports instead (our own YAML syntax messages at exact ranges, not libyaml's). */
  replaces?: string;
}

/** `packlint FILE` on a file that is not a pack or a case file (cli/validate-file.ts). */
export const NOT_A_PACK = "not-a-pack";

/**
 * Our own codes. Add an entry here with every new advisory (`ctx.advise`) or own decode code;
 * a test checks that every code used in server/src is registered.
 */
const own: readonly OwnRule[] = [
  {
    code: "skill-field-required",
    area: "skill-cases",
    severity: "error",
    summary: "A required field of the case file or of a case is missing (every case keeps every field, with empty values written out).",
  },
  {
    code: "skill-field-type",
    area: "skill-cases",
    severity: "error",
    summary: "A field has the wrong type (a list where a string belongs, a map for a list, …).",
  },
  {
    code: "skill-field-empty",
    area: "skill-cases",
    severity: "error",
    summary: "A required field that must not be empty is empty (version, skill.name, id, type, title, query).",
  },
  {
    code: "skill-case-type-unknown",
    area: "skill-cases",
    severity: "error",
    summary: "A case `type` is not one of trigger, plan, contract, edge, failure.",
  },
  {
    code: "skill-mode-unknown",
    area: "skill-cases",
    severity: "error",
    summary: "`defaults.mode` is not one of dry-run, mock, execution.",
  },
  {
    code: "skill-output-format-unknown",
    area: "skill-cases",
    severity: "error",
    summary: "`defaults.output_format` is not json or markdown.",
  },
  {
    code: "skill-id-duplicate",
    area: "skill-cases",
    severity: "error",
    summary: "Two cases share an id (ids become file names, so ids differing only in case collide too).",
  },
  {
    code: "skill-id-unsafe",
    area: "skill-cases",
    severity: "error",
    summary: "A case id cannot be used as a file name (`<id>.md`).",
  },
  {
    code: "skill-unknown-key",
    area: "skill-cases",
    severity: "warning",
    summary: "A key the Skill Testing specification does not define.",
  },
  {
    code: "skill-execution-unknown",
    area: "skill-cases",
    severity: "warning",
    summary: "`defaults.execution` is not a documented value (no_tool_call).",
  },
  {
    code: "skill-should-use-implausible",
    area: "skill-cases",
    severity: "warning",
    summary: "`expected.skill.should_use` is neither empty nor a plausible skill name.",
  },
  {
    code: "skill-template-placeholder",
    area: "skill-cases",
    severity: "warning",
    summary: "A value still holds the specification template's placeholder text.",
  },
  {
    code: "skill-name-mismatch",
    area: "skill-cases",
    severity: "warning",
    summary: "`skill.name` differs from the `name:` in the Skill's SKILL.md front matter.",
  },
  {
    code: "skill-trigger-coverage",
    area: "skill-cases",
    severity: "warning",
    summary: "The suite lacks a positive or a negative trigger case.",
  },
  {
    code: "skill-failure-route-missing",
    area: "skill-cases",
    severity: "warning",
    summary: "A failure case has no failure route; the scorer counts it as an automatic failure.",
  },
  {
    code: "skill-blocked-route-missing",
    area: "skill-cases",
    severity: "warning",
    summary: "An edge case meant to block has no on_blocked route; the scorer counts it as an automatic failure.",
  },
  {
    code: "skill-trigger-assertion-contradiction",
    area: "skill-cases",
    severity: "warning",
    summary: "A trigger case's assertions contradict its expected.skill.",
  },
  {
    code: "skill-input-file-missing",
    area: "skill-cases",
    severity: "warning",
    summary: "A file in inputs.files does not exist relative to the Skill directory.",
  },
  {
    code: "skill-id-convention",
    area: "skill-cases",
    severity: "hint",
    summary: "A case id does not follow the `<type>_NNN` convention.",
  },
  {
    code: "skill-assertion-needs-judgement",
    area: "skill-cases",
    severity: "information",
    summary: "An assertion the deterministic checker cannot evaluate: a person must judge it.",
  },
  {
    code: "not-a-pack",
    area: "files",
    severity: "error",
    summary:
      "(CLI) A file named on the command line is neither a challenge pack nor a Skill Testing case file by its name, the config's `packs` globs or its content (two of the top-level keys `pack:`, `version:`, `challenges:` and `input_sets:`; `skill:` with `cases:`). One error instead of a pack's every required key.",
  },
  {
    code: "asset-file-missing",
    area: "files",
    severity: "warning",
    summary:
      "An asset path (version, challenge or case `assets[].path`) or a case input's `path` names no file or folder on disk, relative to the pack's folder; the message gives the resolved path.",
  },
  {
    code: "asset-path-outside-workspace",
    area: "files",
    severity: "warning",
    summary:
      "An asset or case input path is absolute, climbs out of the workspace with `..`, or leads out of it through a symbolic link: it is not checked, read or followed.",
  },
  {
    code: "eval-spec-key-case",
    area: "advisory",
    severity: "warning",
    summary:
      "A key inside evaluation_spec matches its canonical name only regardless of case (`Name:` for `name:`). AgentClash accepts it, since keys there are matched regardless of case; the canonical spelling is clearer.",
  },
  {
    code: "yaml-syntax",
    area: "decode",
    severity: "error",
    summary:
      "The text is not well-formed YAML, holds a character YAML does not allow (a control character other than tab and line breaks), or (CLI) bytes that are not UTF-8. Reported with our own message at the exact range, in place of the reference's yaml-syntax-error (libyaml wording, off-by-one lines).",
    replaces: "yaml-syntax-error",
  },
  {
    code: "yaml-nesting-too-deep",
    area: "decode",
    severity: "error",
    summary:
      "Collections nest deeper than 500 levels (directly, or through a chain of aliases). The deeper part is not checked (aliases: the document is not decoded), so that no hostile document can exhaust the stack.",
  },
  {
    code: "ignored-text",
    area: "decode",
    severity: "warning",
    summary:
      "Text AgentClash never reads: after a `...` document end marker, a second YAML document (`---`), or lines indented less than the pack's first line (they end its root node). The reference reads only the first document's root node, so data written there is dropped silently; the warning is on the first line of that text.",
  },
  {
    code: "document-too-large",
    area: "decode",
    severity: "warning",
    summary:
      "The document is over 8 MB: the packlint command (and the workspace index, for files not open) checks only its YAML syntax, and the editor does not check an open one at all, since a full check of a file that size takes tens of seconds and gigabytes of memory, and even the syntax check seconds on every keystroke.",
  },
  {
    code: "too-many-findings",
    area: "decode",
    severity: "error",
    summary:
      "The file has more than 1,000 findings: packlint reports the first 1,000 (errors first, then warnings, then the rest, each in text order) and this one, which counts the others and is as severe as the most severe of them. It keeps a file of millions of mistakes (a generated list gone wrong) from taking gigabytes.",
  },
  {
    code: "internal-error",
    area: "decode",
    severity: "error",
    summary:
      "packlint failed while checking this file (a bug in packlint, not a problem in the pack). The file was not checked; the other files were. Please report it with the file and the message's details.",
  },
  {
    code: "unknown-key",
    area: "advisory",
    severity: "warning",
    summary:
      "A key AgentClash does not know, outside evaluation_spec. The reference silently ignores it, so a typo there is lost work; the message suggests the closest known key.",
  },
  {
    code: "legacy-items",
    area: "advisory",
    severity: "hint",
    summary:
      "An input set uses legacy `items`: still accepted (converted to cases), but new packs should use `cases` with `case_key`; ignored when the set also has `cases`.",
  },
  {
    code: "legacy-item-key",
    area: "advisory",
    severity: "hint",
    summary: "A case uses the legacy `item_key` without `case_key`: still accepted, but new packs should use `case_key`.",
  },
  {
    code: "key-style",
    area: "advisory",
    severity: "hint",
    summary: "An input set or case key is not lowercase kebab-case (input and expectation keys may also be snake_case); the quick fix renames it.",
  },
  {
    code: "key-unstable",
    area: "advisory",
    severity: "hint",
    summary: "A key contains a date, UUID, run id or random-looking id; keys must stay stable after publish.",
  },
  {
    code: "input-set-size",
    area: "advisory",
    severity: "information",
    summary: "An input set named for its use (-smoke, -ci, -full, -regression, -edge) has an unusual number of cases for that use.",
  },
  {
    code: "ci-set-nondeterministic",
    area: "advisory",
    severity: "information",
    summary: "A case of a -ci or -smoke input set uses a remote URL or a large binary file; CI sets should be deterministic and cheap.",
  },
  {
    code: "duplicate-case",
    area: "advisory",
    severity: "hint",
    summary: "A case has the same challenge, payload, inputs and expectations as an earlier case of its input set: no unique signal.",
  },
  {
    code: "expectation-value-and-source",
    area: "advisory",
    severity: "hint",
    summary: "An expectation has both `value` and `source`; use one: inline content, or a reference to an input or artifact.",
  },
  {
    code: "expectation-unobservable",
    area: "advisory",
    severity: "hint",
    summary: "An expectation has no `value`, `source` or `artifact_key`: nothing to observe.",
  },
  {
    code: "evidence-key-undeclared",
    area: "advisory",
    severity: "warning",
    summary:
      "An evidence path (`case.inputs.<key>`, `case.expectations.<key>`, or `case.payload.<field>…` where every case writes a payload) reads a key no case declares, or a payload value no case has. The reference checks only the path's form; when the pack is scored, the validator or judge reading it comes out unavailable.",
  },
  {
    code: "pattern-too-large",
    area: "advisory",
    severity: "warning",
    summary:
      "A regular expression (a forbidden output's `pattern`, an `expected_refusal_pattern`, a postcondition's `regex_match` value, a tool schema's `pattern` or `patternProperties` key) is over 10,000 characters: packlint does not compile it, so whether AgentClash accepts it is not checked.",
  },
  {
    code: "suppression-unused",
    area: "suppressions",
    severity: "warning",
    summary:
      "A suppression comment (`# packlint-disable-next-line CODE`, `# packlint-disable CODE`, `# packlint-disable-file CODE`) names a code that nothing it covers reports.",
  },
  {
    code: "suppression-invalid",
    area: "suppressions",
    severity: "warning",
    summary:
      "A suppression comment names an unknown rule code or none, is not one of packlint-disable-next-line, packlint-disable, packlint-enable and packlint-disable-file, or enables a code no packlint-disable before it disabled.",
  },
  {
    code: "multiple-input-sets",
    area: "advisory",
    severity: "information",
    summary: "The pack has several input sets, so `agentclash eval start` needs --input-set <key>.",
  },
];

const replaced = new Set(own.flatMap((r) => (r.replaces ? [r.replaces] : [])));

const registry: readonly RuleInfo[] = [
  ...catalogRules
    .filter((r) => !replaced.has(r.id))
    .map((r): RuleInfo => ({
      code: r.id,
      area: r.area,
      severity: r.severity as Severity,
      summary: r.summary,
      message: r.message,
      field: r.field_pattern,
      ...(r.notes ? { notes: r.notes } : {}),
      origin: "reference",
      offlineCheckable: r.offline_checkable,
      reachable: r.reachable,
    })),
  ...own.map((r): RuleInfo => ({
    code: r.code,
    area: r.area,
    severity: r.severity,
    summary: r.summary,
    origin: "packlint",
    offlineCheckable: true,
    reachable: true,
  })),
];

const byCode = new Map(registry.map((r) => [r.code, r]));

/** Every rule, reference rules in catalog (emission) order, then ours. */
export function allRules(): readonly RuleInfo[] {
  return registry;
}

export function ruleInfo(code: string): RuleInfo | undefined {
  return byCode.get(code);
}

/** A message when `code` is not a rule packlint knows, with the closest codes; undefined when it is known. */
export function unknownRuleProblem(code: string): string | undefined {
  if (byCode.has(code)) return undefined;
  const near = closest(code, byCode.keys());
  return `${code}: unknown rule code${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}; packlint rules lists them all`;
}
