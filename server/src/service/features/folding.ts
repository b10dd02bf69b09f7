import { isMap, isScalar, isSeq, Node, visit } from "yaml";
import type { PackModel } from "../pack-model";
import type { FoldingRange } from "./shapes";

/** Folding ranges: every collection or block scalar over several lines (from its key or dash), and runs of comment lines. */
export function foldingRanges(model: PackModel): FoldingRange[] {
  const { lines } = model;
  const out: FoldingRange[] = [];
  const lineOf = (offset: number) => lines.positionAt(offset).line;
  // A node's range ends after its last line break; the character before it is on its last line.
  const lastLine = (n: Node) => lineOf(Math.max(n.range![0], n.range![1] - 1));
  const add = (startLine: number, endLine: number) => {
    if (endLine > startLine) out.push({ startLine, endLine });
  };
  const foldable = (v: unknown): v is Node => isMap(v) || isSeq(v) || (isScalar(v) && (v.type === "BLOCK_LITERAL" || v.type === "BLOCK_FOLDED"));
  if (model.yaml) {
    visit(model.yaml, {
      Pair(_, pair) {
        const k = pair.key as Node | null;
        const v = pair.value as Node | null;
        if (k?.range && v?.range && foldable(v)) add(lineOf(k.range[0]), lastLine(v));
      },
      Seq(_, seq) {
        for (const item of seq.items as (Node | null)[]) if (item?.range && (isMap(item) || isSeq(item))) add(lineOf(item.range[0]), lastLine(item));
      },
    });
  }
  let run = -1;
  for (let line = 0; line <= lines.lineCount; line++) {
    const comment = line < lines.lineCount && /^\s*#/.test(lines.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }));
    if (comment && run < 0) run = line;
    if (!comment && run >= 0) {
      if (line - 1 > run) out.push({ startLine: run, endLine: line - 1, kind: "comment" });
      run = -1;
    }
  }
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}
