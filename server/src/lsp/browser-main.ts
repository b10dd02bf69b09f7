import { BrowserMessageReader, BrowserMessageWriter, createConnection, type Message, ProposedFeatures } from "vscode-languageserver/browser";
import { type FileAnswer, type FileRequest, fromBase64, Requests } from "../../../shared/src";
import { URI } from "vscode-uri";
import { diskUri, setDiskScheme } from "../service";
import { setPackagedRulesDocs } from "../workspace/docs-location.browser";
import { platformFileSystem as copy } from "../workspace/platform-file-system.browser";
import { Foreground } from "./foreground";
import { startServer } from "./server";

/**
 * The language server in a Web Worker (the VS Code extension's `browser` entry starts it): the same server as
 * main.ts's, over the worker's messages, reading the workspace through the client (`packlint/file`, answered with
 * `workspace.fs`) into a copy (workspace/workspace-copy.ts). Its documents are files when they share the workspace
 * folders' scheme (vscode-vfs:, vscode-remote: …).
 */
export function browserMain(): void {
  // The one Node timer the server uses (a turn of the event loop); a Web Worker has setTimeout.
  const scope = globalThis as { setImmediate?: unknown };
  scope.setImmediate ??= (run: (...args: unknown[]) => void, ...args: unknown[]) => setTimeout(run, 0, ...args);
  const foreground = new Foreground();
  const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self), {
    messageStrategy: {
      handleMessage: (message, next) => {
        foreground.arrived(message);
        if (isInitialize(message)) {
          diskScheme(message.params);
          const docs = (message.params as { initializationOptions?: { packagedRulesDocs?: unknown } } | undefined)?.initializationOptions?.packagedRulesDocs;
          if (typeof docs === "string") setPackagedRulesDocs(docs);
        }
        try {
          next(message);
        } finally {
          foreground.dispatched(message);
        }
      },
    },
  });
  const ask = (request: FileRequest) => connection.sendRequest<FileAnswer>(Requests.file, request);
  copy.connect({
    list: async (path) => (await ask({ op: "list", uri: diskUri(path) })).entries ?? [],
    read: async (path, maxBytes) => {
      const answer = await ask({ op: "read", uri: diskUri(path), maxBytes });
      return answer.base64 === undefined ? undefined : fromBase64(answer.base64);
    },
  });
  startServer(connection, foreground);
}

declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

function isInitialize(message: Message): message is Message & { params: unknown } {
  return (message as { method?: unknown }).method === "initialize";
}

/** The workspace folders' scheme and authority: the documents the copy holds (the first folder's; one server, one file system). */
function diskScheme(params: unknown): void {
  const p = params as { workspaceFolders?: { uri?: unknown }[] | null; rootUri?: unknown } | undefined;
  const first = p?.workspaceFolders?.[0]?.uri ?? p?.rootUri;
  if (typeof first !== "string") return;
  try {
    const uri = URI.parse(first);
    setDiskScheme(uri.scheme, uri.authority);
  } catch {
    // not a URI: no folder is read
  }
}

browserMain();
