import { isMap, isPair, isSeq, Node } from "yaml";

/** Calls `visit` on every node below `root` (keys and values of pairs included), with an explicit stack: nesting depth is the document's to choose. */
export function eachNode(root: unknown, visit: (node: Node) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (isPair(n)) {
      stack.push(n.key, n.value);
      continue;
    }
    if (!n || typeof n !== "object" || !("range" in n)) continue;
    const node = n as Node;
    visit(node);
    if (isMap(node) || isSeq(node)) for (const item of node.items) stack.push(item);
  }
}
