import type { Advisory } from "../rules/context";
import { knownObjects } from "../catalog";
import { closest } from "../util/did-you-mean";
import { goQuote } from "../util/go-quote";

const NESTED_TOOLS =
  'AgentClash\'s validator does not read "tools" under "version" (it checks the top-level "tools" only), so these tools are not checked; ' +
  'AgentClash\'s own example packs write them here. Move "tools" to the top level to have them checked.';

/** The reference silently drops keys it does not know (outside evaluation_spec); a typo there is lost work. */
export const unknownKeyAdvisory: Advisory = (ctx, model) => {
  const topLevel = Object.keys(knownObjects["$"].keys);
  for (const u of model.unknownKeys) {
    const known = Object.keys(knownObjects[u.entry]?.keys ?? {});
    const suggestions = closest(u.key, known);
    const misplaced = u.entry !== "$" && topLevel.includes(u.key);
    if (u.entry === "version" && u.key === "tools") {
      // AgentClash's own example packs write it here; the validator reads only the top-level `tools`.
      ctx.advise("unknown-key", "information", null, u.span, NESTED_TOOLS, { data: { key: u.key, entry: u.entry, suggestions: [] }, tags: [1] });
      continue;
    }
    const hint = suggestions.length ? ` (did you mean ${goQuote(suggestions[0])}?)` : misplaced ? ` here (${goQuote(u.key)} is a top-level key)` : "";
    ctx.advise("unknown-key", "warning", null, u.span, `Unknown key ${goQuote(u.key)}${hint}; AgentClash ignores it.`, {
      data: { key: u.key, entry: u.entry, suggestions },
      tags: [1],
    });
  }
};
