import type { SemanticTokens, SemanticTokensDelta } from "vscode-languageserver/node";

/**
 * The last semantic tokens sent for each document, so that a delta request is answered with one edit (the
 * tokens between the unchanged head and tail) instead of every token again.
 */
export class SemanticTokenResults {
  private readonly last = new Map<string, { resultId: string; data: number[] }>();
  private next = 0;

  full(uri: string, data: number[]): SemanticTokens {
    const resultId = String(++this.next);
    this.last.set(uri, { resultId, data });
    return { resultId, data };
  }

  /** A delta from the result the client holds, or the full tokens when that result is not the last one sent. */
  delta(uri: string, previousResultId: string, data: number[]): SemanticTokens | SemanticTokensDelta {
    const previous = this.last.get(uri);
    if (previous?.resultId !== previousResultId) return this.full(uri, data);
    const { resultId } = this.full(uri, data);
    const old = previous.data;
    // Whole tokens (5 numbers each) are compared, so an edit never starts inside a token.
    let head = 0;
    while (head + 5 <= Math.min(old.length, data.length) && sameToken(old, head, data, head)) head += 5;
    let tail = 0;
    while (tail + 5 <= Math.min(old.length, data.length) - head && sameToken(old, old.length - tail - 5, data, data.length - tail - 5)) tail += 5;
    const deleteCount = old.length - head - tail;
    const inserted = data.slice(head, data.length - tail);
    return { resultId, edits: deleteCount === 0 && inserted.length === 0 ? [] : [{ start: head, deleteCount, data: inserted }] };
  }

  forget(uri: string): void {
    this.last.delete(uri);
  }
}

function sameToken(a: number[], i: number, b: number[], j: number): boolean {
  for (let k = 0; k < 5; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}
