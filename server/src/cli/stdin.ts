import { MAX_READ_BYTES } from "../workspace/confined-files";
import { UsageError } from "./usage-error";

/** Standard input, whole, up to the size packlint reads of any file; more is a usage error, not a hang or a crash. */
export async function readStdin(stream: NodeJS.ReadableStream = process.stdin, maxBytes = MAX_READ_BYTES): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > maxBytes) throw new UsageError(`cannot read standard input: over the ${maxBytes} bytes packlint reads`);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
