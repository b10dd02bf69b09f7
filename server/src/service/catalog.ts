import data from "../../data/pack-rules.json";
import { goQuote } from "./util/go-quote";

/** The rule catalog (pack-rules.json), written from the reference validator: rules, known keys, enums. */

export interface CatalogRule {
  id: string;
  area: string;
  field_pattern: string;
  message: string;
  severity: string;
  phase: string;
  summary: string;
  notes?: string;
  stage: string;
  order: number;
  reachable: boolean;
  offline_checkable: boolean;
}

export interface KnownKey {
  type: string;
  go_type: string;
  note?: string;
}

export interface KnownObject {
  decoder: string;
  unknown_keys: string;
  key_match: string;
  keys: Record<string, KnownKey>;
  note?: string;
  applies_to: string[];
}

export interface CatalogEnum {
  /** A list of values, or (for a few entries such as builtin_dimension_keys) a map of value → facts. */
  values: (string | number)[] | Record<string, unknown>;
  note?: string;
}

/**
 * A table looked up by names a pack writes: without a prototype, so that `constructor`, `toString` or `__proto__`
 * find nothing instead of Object.prototype's members.
 */
function table<T>(record: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, record);
}

export const rules: readonly CatalogRule[] = data.rules as CatalogRule[];
export const knownObjects: Readonly<Record<string, KnownObject>> = table(
  Object.fromEntries(Object.entries(data.known_keys as unknown as Record<string, KnownObject>).map(([name, o]) => [name, { ...o, keys: table(o.keys) }])),
);
export const enums: Readonly<Record<string, CatalogEnum>> = table(data.enums as unknown as Record<string, CatalogEnum>);

const byId = new Map(rules.map((r) => [r.id, r]));

export function rule(id: string): CatalogRule | undefined {
  return byId.get(id);
}

/** What fills a catalog message's placeholders, by name. */
export type MessageValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /"\{([a-z_]+)\}"|\{([a-z_]+)\}/g;

/** Whether a catalog message has placeholders to fill. */
export function hasPlaceholders(template: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(template);
}

/**
 * A catalog message with its placeholders filled as the reference formats them: a quoted `"{name}"` is Go's %q
 * of the value (goQuote), a bare `{name}` the value as it is. Throws when a value is missing: a rule's bug.
 */
export function fillMessage(template: string, values: MessageValues): string {
  return template.replace(PLACEHOLDER, (_, quoted: string | undefined, bare: string | undefined) => {
    const name = (quoted ?? bare)!;
    if (!Object.hasOwn(values, name)) throw new Error(`no value for {${name}} in "${template}"`);
    const value = String(values[name]);
    return quoted === undefined ? value : goQuote(value);
  });
}

export function enumValues(name: string): string[] {
  const e = enums[name];
  if (!e) throw new Error(`unknown enum ${name}`);
  return Array.isArray(e.values) ? e.values.map(String) : Object.keys(e.values);
}
