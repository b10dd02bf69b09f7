import { closeSync, constants, fstatSync, openSync, readSync, type BigIntStats } from "node:fs";
import { MAX_READ_BYTES } from "./confined-files";

/** A file that is not read, and why (the CLI reports it as a usage error). */
export class NotReadable extends Error {}

/**
 * The bytes of a file the user named (or a directory run found): only a regular file, of at most `maxBytes`. A FIFO
 * would block the run forever and /dev/zero never ends: both are refused (NotReadable), found on the open descriptor
 * (no race between a check and the read).
 */
export function readRegularFile(path: string, maxBytes = MAX_READ_BYTES, what = ""): Buffer {
  return readRegularFileWithId(path, maxBytes, what).bytes;
}

/** readRegularFile, and which file it read: `device:inode` of the descriptor the bytes came from. */
export function readRegularFileWithId(path: string, maxBytes = MAX_READ_BYTES, what = ""): { bytes: Buffer; id: string } {
  const name = `${what}${path}`;
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait here, before fstat can tell what it is.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new NotReadable(
      `cannot read ${name}: ${code === "ENOENT" ? "no such file or directory" : code === "EISDIR" ? "is a directory" : (e as Error).message}`,
    );
  }
  try {
    const st = fstatSync(fd, { bigint: true });
    if (st.isDirectory()) throw new NotReadable(`cannot read ${name}: is a directory`);
    if (!st.isFile()) throw new NotReadable(`cannot read ${name}: not a regular file (a FIFO, device or socket is never read)`);
    if (st.size > maxBytes) throw new NotReadable(`cannot read ${name}: ${st.size} bytes, over the ${maxBytes} packlint reads`);
    const buffer = Buffer.alloc(Number(st.size));
    let at = 0;
    while (at < buffer.length) {
      const n = readSync(fd, buffer, at, buffer.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return { bytes: buffer.subarray(0, at), id: fileId(st) };
  } finally {
    closeSync(fd);
  }
}

/** A file's identity on its device (a file replaced by another, even with the same name and bytes, has another). */
export function fileId(st: BigIntStats): string {
  return `${st.dev}:${st.ino}`;
}
