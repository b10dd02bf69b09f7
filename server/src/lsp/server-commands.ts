import { ErrorCodes, type ExecuteCommandParams, type Location, MessageType, ResponseError, ShowMessageNotification } from "vscode-languageserver/node";
import { URI, Utils } from "vscode-uri";
import { ServerCommands } from "../../../shared/src";
import type { ServerContext } from "./context";

/** What the commands need to know of the client. */
export interface CommandClient {
  /** The client shows documents on request (`window/showDocument`). */
  showDocument(): boolean;
}

const MAX_LISTED = 10;

/**
 * `workspace/executeCommand` for the commands code lenses name, so that a lens does something in every client
 * (Neovim, Helix, …): show references answers its locations and shows the first one (or lists them in a message
 * when the client cannot show documents); an input set's command line is answered and shown, never run.
 */
export function registerServerCommands(ctx: ServerContext, client: CommandClient): void {
  const { connection, lifecycle } = ctx;
  // A plain notification: showInformationMessage would send a request and wait for a choice there is none of.
  const tell = (message: string) => void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message }).catch(() => undefined);
  connection.onExecuteCommand(
    lifecycle.guard<ExecuteCommandParams, unknown>("executeCommand", null, async (p) => {
      const args = Array.isArray(p?.arguments) ? p.arguments : [];
      switch (p?.command) {
        case ServerCommands.showReferences: {
          const locations = args[2];
          if (!Array.isArray(locations) || !locations.every(isLocation))
            return invalid(`${p.command}: arguments must be a uri, a position and a list of locations`);
          if (locations.length === 0) tell("No references.");
          else if (client.showDocument()) await connection.window.showDocument({ uri: locations[0].uri, selection: locations[0].range, takeFocus: true });
          else tell(listed(locations));
          return locations;
        }
        case ServerCommands.runInputSet: {
          const command = args[0];
          if (typeof command !== "string" || command === "") return invalid(`${p.command}: the argument must be a command line`);
          tell(`Run it in a terminal: ${command}`);
          return command;
        }
        default:
          return invalid(`unknown command: ${String(p?.command)}`);
      }
    }),
  );
}

function invalid(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, message);
}

/** `3 references: valid.pack.yaml:46, :62, :80` (lines counted from 1). */
function listed(locations: Location[]): string {
  const shown = locations.slice(0, MAX_LISTED).map((l, i) => {
    const file = Utils.basename(URI.parse(l.uri));
    const same = i > 0 && l.uri === locations[i - 1].uri;
    return `${same ? "" : file}:${l.range.start.line + 1}`;
  });
  const more = locations.length > MAX_LISTED ? `, … and ${locations.length - MAX_LISTED} more` : "";
  return `${locations.length} reference${locations.length === 1 ? "" : "s"}: ${shown.join(", ")}${more}`;
}

function isLocation(v: unknown): v is Location {
  const l = v as Location;
  const isPosition = (p: unknown) =>
    typeof p === "object" && p !== null && Number.isInteger((p as { line: unknown }).line) && Number.isInteger((p as { character: unknown }).character);
  return (
    typeof l === "object" &&
    l !== null &&
    typeof l.uri === "string" &&
    typeof l.range === "object" &&
    l.range !== null &&
    isPosition(l.range.start) &&
    isPosition(l.range.end)
  );
}
