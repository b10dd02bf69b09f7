import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { MAX_READ_BYTES } from "../workspace/confined-files";
import { UsageError } from "./usage-error";

/**
 * The bytes of a file the user named (or a directory run found): only a regular file, of at most `maxBytes`. A FIFO
 * would block the run forever and /dev/zero never ends: both are usage errors, found on the open descriptor
 * (no race between a check and the read).
 */
export function readRegularFile(path: string, maxBytes = MAX_READ_BYTES, what = ""): Buffer {
  const name = `${what}${path}`;
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait here, before fstat can tell what it is.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${name}: ${code === "ENOENT" ? "no such file or directory" : code === "EISDIR" ? "is a directory" : (e as Error).message}`,
    );
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new UsageError(`cannot read ${name}: is a directory`);
    if (!st.isFile()) throw new UsageError(`cannot read ${name}: not a regular file (a FIFO, device or socket is never read)`);
    if (st.size > maxBytes) throw new UsageError(`cannot read ${name}: ${st.size} bytes, over the ${maxBytes} packlint reads`);
    const buffer = Buffer.alloc(st.size);
    let at = 0;
    while (at < buffer.length) {
      const n = readSync(fd, buffer, at, buffer.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return buffer.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}
