/** Exit codes, as documented in the README and --help. */
export const EXIT = { ok: 0, problems: 1, usage: 2, internal: 3 } as const;

/** What the CLI reads from its process; tests pass their own. */
export interface RunEnv {
  cwd: string;
  env: Record<string, string | undefined>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Standard input, read whole (`-`). */
  readStdin: () => Promise<Uint8Array>;
  /** What ends a `--watch` run (Ctrl-C); without it a watch runs until the process ends. */
  stopSignal?: () => AbortSignal;
}

export type Write = (s: string) => void;
