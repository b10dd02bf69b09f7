import { createHash } from "node:crypto";
import type { DecodedFile } from "../service";

/** What the index keeps of a file's text (and its decoding problem) to tell whether it changed. */
export function textDigest(decoded: DecodedFile): string {
  return createHash("sha1")
    .update(decoded.text)
    .update(decoded.problem?.message ?? "")
    .digest("base64");
}
