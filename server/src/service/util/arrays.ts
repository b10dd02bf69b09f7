/**
 * Appends every item of `items` to `target` with a loop: `target.push(...items)` passes each item as an argument
 * and overflows the call stack past about 120,000 items, which a hostile pack reaches easily (unknown keys, findings).
 */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
