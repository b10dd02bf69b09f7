import { enumValues } from "../../catalog";
import { goTrim, isBlank } from "../../util/go-quote";

/**
 * The evidence reference grammar (the catalog's `evidence_reference_*` enums, server/data/pack-rules.json), case-sensitive. The value is taken as given: callers trim
 * where the reference trims (validators[].target/expected_from, llm_judges[].reference_from) and not where
 * it does not (llm_judges[].context_from[]).
 */
export function isSupportedEvidenceReference(value: string): boolean {
  if (exact().includes(value)) return true;
  const dotted = dottedPrefixes().find((p) => value.startsWith(p));
  if (dotted !== undefined) return isDottedPath(value.slice(dotted.length));
  if (value.startsWith("file:")) return !isBlank(value.slice("file:".length));
  if (value.startsWith("literal:")) return true;
  if (value.startsWith("transcript.last_n:")) {
    const n = goAtoi(goTrim(value.slice("transcript.last_n:".length)));
    return n !== undefined && n > 0n;
  }
  return false;
}

/** One of the references that read a fixed part of the run (`final_output`, `challenge_input`, …). */
export function isExactEvidenceReference(value: string): boolean {
  return exact().includes(value);
}

let exactRefs: string[] | undefined;
let dottedRefs: string[] | undefined;
const exact = () => (exactRefs ??= enumValues("evidence_reference_exact"));
const dottedPrefixes = () => (dottedRefs ??= enumValues("evidence_reference_dotted_prefix"));

/** `a.b.c` after trimming: non-empty, and no segment blank. */
function isDottedPath(rest: string): boolean {
  const path = goTrim(rest);
  return path !== "" && path.split(".").every((part) => !isBlank(part));
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go's strconv.Atoi: an optional sign and decimal digits, within int64; undefined when Atoi fails. */
export function goAtoi(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}
