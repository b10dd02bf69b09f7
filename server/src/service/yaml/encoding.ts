import { TextDocument } from "vscode-languageserver-textdocument";
import { toRange } from "../diagnostics";
import type { PackDiagnostic, Span } from "../types";

/** A file's bytes as YAML text, and why the reference's reader (yaml.v3) would refuse them, if it would. */
export interface DecodedFile {
  text: string;
  /** The first undecodable byte, at the text offset where its replacement character stands. */
  problem?: { span: Span; message: string };
}

/**
 * Decodes a YAML file as yaml.v3 does: UTF-16 when it starts with a UTF-16 byte order mark (little or big
 * endian), UTF-8 otherwise (a UTF-8 byte order mark is kept as the text's first character, as editors read it).
 * Bytes that do not decode are replaced (U+FFFD) so the rest can still be checked, and the first is reported:
 * yaml.v3 rejects the whole file.
 */
export function decodeYamlFile(bytes: Uint8Array): DecodedFile {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : undefined;
  if (utf16) {
    const text = new TextDecoder(utf16).decode(bytes);
    try {
      new TextDecoder(utf16, { fatal: true }).decode(bytes);
      return { text };
    } catch {
      const at = Math.max(0, text.indexOf("\uFFFD"));
      return {
        text,
        problem: {
          span: { start: at, end: at + 1 },
          message: `invalid ${utf16 === "utf-16le" ? "UTF-16LE" : "UTF-16BE"}: an unpaired surrogate or an odd number of bytes`,
        },
      };
    }
  }
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return { text };
  // The bytes before the first invalid one decode exactly, so their length is the replacement's offset.
  const at = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(0, bad)).length;
  const hex = bytes[bad].toString(16).toUpperCase().padStart(2, "0");
  return {
    text,
    problem: {
      span: { start: at, end: at + 1 },
      message: `invalid UTF-8 (byte 0x${hex} at byte offset ${bad}): a YAML file must be UTF-8, or UTF-16 with a byte order mark`,
    },
  };
}

/** The offset of the first byte that is not well-formed UTF-8 (RFC 3629: no overlong forms, surrogates or code points past U+10FFFF), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const width = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (width === 0 || i + width > bytes.length) return i;
    // The second byte's range rules out overlong forms, surrogates (ED A0..BF) and code points past U+10FFFF.
    const second = bytes[i + 1];
    const [lo, hi] = b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    if (second < lo || second > hi) return i;
    for (let k = 2; k < width; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += width;
  }
  return -1;
}

/** Bytes that do not decode: a yaml-syntax error at the replacement character (at the rule's own level), as the reference's reader rejects the file. */
export function encodingDiagnostics({ text, problem }: DecodedFile): PackDiagnostic[] {
  if (!problem) return [];
  const lines = TextDocument.create("file:///decoded", "yaml", 0, text);
  return [
    {
      code: "yaml-syntax",
      severity: "error",
      field: null,
      message: problem.message,
      range: toRange(lines, problem.span),
      data: { yamlCode: "INVALID_ENCODING" },
    },
  ];
}
