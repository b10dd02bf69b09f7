import { goTrim } from "../../util/go-quote";

/**
 * The evidence-reference grammar (catalog §14), for judges' reference_from and context_from.
 * Case-sensitive; the caller decides whether the value is trimmed first.
 */
const EXACT = new Set(["final_output", "run.final_output", "challenge_input", "case.payload", "transcript.full", "transcript.from_mismatch", "turn.expectations"]);
const DOTTED = ["case.payload.", "case.inputs.", "case.expectations.", "artifact."];

export function isSupportedEvidenceReference(value: string): boolean {
  if (EXACT.has(value)) return true;
  const dotted = DOTTED.find((p) => value.startsWith(p));
  if (dotted) return validDottedPath(value.slice(dotted.length));
  if (value.startsWith("file:")) return goTrim(value.slice("file:".length)) !== "";
  if (value.startsWith("literal:")) return true;
  if (value.startsWith("transcript.last_n:")) {
    const n = goAtoi(goTrim(value.slice("transcript.last_n:".length)));
    return n !== undefined && n > 0n;
  }
  return false;
}

function validDottedPath(rest: string): boolean {
  const trimmed = goTrim(rest);
  return trimmed !== "" && trimmed.split(".").every((part) => goTrim(part) !== "");
}

const INT64_MAX = 2n ** 63n - 1n;

/** Go's strconv.Atoi on a 64-bit platform: optional sign, decimal digits, int64 range. */
function goAtoi(s: string): bigint | undefined {
  const m = /^([+-]?)([0-9]+)$/.exec(s);
  if (!m) return undefined;
  const v = BigInt(m[2]);
  if (m[1] === "-" ? v > INT64_MAX + 1n : v > INT64_MAX) return undefined;
  return m[1] === "-" ? -v : v;
}
