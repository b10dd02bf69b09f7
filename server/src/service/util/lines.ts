/** Line boundaries as YAML and LSP see them: `\r\n`, a lone `\r` and `\n` all end a line. */

/** Offset of the end of the line holding `offset` (before its line break), or `limit` if that comes first. */
export function lineEnd(text: string, offset: number, limit = text.length): number {
  const end = Math.min(limit, text.length);
  for (let i = offset; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return end;
}

/** Offset of the start of the line holding `offset`. */
export function lineStart(text: string, offset: number): number {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i + 1;
  }
  return 0;
}
