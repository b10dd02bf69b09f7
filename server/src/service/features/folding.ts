import { isMap, isScalar, isSeq, Node } from "yaml";
import type { YamlText } from "./selection-ranges";
import type { FoldingRange } from "vscode-languageserver-types";

/**
 * Folding ranges of a pack or a case file: every collection or block scalar over several lines (from its key or
 * dash), and runs of comment lines (kind comment). With `max` (large packs), the walk stops after that many, in document order.
 */
export function foldingRanges(model: YamlText, max = Infinity): FoldingRange[] {
  const { lines } = model;
  const out: FoldingRange[] = [];
  const lineOf = (offset: number) => lines.positionAt(offset).line;
  // A node's range ends after its last line break; the character before it is on its last line.
  const lastLine = (n: Node) => lineOf(Math.max(n.range![0], n.range![1] - 1));
  const add = (startLine: number, endLine: number) => {
    if (endLine > startLine) out.push({ startLine, endLine });
  };
  const foldable = (v: unknown): v is Node => isMap(v) || isSeq(v) || (isScalar(v) && (v.type === "BLOCK_LITERAL" || v.type === "BLOCK_FOLDED"));
  // A plain walk: the yaml package's visit() is several times slower on packs with 100k+ nodes.
  const walk = (node: unknown): void => {
    if (out.length >= max) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        const k = pair.key as Node | null;
        const v = pair.value as Node | null;
        if (k?.range && v?.range && foldable(v)) add(lineOf(k.range[0]), lastLine(v));
        walk(v);
      }
    } else if (isSeq(node)) {
      for (const item of node.items as (Node | null)[]) {
        if (item?.range && (isMap(item) || isSeq(item))) add(lineOf(item.range[0]), lastLine(item));
        walk(item);
      }
    }
  };
  walk(model.yaml?.contents);
  const texts = out.length < max ? model.text.split(/\r?\n|\r/) : [];
  let run = -1;
  for (let line = 0; line <= texts.length; line++) {
    const comment = line < texts.length && /^\s*#/.test(texts[line]);
    if (comment && run < 0) run = line;
    if (!comment && run >= 0) {
      if (line - 1 > run) out.push({ startLine: run, endLine: line - 1, kind: "comment" });
      run = -1;
    }
  }
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine).slice(0, max);
}
