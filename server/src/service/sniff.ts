/** Content sniffing for YAML files outside the pack globs: a top-level `pack:` with `challenges:` or `input_sets:`. */
export function looksLikePack(text: string): boolean {
  return /^pack:/m.test(text) && /^(challenges|input_sets):/m.test(text);
}
