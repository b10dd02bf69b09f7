import type { Document } from "yaml";
import { eachNode } from "./each-node";

/**
 * Lines of a flow collection or a quoted scalar that the reference reads at any indentation, but the yaml package
 * only when indented past their block collection, are parsed with `pad` spaces added at their start (`at`), and
 * every range is mapped back to the source. Indentation on such lines is part of no value.
 */
export interface LinePad {
  at: number;
  pad: number;
}

/** `source` with `pad` spaces added at each `at` (line starts, in order). */
export function padLines(source: string, pads: readonly LinePad[]): string {
  let padded = "";
  let from = 0;
  for (const { at, pad } of pads) {
    padded += source.slice(from, at) + " ".repeat(pad);
    from = at;
  }
  return padded + source.slice(from);
}

/** Maps every range of `doc`, parsed from padLines(source, pads), back to the source. */
export function unpadRanges(doc: Document.Parsed, pads: readonly LinePad[]): void {
  // Padded offset where each insertion starts, and the total inserted before it.
  const starts: number[] = [];
  const before: number[] = [];
  let total = 0;
  for (const { at, pad } of pads) {
    starts.push(at + total);
    before.push(total);
    total += pad;
  }
  const back = (q: number): number => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= q) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return q;
    const k = lo - 1;
    const inserted = q - starts[k];
    return inserted < pads[k].pad ? starts[k] - before[k] : q - before[k] - pads[k].pad;
  };
  const remap = (r: [number, number, number]): [number, number, number] => [back(r[0]), back(r[1]), back(r[2])];
  doc.range = remap(doc.range);
  for (const e of [...doc.errors, ...doc.warnings]) e.pos = [back(e.pos[0]), back(e.pos[1])];
  eachNode(doc.contents, (node) => {
    if (node.range) node.range = remap(node.range);
  });
}
