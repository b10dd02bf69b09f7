import { isMap, isSeq, parseDocument, type Document, type Node } from "yaml";

/** The path of the first mapping in `doc` (depth first, first items of lists) that holds `key`. */
function homeOf(doc: Document, key: string): (string | number)[] | undefined {
  const walk = (node: unknown, path: (string | number)[]): (string | number)[] | undefined => {
    if (isMap(node)) {
      if (node.has(key)) return path;
      for (const pair of node.items) {
        const found = walk(pair.value, [...path, String((pair.key as { value?: unknown })?.value)]);
        if (found) return found;
      }
    } else if (isSeq(node) && node.items.length) return walk(node.items[0], [...path, 0]);
    return undefined;
  };
  return walk(doc.contents, []);
}

/** The valid document with the excerpt put in place. */
export function withExcerpt(base: string, excerpt: string): string {
  const part = parseDocument(excerpt);
  if (part.errors.length || !isMap(part.contents)) return excerpt;
  const doc = parseDocument(base);
  const keys = part.contents.items.map((p) => String((p.key as { value?: unknown }).value));
  // All of its keys go where the first key the valid document has lives (at the top when it has none).
  const home = keys.map((k) => homeOf(doc, k)).find((p) => p !== undefined) ?? [];
  for (const pair of part.contents.items) {
    let path = [...home, String((pair.key as { value?: unknown }).value)];
    let value = pair.value as Node | null;
    // Through single-key mappings the base already has, go deeper instead of replacing the whole mapping.
    for (;;) {
      const there = doc.getIn(path, true);
      if (isMap(value) && value.items.length === 1 && isMap(there)) {
        const inner = value.items[0];
        path = [...path, String((inner.key as { value?: unknown }).value)];
        value = inner.value as Node | null;
      } else if (
        isSeq(value) &&
        value.items.length === 1 &&
        isMap(value.items[0]) &&
        value.items[0].items.length === 1 &&
        isSeq(there) &&
        isMap(there.items[0])
      ) {
        // A one-item list holding one key: that key of the first item already there.
        path = [...path, 0];
        value = value.items[0] as Node;
      } else break;
    }
    doc.setIn(path, value);
  }
  return doc.toString({ lineWidth: 0 });
}
