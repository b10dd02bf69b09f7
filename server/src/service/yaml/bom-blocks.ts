import type { ReadAheadTrace } from "./reference-reader";

/**
 * A byte order mark inside the text, as yaml.v3 (v3.0.1) mishandles it.
 *
 * Its scanner skips a byte order mark at the start of a line (scan_to_next_token), but `is_bom` tests the first
 * three bytes of its decoded buffer, not the character at the scanner's position. Each time the scanner needs
 * more characters than are decoded, the reader moves the unread ones to the front of that buffer and decodes the
 * next 512-byte block of the file (a character cut by the block's end begins the next block): so the buffer
 * starts with the character the scanner stands on at that moment. When that character is a U+FEFF (in a
 * comment, a block scalar, a quoted or plain scalar), then until the reader is next asked for more, every line
 * start between tokens loses its first character: it is skipped as if it were the mark, its column still counted.
 *
 * Whether the scanner stands on the mark when it asks depends on how far ahead it asks at each position (1 in
 * comments and block scalars, 2 inside a scalar's words, 4 at a token or word start, further after a comment
 * line): `trace.ahead`, recorded by a scan of the text as the reader reads it (the characters it skips blanked).
 * Returns the positions of the characters skipped (spaces left out: skipping one changes nothing), and the marks
 * that caused them.
 */
export function markSkips(text: string, trace: ReadAheadTrace, start: number): { skipped: number[]; marks: number[] } {
  const marks: number[] = [];
  for (let i = text.indexOf("\uFEFF", start); i >= 0; i = text.indexOf("\uFEFF", i + 1)) marks.push(i);
  if (marks.length === 0) return { skipped: [], marks: [] };
  const ends = blockStarts(text, start);
  const { ahead } = trace;
  const reach = (p: number) => p + Math.max(1, ahead[p] ?? 1);
  /** Where the scanner stands when it first needs a character at or past `frontier`: the first position that asks past it. */
  const askedAt = (from: number, frontier: number) => {
    for (let p = from; p <= frontier && p < text.length; p++) if (reach(p) > frontier) return p;
    return frontier;
  };
  const skipped = new Set<number>();
  const causes = new Set<number>();
  let k = 0;
  for (const mark of marks) {
    while (k < ends.length && ends[k] < mark) k++;
    const frontier = ends[k];
    if (frontier === undefined || frontier > mark + 3) continue;
    const previous = k > 0 ? ends[k - 1] : start;
    if (askedAt(previous, frontier) !== mark) continue;
    // The buffer starts with the mark until the scanner next asks past the blocks decoded then.
    const decoded = ends.find((e) => e >= reach(mark)) ?? text.length;
    const until = askedAt(mark + 1, decoded);
    for (const r of trace.lineChecks) {
      if (r >= mark && r < until && text[r] !== " ") {
        skipped.add(r);
        causes.add(mark);
      }
    }
  }
  return { skipped: [...skipped].sort((a, b) => a - b), marks: [...causes].sort((a, b) => a - b) };
}

/**
 * Where each of the reader's decoding steps starts, as text offsets: the scanner's start (the first step), then
 * every 512 bytes of UTF-8, a character cut by a step's end beginning the next step.
 */
function blockStarts(text: string, start: number): number[] {
  const starts = [start];
  let base = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const width = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : c >= 0xdc00 && c <= 0xdfff ? 0 : 3;
    if (width === 0) continue;
    if (bytes + width > base + 512) {
      starts.push(i);
      base = bytes;
    }
    bytes += width;
  }
  return starts;
}
