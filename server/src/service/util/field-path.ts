/** `input_sets[1].cases[0].key` → input_sets, 1, cases, 0, key. */
export function segments(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of field.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return out;
}
