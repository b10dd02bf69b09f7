import { scanReader } from "./parse";

/**
 * The offset where the reference stops reading `text` (text.length when it reads all of it): yaml.Unmarshal
 * reads the first document only, and only until its root node is complete. A line indented less than a root
 * block collection, `...` or `---` at column 0, or a `%` directive at column 0 ends it; nothing after is checked.
 */
export function readingEnd(text: string): number {
  return scanReader(text).end;
}
