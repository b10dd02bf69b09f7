import type { AnyMap, InputSet } from "./bundle";
import type { SourceMap } from "./source";

/**
 * The `payload` mapping case `j` of `set` was written with, where its sources are (normalization copies a legacy
 * item's payload into the case it makes, so for such a case this is the item's). Undefined when the case has no
 * payload written as a mapping (absent or null: normalization makes it `{}`, but nothing was written).
 */
export function writtenPayload(set: InputSet, j: number, sources: SourceMap): AnyMap | undefined {
  const payload = set.fromItems ? set.items[j]?.payload : set.cases[j]?.payload;
  return typeof payload === "object" && payload !== null && !Array.isArray(payload) && sources.get(payload) ? payload : undefined;
}
