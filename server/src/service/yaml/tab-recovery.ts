import type { Document } from "yaml";
import type { Span } from "../types";

/** Parses again at most this many times: each round clears the tabs the previous parse could see. */
const MAX_ROUNDS = 4;

export interface TabRecovery {
  /** The document parsed with each reported indentation tab read as a space (the first parse when there is none). */
  doc: Document.Parsed | undefined;
  /** Each tab read as a space, with the yaml package's message for it. */
  tabs: { span: Span; message: string }[];
}

/**
 * The yaml package does not recover from a tab used as indentation: every line after it becomes a knock-on error
 * and the rest of the document is lost (outline, lenses, checks). The tab is still a syntax error; for the rest of
 * the document, its line is parsed again as if each tab of its indentation were a space (same length, so every
 * range stays where it is), until no new such tab is reported. Only tabs the parser reported are replaced: a tab
 * that is part of a value (in a block scalar, say) is never touched.
 */
export function recoverFromTabs(source: string, first: Document.Parsed | undefined, parse: (source: string) => Document.Parsed | undefined): TabRecovery {
  let doc = first;
  const tabs: TabRecovery["tabs"] = [];
  const lines = new Set<number>();
  let text = source;
  for (let round = 0; round < MAX_ROUNDS && doc; round++) {
    let changed = false;
    for (const e of doc.errors) {
      if (e.code !== "TAB_AS_INDENT") continue;
      const start = text.lastIndexOf("\n", e.pos[0] - 1) + 1;
      if (lines.has(start)) continue;
      lines.add(start);
      let end = start;
      while (text[end] === " " || text[end] === "\t") end++;
      const tab = text.indexOf("\t", start);
      if (tab < 0 || tab >= end) continue;
      text = text.slice(0, start) + text.slice(start, end).replace(/\t/g, " ") + text.slice(end);
      tabs.push({ span: { start: tab, end: tab + 1 }, message: e.message.split("\n")[0] });
      changed = true;
    }
    if (!changed) break;
    doc = parse(text);
  }
  return { doc, tabs };
}
