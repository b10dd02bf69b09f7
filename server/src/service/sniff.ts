/** Content sniffing for YAML files outside the pack globs: a top-level `pack:` with `challenges:` or `input_sets:` (keys plain or quoted). */
export function looksLikePack(text: string): boolean {
  return /^(?:pack|"pack"|'pack')[ \t]*:/m.test(text) && /^(?:(challenges|input_sets)|"(challenges|input_sets)"|'(challenges|input_sets)')[ \t]*:/m.test(text);
}
