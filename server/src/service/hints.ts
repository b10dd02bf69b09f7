import type { Bundle } from "./model/bundle";
import { formatFieldPath, parseFieldPath, valueAtField } from "./model/paths";
import type { PathSegment } from "./yaml/cursor";
import { closedEnumOf, lookupKey, shapeAt } from "./schema/keys";
import { closest } from "./util/did-you-mean";

/**
 * What helps beyond the reference's message, as one or two sentences: the value found, a did-you-mean when one
 * candidate is close, the allowed values or the declared keys. The `message` stays the reference's word for word;
 * the editor shows the hint after it and JSON output carries it as `hint`.
 */
export function hintFor(bundle: Bundle, code: string, field: string | null, message: string): string | undefined {
  if (!field) return undefined;
  const path = parseFieldPath(field.replace(/ \(.*\)$/, ""));
  if (!path) return undefined;
  const value = valueAtField(bundle, path);
  const found = typeof value === "string" ? value.trim() : typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
  const reference = referenceCandidates(bundle, code, path, found);
  if (reference) return reference;
  if (found === undefined || found === "") return undefined;
  if (/must be unique|^duplicate /.test(message)) return earlierUse(bundle, path, found);
  const allowed = allowedValues(path, bundle);
  if (!allowed || allowed.includes(found)) return undefined;
  const near = closest(found, allowed, 1);
  const listed = allowed.every((v) => message.includes(v));
  return [`Found ${q(found)}.`, near.length ? `Did you mean ${q(near[0])}?` : "", listed ? "" : `Supported: ${allowed.map(q).join(", ")}.`]
    .filter(Boolean)
    .join(" ");
}

/** The closed set of values the key at `path` takes (its enum), from the catalog. */
function allowedValues(path: PathSegment[], bundle: Bundle): string[] | undefined {
  let keyAt = path.length - 1;
  while (keyAt >= 0 && typeof path[keyAt] !== "string") keyAt--; // a list item: its list's key
  if (keyAt < 0) return undefined;
  const shape = shapeAt(path.slice(0, keyAt), (p) => valueAtField(bundle, p));
  if (shape?.kind !== "object") return undefined;
  const found = lookupKey(shape.entry, path[keyAt] as string);
  return found && closedEnumOf(shape.entry, found.name);
}

/** Where a repeated key was first used: `“a” is also input_sets[0].key.` */
function earlierUse(bundle: Bundle, path: PathSegment[], found: string): string | undefined {
  let n = path.length - 1;
  while (n >= 0 && typeof path[n] !== "number") n--;
  if (n < 0) return undefined;
  const list = valueAtField(bundle, path.slice(0, n));
  const rest = path.slice(n + 1);
  if (!Array.isArray(list)) return undefined;
  for (let k = 0; k < (path[n] as number); k++) {
    const v = valueAtField(list[k], rest);
    if (typeof v === "string" && v.trim() === found) return `${q(found)} is also ${formatFieldPath([...path.slice(0, n), k, ...rest])}.`;
  }
  return undefined;
}

function q(s: string): string {
  return `“${s}”`;
}

function keysOf(list: unknown, key = "key"): string[] {
  return Array.isArray(list)
    ? list
        .map((x) => (x && typeof x === "object" ? (x as Record<string, unknown>)[key] : undefined))
        .filter((k): k is string => typeof k === "string" && k.trim() !== "")
        .map((k) => k.trim())
    : [];
}

/** For a reference to something undeclared: what was written, the closest declared key, and what is declared. */
function referenceCandidates(bundle: Bundle, code: string, path: PathSegment[], found: string | undefined): string | undefined {
  const [i, j] = [path[1], path[3]] as [number, number];
  const assets = () => keysOf(bundle.version?.assets);
  const spec = () => (bundle.version?.evaluation_spec ?? {}) as Record<string, unknown>;
  switch (code) {
    case "case-challenge-key-undeclared": {
      if (!found) return undefined;
      const byTitle = bundle.challenges.find((c) => c.title.trim().toLowerCase() === found.toLowerCase());
      if (byTitle) return `${q(found)} is the title of challenge ${q(byTitle.key)}: write its key.`;
      return pick(found, keysOf(bundle.challenges), "Declared challenges", "No challenge is declared.");
    }
    case "case-challenge-key-mixed": {
      const others = [...new Set(bundle.input_sets[i]?.cases.map((c) => c.challenge_key).filter((k, n) => n !== j && k && k !== found))];
      return others.length ? `Found ${q(found ?? "")}; the other cases of this input set use ${others.map(q).join(", ")}.` : undefined;
    }
    case "case-expectation-source-input-undeclared": {
      const input = found?.replace(/^input:/, "").trim();
      const inputs = keysOf(bundle.input_sets[i]?.cases[j]?.inputs);
      return input === undefined ? undefined : pick(input, inputs, "This case's inputs", "This case declares no inputs.");
    }
    case "case-expectation-source-artifact-undeclared": {
      const key = found?.replace(/^artifact:/, "").trim();
      return key === undefined ? undefined : pick(key, assets(), "Declared version assets", "No version asset is declared.");
    }
    case "case-expectation-artifact-key-undeclared":
    case "case-input-artifact-key-undeclared":
    case "case-artifact-undeclared":
    case "challenge-artifact-ref-undeclared":
      return found === undefined ? undefined : pick(found, assets(), "Declared version assets", "No version asset is declared.");
    case "dimension-validator-unknown":
      return found === undefined ? undefined : pick(found, keysOf(spec().validators), "Declared validators", "No validator is declared.");
    case "dimension-metric-unknown":
      return found === undefined ? undefined : pick(found, keysOf(spec().metrics), "Declared metrics", "No metric is declared.");
    case "dimension-judge-key-unknown":
      return found === undefined ? undefined : pick(found, keysOf(spec().llm_judges), "Declared judges", "No LLM judge is declared.");
    case "validator-file-target-check-unknown":
    case "validator-code-execution-check-unknown":
    case "validator-postcondition-no-checks": {
      const key = found?.replace(/^file:/, "").trim();
      return key === undefined
        ? undefined
        : pick(key, keysOf(spec().post_execution_checks), "Declared post-execution checks", "No post-execution check is declared.");
    }
    default:
      return undefined;
  }
}

/** `Found “x”. Did you mean “y”? <what>: “a”, “b”.` (at most 10 listed). */
function pick(found: string, declared: string[], what: string, none: string): string {
  const unique = [...new Set(declared)];
  if (unique.length === 0) return `Found ${q(found)}. ${none}`;
  const near = closest(found, unique, 1);
  const shown = unique.slice(0, 10).map(q).join(", ") + (unique.length > 10 ? ", …" : "");
  return [`Found ${q(found)}.`, near.length ? `Did you mean ${q(near[0])}?` : "", `${what}: ${shown}.`].filter(Boolean).join(" ");
}
