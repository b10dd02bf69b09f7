import type { Case } from "./bundle";

/**
 * How AgentClash sees a case (the reference's `EffectiveKey` and `StoredPayload`, runtime/challengepack): its effective key,
 * its authoring style, and the document it is stored as.
 */

/** `case_key`, else `item_key` (the reference's EffectiveKey; both are trimmed and cross-filled by normalization). */
export function effectiveKey(c: Case): string {
  return c.case_key !== "" ? c.case_key : c.item_key;
}

/** The reference's IsLegacyPayloadOnly: no inputs, expectations, user simulator, artifacts or assets, no timeout. */
export function isLegacyPayloadOnly(c: Case): boolean {
  return (
    c.inputs.length === 0 &&
    c.expectations.length === 0 &&
    !c.user_simulator &&
    c.artifacts.length === 0 &&
    c.assets.length === 0 &&
    c.case_timeout_seconds === 0
  );
}

export type AuthoringStyle = "legacy payload-only" | "structured" | "artifact-heavy";

export function authoringStyle(c: Case): AuthoringStyle {
  if (isLegacyPayloadOnly(c)) return "legacy payload-only";
  return c.assets.length > 0 || c.artifacts.length > 0 ? "artifact-heavy" : "structured";
}

/** The reference's StoredPayload: the bare payload for a legacy case, else a schema_version 1 document without empty fields. */
export function storedPayload(c: Case): Record<string, unknown> {
  if (isLegacyPayloadOnly(c)) return c.payload ?? {};
  const doc: Record<string, unknown> = { schema_version: 1, case_key: effectiveKey(c) };
  const put = (key: string, v: unknown) => {
    const empty =
      v === undefined ||
      v === 0 ||
      (Array.isArray(v) && v.length === 0) ||
      (typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
    if (!empty) doc[key] = v;
  };
  put("payload", c.payload);
  put("inputs", c.inputs);
  put("expectations", c.expectations);
  put("user_simulator", c.user_simulator);
  put("artifacts", c.artifacts);
  put("assets", c.assets);
  put("case_timeout_seconds", c.case_timeout_seconds);
  return doc;
}
