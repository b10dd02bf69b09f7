import type { DocumentSymbol } from "vscode-languageserver-types";

/** When a document counts as large, and how far the extras go on one. */
export interface LargeFileLimits {
  /** Documents longer than this (in characters) are large. */
  largeFileChars: number;
  /** On a large document: outline entries and folding ranges sent at most. */
  maxOutlineItems: number;
}

/** What a document gets beyond diagnostics, completion, hover and navigation (which are never cut). */
export interface ExtrasPlan {
  large: boolean;
  codeLenses: boolean;
  documentLinks: boolean;
  /** Inlay hints and semantic tokens: both grow with every case, and are asked for again after every edit. */
  inlayHints: boolean;
  semanticTokens: boolean;
  /** Outline entries (and folding ranges) at most; Infinity when the document is not large. */
  maxOutlineItems: number;
  /** Shown once per document when something is cut. */
  notice?: string;
}

/**
 * The extras for a document of `chars` characters. On a large pack, code lenses (whose reference lists grow with
 * every case), document links, inlay hints and semantic tokens are off, and the outline and folding ranges stop after a number of entries;
 * the diagnostics stay whole.
 */
export function extrasPlan(chars: number, limits: LargeFileLimits): ExtrasPlan {
  if (chars <= limits.largeFileChars)
    return { large: false, codeLenses: true, documentLinks: true, inlayHints: true, semanticTokens: true, maxOutlineItems: Infinity };
  const mb = (chars / 1e6).toFixed(1);
  return {
    large: true,
    codeLenses: false,
    documentLinks: false,
    inlayHints: false,
    semanticTokens: false,
    maxOutlineItems: limits.maxOutlineItems,
    notice:
      `packlint: this pack is large (${mb} M characters, over packlint.largeFileChars = ${limits.largeFileChars}): ` +
      `code lenses and document links are off, so are inlay hints and semantic colours (the grammar's colours stay), ` +
      `and the outline and folding stop after ${limits.maxOutlineItems} entries. ` +
      `Diagnostics, completion, hover and navigation are complete.`,
  };
}

/**
 * An outline cut to `max` entries in all, breadth first: every level keeps its first entries (the pack, its
 * groups, the first input sets, then their first cases), so what is shown is the top of the tree, whole.
 */
export function limitOutline(symbols: DocumentSymbol[], max: number): DocumentSymbol[] {
  if (!Number.isFinite(max)) return symbols;
  let left = max;
  const copy = (list: DocumentSymbol[]): DocumentSymbol[] => list.map((s) => ({ ...s, children: undefined }));
  const roots = copy(symbols.slice(0, left));
  left -= roots.length;
  let level: [DocumentSymbol, DocumentSymbol][] = roots.map((r, i) => [r, symbols[i]]);
  while (level.length > 0 && left > 0) {
    const next: [DocumentSymbol, DocumentSymbol][] = [];
    for (const [kept, original] of level) {
      if (!original.children?.length || left <= 0) continue;
      const children = copy(original.children.slice(0, left));
      left -= children.length;
      kept.children = children;
      children.forEach((c, i) => next.push([c, original.children![i]]));
    }
    level = next;
  }
  const clean = (list: DocumentSymbol[]): DocumentSymbol[] =>
    list.map((s) => {
      const { children, ...rest } = s;
      return children ? { ...rest, children: clean(children) } : rest;
    });
  return clean(roots);
}
