/** In a browser the server's Project is lenient and reads only its copy of the workspace: nothing is read strictly. */

export class NotReadable extends Error {}

export function readRegularFileWithId(path: string): { bytes: Uint8Array & { toString(encoding: "utf8"): string }; id: string } {
  throw new NotReadable(`cannot read ${path}: a browser reads only the workspace's files`);
}

export function fileSize(): number | undefined {
  return undefined;
}

export function isSymbolicLink(): boolean | undefined {
  return undefined;
}
