import type { DecodedFile } from "../service";

/**
 * In the web build, in place of text-digest.ts (a Web Worker has no synchronous SHA-1): two independent 32-bit
 * FNV-1a hashes of the text and its decoding problem, and their lengths.
 */
export function textDigest(decoded: DecodedFile): string {
  const text = `${decoded.text}\u0000${decoded.problem?.message ?? ""}`;
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length}`;
}
