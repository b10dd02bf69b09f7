import type { Asset, Bundle, Case, InputSet } from "./bundle";
import type { SourceMap } from "./source";
import { goTrim } from "../util/go-quote";
import { setOwn } from "../util/own-keys";

/**
 * The reference's `normalizeBundle` (called by `ParseYAML`, runtime/challengepack/bundle.go): trimming, lowercasing, legacy `items` to
 * `cases`, case_key/item_key fallback, default payload/definition. Runs in place on the decoded
 * bundle; converted legacy items keep their item's source so ranges still point at `items[j]`.
 * Values `reused` from an earlier version were normalized then; everything else is idempotent.
 */
export function normalize(b: Bundle, sources: SourceMap, reused?: ReadonlySet<object>): void {
  b.modality = goTrim(b.modality);
  if (b.interface_spec) {
    trimInPlace(b.interface_spec.transports);
    b.interface_spec.channel_profile = goTrim(b.interface_spec.channel_profile);
  }
  if (b.scenario) {
    b.scenario.persona = goTrim(b.scenario.persona);
    b.scenario.language = goTrim(b.scenario.language);
  }
  b.pack.slug = goTrim(b.pack.slug);
  b.pack.name = goTrim(b.pack.name);
  b.pack.family = goTrim(b.pack.family.toLowerCase());
  b.version.execution_mode = goTrim(b.version.execution_mode);
  b.version.assets.forEach(trimAsset);

  for (const c of b.challenges) {
    if (reused?.has(c)) continue; // normalized when first decoded (incremental updates)
    c.key = goTrim(c.key);
    c.title = goTrim(c.title);
    c.category = goTrim(c.category);
    c.difficulty = goTrim(c.difficulty);
    c.instructions = goTrim(c.instructions);
    c.definition ??= {};
    if (c.instructions !== "" && !("instructions" in c.definition)) c.definition.instructions = c.instructions;
    c.assets.forEach(trimAsset);
    for (const r of c.artifact_refs) r.key = goTrim(r.key);
  }

  for (const set of b.input_sets) {
    if (reused?.has(set)) continue;
    set.key = goTrim(set.key);
    set.name = goTrim(set.name);
    if (set.cases.length === 0 && set.items.length > 0) convertItems(set, sources);
    for (const c of set.cases) if (!reused?.has(c)) normalizeCase(c);
  }

  normalizeDeploymentDefaults(b, sources);
  normalizeSecurity(b);
}

/** Lists are trimmed in place: a decoded list's identity is its link to its source. */
function trimInPlace(list: string[]): string[] {
  list.forEach((x, i) => (list[i] = goTrim(x)));
  return list;
}

function trimAsset(a: Asset): void {
  a.key = goTrim(a.key);
  a.kind = goTrim(a.kind);
  a.path = goTrim(a.path);
  a.media_type = goTrim(a.media_type);
}

function normalizeCase(c: Case): void {
  c.challenge_key = goTrim(c.challenge_key);
  c.case_key = goTrim(c.case_key);
  c.item_key = goTrim(c.item_key);
  if (c.case_key === "") c.case_key = c.item_key;
  if (c.item_key === "") c.item_key = c.case_key;
  c.payload ??= {};
  c.assets.forEach(trimAsset);
  for (const a of c.artifacts) a.key = goTrim(a.key);
  for (const i of c.inputs) {
    i.key = goTrim(i.key);
    i.kind = goTrim(i.kind);
    i.artifact_key = goTrim(i.artifact_key);
    i.path = goTrim(i.path);
  }
  for (const e of c.expectations) {
    e.key = goTrim(e.key);
    e.kind = goTrim(e.kind);
    e.artifact_key = goTrim(e.artifact_key);
    e.source = goTrim(e.source);
  }
}

function convertItems(set: InputSet, sources: SourceMap): void {
  const listSource = sources.get(set.items);
  set.cases = set.items.map((item) => {
    const c: Case = {
      challenge_key: item.challenge_key,
      case_key: item.item_key,
      item_key: item.item_key,
      payload: item.payload === undefined ? undefined : structuredClone(item.payload),
      inputs: [],
      expectations: [],
      artifacts: [],
      assets: item.assets,
      case_timeout_seconds: 0,
    };
    const src = sources.get(item);
    if (src) {
      const keys = new Map(src.keys);
      const itemKey = keys.get("item_key");
      if (itemKey && !keys.has("case_key")) keys.set("case_key", itemKey);
      sources.set(c, { ...src, keys });
    }
    for (const list of [c.inputs, c.expectations, c.artifacts]) {
      if (src) sources.set(list, { ...src, keys: new Map(), items: [], writtenIndex: [] });
    }
    return c;
  });
  if (listSource) sources.set(set.cases, listSource);
  set.fromItems = true;
}

function normalizeDeploymentDefaults(b: Bundle, sources: SourceMap): void {
  const dd = b.version.deployment_defaults;
  if (!dd) return;
  // Keys that trim to the same text merge (the last written wins); each keeps its written source for ranges.
  const trimMap = <T>(m: Record<string, T> | undefined, f: (v: T) => T) => {
    if (!m) return m;
    const out: Record<string, T> = {};
    const src = sources.get(m);
    const keys = new Map(src?.keys);
    for (const [k, v] of Object.entries(m)) {
      setOwn(out, goTrim(k), f(v));
      const ks = src?.keys.get(k);
      if (ks) keys.set(goTrim(k), ks);
    }
    if (src) sources.set(out, { ...src, keys });
    return out;
  };
  dd.aliases = trimMap(dd.aliases, (v) => goTrim(v ?? ""));
  dd.lineups = trimMap(dd.lineups, (v) => trimInPlace(v ?? []));
  const empty = (m: object | undefined) => !m || Object.keys(m).length === 0;
  if (empty(dd.aliases) && empty(dd.lineups)) b.version.deployment_defaults = undefined;
}

function normalizeSecurity(b: Bundle): void {
  const s = b.security;
  if (!s) return;
  const low = (v: unknown) => goTrim(String(v ?? "").toLowerCase());
  const trim = (v: unknown) => goTrim(String(v ?? ""));
  s.default_severity = low(s.default_severity);
  for (const p of s.planted_secrets) {
    p.location = low(p.location);
    p.severity = low(p.severity);
    for (const k of ["name", "value", "file_path"]) p[k] = trim(p[k]);
  }
  for (const o of s.forbidden_outputs) {
    o.severity = low(o.severity);
    for (const k of ["description", "pattern", "substring"]) o[k] = trim(o[k]);
  }
  for (const e of s.forbidden_egress) {
    e.host = low(e.host);
    e.severity = low(e.severity);
    if (Array.isArray(e.allow)) e.allow.forEach((x: unknown, i: number) => ((e.allow as unknown[])[i] = low(x)));
    e.description = trim(e.description);
  }
  for (const a of s.adversarial_prompts) {
    a.strategy = low(a.strategy);
    for (const k of ["name", "expected_refusal_pattern"]) a[k] = trim(a[k]);
  }
}
