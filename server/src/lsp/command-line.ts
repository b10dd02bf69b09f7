import { packageVersion } from "../workspace/package-version";

export const SERVER_HELP = `Usage: packlint-language-server [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]

The packlint Language Server: diagnostics, completion, hover, navigation, quick fixes and more for AgentClash
challenge packs and Skill Testing case files, in any editor that speaks the Language Server Protocol.
Without a transport it serves over standard input and output (as with --stdio).

Options:
  --stdio           serve over standard input and output (editors: cmd = { "packlint-language-server", "--stdio" })
  --node-ipc        serve over Node's IPC channel (the VS Code client)
  --socket=PORT     serve over a TCP socket
  --pipe=NAME       serve over a named pipe
  -h, --help        show this help
  -v, --version     print the version

Settings (section "packlint", or initializationOptions) and the editor recipes: see the README.
`;

/** What `--help` or `--version` asks for, answered before any transport is opened; undefined: serve. */
export function commandLineAnswer(args: readonly string[], version = packageVersion): string | undefined {
  if (args.some((a) => a === "--help" || a === "-h")) return SERVER_HELP;
  if (args.some((a) => a === "--version" || a === "-v")) return `${version()}\n`;
  return undefined;
}
