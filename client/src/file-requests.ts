import * as vscode from "vscode";
import type { BaseLanguageClient } from "vscode-languageclient";
import { type FileAnswer, type FileRequest, Requests, toBase64 } from "../../shared/src";

/** Entries one `list` answers at most (as the server's walk stops at this many files). */
const MAX_LISTED = 200_000;

/** Folders never listed: dependencies and version control (the server's walk leaves them out too). */
const UNLISTED = new Set(["node_modules", ".git"]);

/**
 * The web server's view of the workspace (`packlint/file`), answered with `workspace.fs`, with the confinement the
 * Node server applies to the disk: inside the workspace folders only, regular files only (a symbolic link is
 * neither listed as a file nor read), at most `maxBytes`.
 */
export function answerFileRequests(context: vscode.ExtensionContext, client: BaseLanguageClient): void {
  context.subscriptions.push(
    client.onRequest(Requests.file, async (request: FileRequest): Promise<FileAnswer> => {
      let uri: vscode.Uri;
      try {
        uri = vscode.Uri.parse(request.uri, true);
      } catch {
        return { error: "not a URI" };
      }
      if (!insideWorkspace(uri)) return { error: "outside the workspace folders" };
      try {
        return request.op === "list" ? { entries: await list(uri) } : await read(uri, request.maxBytes ?? 0);
      } catch (e) {
        return { error: e instanceof Error ? e.message : String(e) };
      }
    }),
  );
}

function insideWorkspace(uri: vscode.Uri): boolean {
  if (uri.path.split("/").includes("..")) return false;
  return (vscode.workspace.workspaceFolders ?? []).some((f) => {
    const root = f.uri;
    const prefix = root.path.endsWith("/") ? root.path : `${root.path}/`;
    return root.scheme === uri.scheme && root.authority === uri.authority && (uri.path === root.path || uri.path.startsWith(prefix));
  });
}

type Kind = "file" | "directory" | "link" | "special";

function kindOf(type: vscode.FileType): Kind {
  if (type & vscode.FileType.SymbolicLink) return "link";
  return type === vscode.FileType.File ? "file" : type === vscode.FileType.Directory ? "directory" : "special";
}

/** What is at `uri` and below it, breadth first, paths relative to it. */
async function list(uri: vscode.Uri): Promise<[string, Kind][]> {
  const top = kindOf((await vscode.workspace.fs.stat(uri)).type);
  const out: [string, Kind][] = [["", top]];
  if (top !== "directory") return out;
  const queue: string[] = [""];
  while (queue.length && out.length < MAX_LISTED) {
    const rel = queue.shift()!;
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(rel ? vscode.Uri.joinPath(uri, rel) : uri);
    } catch {
      continue;
    }
    for (const [name, type] of entries) {
      const path = rel ? `${rel}/${name}` : name;
      const kind = kindOf(type);
      if (kind === "directory" && UNLISTED.has(name)) continue;
      out.push([path, kind]);
      if (kind === "directory") queue.push(path);
    }
  }
  return out;
}

async function read(uri: vscode.Uri, maxBytes: number): Promise<FileAnswer> {
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.type !== vscode.FileType.File) return { error: "not a regular file" };
  if (stat.size > maxBytes) return { error: "too large" };
  const bytes = await vscode.workspace.fs.readFile(uri);
  return bytes.length > maxBytes ? { error: "too large" } : { base64: toBase64(bytes) };
}
