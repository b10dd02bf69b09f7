/** The top-level sections of a pack; content sniffing looks for them in YAML files outside the pack globs. */
const PACK_SECTIONS = ["pack", "version", "challenges", "input_sets"];

const SECTION = new RegExp(`^(?:(${PACK_SECTIONS.join("|")})|"(${PACK_SECTIONS.join("|")})"|'(${PACK_SECTIONS.join("|")})')[ \\t]*:`, "gm");

/**
 * Content sniffing for YAML files outside the pack globs: two of the pack's top-level sections (`pack:`,
 * `version:`, `challenges:`, `input_sets:`; keys plain or quoted). A pack being written (`pack:` and `version:`
 * so far) or one whose `pack:` section is missing is still a pack, so its author sees its errors; other YAML rarely
 * has two of these keys.
 */
export function looksLikePack(text: string): boolean {
  const found = new Set<string>();
  for (const m of text.matchAll(SECTION)) {
    found.add(m[1] ?? m[2] ?? m[3]);
    if (found.size >= 2) return true;
  }
  return false;
}
