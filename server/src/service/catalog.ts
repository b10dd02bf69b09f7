import data from "../../data/pack-rules.json";

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

export const rules: readonly CatalogRule[] = data.rules as CatalogRule[];
export const knownObjects: Readonly<Record<string, KnownObject>> = data.known_keys as unknown as Record<string, KnownObject>;
export const enums: Readonly<Record<string, CatalogEnum>> = data.enums as unknown as Record<string, CatalogEnum>;

const byId = new Map(rules.map((r) => [r.id, r]));

export function rule(id: string): CatalogRule | undefined {
  return byId.get(id);
}

export function enumValues(name: string): string[] {
  const e = enums[name];
  if (!e) throw new Error(`unknown enum ${name}`);
  return Array.isArray(e.values) ? e.values.map(String) : Object.keys(e.values);
}
