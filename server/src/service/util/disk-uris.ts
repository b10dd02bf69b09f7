import { URI } from "vscode-uri";

/**
 * Which documents are files the host can read, and their paths: `file:` URIs in Node; in a browser, the URIs of the
 * workspace folders' scheme and authority (e.g. `vscode-vfs://github`), whose paths the web server's copy of the
 * workspace is keyed by. Set once by the web server (setDiskScheme); every conversion between a URI and a path
 * goes through here.
 */
let disk = { scheme: "file", authority: "" };

export function setDiskScheme(scheme: string, authority = ""): void {
  disk = { scheme, authority };
}

/** The path of a document the host can read; undefined for other URIs (untitled documents, other schemes). */
export function diskPath(uri: string): string | undefined {
  try {
    const u = URI.parse(uri);
    if (disk.scheme === "file") return u.scheme === "file" ? u.fsPath : undefined;
    return u.scheme === disk.scheme && u.authority === disk.authority ? u.path : undefined;
  } catch {
    return undefined;
  }
}

/** The URI of a path the host can read. */
export function diskUri(path: string): string {
  return disk.scheme === "file" ? URI.file(path).toString() : URI.from({ scheme: disk.scheme, authority: disk.authority, path }).toString();
}
