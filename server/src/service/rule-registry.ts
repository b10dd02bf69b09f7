import { rules as catalogRules } from "./catalog";
import type { Severity } from "./types";

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
  /** False for the hosted API's server-only checks (DECISIONS #11): they cannot run offline. */
  offlineCheckable: boolean;
  /** False for reference rules that exist in the source but cannot fire from YAML input. */
  reachable: boolean;
}

interface OwnRule {
  code: string;
  area: string;
  severity: Severity;
  summary: string;
  /** A catalog rule this code reports instead (DECISIONS #3: our own YAML syntax messages). */
  replaces?: string;
}

/**
 * Our own codes. Add an entry here with every new advisory (`ctx.advise`) or own decode code;
 * a test checks that every code used in server/src is registered.
 */
const own: readonly OwnRule[] = [
  {
    code: "yaml-syntax",
    area: "decode",
    severity: "error",
    summary: "The text is not well-formed YAML. Reported with our parser's message at the exact range, in place of the reference's yaml-syntax-error (libyaml wording, off-by-one lines).",
    replaces: "yaml-syntax-error",
  },
  {
    code: "unknown-key",
    area: "advisory",
    severity: "warning",
    summary: "A key AgentClash does not know, outside evaluation_spec. The reference silently ignores it, so a typo there is lost work; the message suggests the closest known key.",
  },
  {
    code: "legacy-items",
    area: "advisory",
    severity: "hint",
    summary: "An input set uses legacy `items`: still accepted (converted to cases), but new packs should use `cases` with `case_key`; ignored when the set also has `cases`.",
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
