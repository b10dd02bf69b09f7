import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { benchEdits, generatePack } from "./generate";
import { BenchClient } from "./lsp-client";
import { percentile, round, summarize } from "./measure";

export interface WorkspaceBenchOptions {
  /** The compiled server's bin. */
  server: string;
  /** yaml-language-server's bin, when installed. */
  peer?: string;
  peerSettings: Record<string, unknown>;
  packs: number;
  casesPerPack: number;
  measuredCases: number;
  rounds: number;
  completions: number;
}

/** Completion requests one every 50 ms, as while typing; then one every 250 ms, apart enough that the index goes on between them. */
const SERIES = [
  { name: "typing", gapMs: 50 },
  { name: "apart", gapMs: 250 },
] as const;

/**
 * (8) A workspace of generated packs with the measured pack among them (the last the index reaches), against an
 * empty workspace folder: open → first diagnostics of the measured pack and completion latency in it while the
 * workspace index builds, our server in both, and yaml-language-server with the same workspace. Rounds interleave
 * the three so that they see the same machine load.
 */
export async function measureWorkspace(opts: WorkspaceBenchOptions): Promise<Record<string, unknown>> {
  const workspace = mkdtempSync(join(tmpdir(), "packlint-bench-ws-"));
  const empty = mkdtempSync(join(tmpdir(), "packlint-bench-empty-"));
  try {
    for (let i = 0; i < opts.packs - 1; i++) {
      const text = generatePack({ cases: opts.casesPerPack }).replace("slug: generated-bench", `slug: generated-bench-${i}`);
      mkdirSync(join(workspace, `team-${i % 8}`), { recursive: true });
      writeFileSync(join(workspace, `team-${i % 8}`, `pack-${i}.pack.yaml`), text);
    }
    const text = generatePack({ cases: opts.measuredCases });
    mkdirSync(join(workspace, "zz-measured"));
    const inWorkspace = join(workspace, "zz-measured", "measured.pack.yaml");
    writeFileSync(inWorkspace, text);
    const lines = text.slice(0, benchEdits(text).challengeKeyValue).split("\n");
    const at = { line: lines.length - 1, character: lines[lines.length - 1].length };

    const open = { empty: [] as number[], workspace: [] as number[], peer: [] as number[] };
    type Series = Record<(typeof SERIES)[number]["name"], number[]>;
    const completion: { empty: Series; workspace: Series } = { empty: { typing: [], apart: [] }, workspace: { typing: [], apart: [] } };
    const ours = { settings: { packlint: {} }, initializationOptions: {} };
    for (let round = 0; round < opts.rounds; round++) {
      // Alternated from round to round, so that neither always comes first.
      for (const where of round % 2 === 0 ? (["empty", "workspace"] as const) : (["workspace", "empty"] as const)) {
        const root = where === "empty" ? empty : workspace;
        const uri = pathToFileURL(where === "empty" ? join(empty, "measured.pack.yaml") : inWorkspace).href;
        const client = await BenchClient.start(process.execPath, [opts.server, "--stdio"], { ...ours, rootUri: pathToFileURL(root).href });
        try {
          open[where].push(await client.open(uri, text, 600_000));
          for (const series of SERIES) {
            for (let i = 0; i < opts.completions; i++) {
              // In the workspace, only while the index builds.
              if (where === "workspace" && !client.busy) break;
              const start = performance.now();
              await client.request("textDocument/completion", { textDocument: { uri }, position: at });
              completion[where][series.name].push(performance.now() - start);
              await new Promise((resolve) => setTimeout(resolve, series.gapMs));
            }
          }
        } finally {
          await client.stop();
        }
      }
      if (opts.peer) {
        const client = await BenchClient.start(process.execPath, [opts.peer, "--stdio"], {
          settings: opts.peerSettings,
          rootUri: pathToFileURL(workspace).href,
        });
        try {
          open.peer.push(await client.open(pathToFileURL(inWorkspace).href, text, 600_000));
        } finally {
          await client.stop();
        }
      }
    }
    const med = (xs: number[]) => (xs.length ? summarize(xs).median : undefined);
    const p95 = (xs: number[]) => round(percentile(xs, 95));
    const over = (a?: number, b?: number) => (a !== undefined && b !== undefined && b > 0 ? round(a / b) : undefined);
    return {
      packs: opts.packs,
      casesPerPack: opts.casesPerPack,
      measuredCases: opts.measuredCases,
      measuredChars: text.length,
      rounds: opts.rounds,
      open: {
        empty: summarize(open.empty),
        workspace: summarize(open.workspace),
        peer: open.peer.length ? summarize(open.peer) : { skipped: "yaml-language-server not installed" },
      },
      completions: Object.fromEntries(
        SERIES.map(({ name, gapMs }) => [
          name,
          {
            gapMs,
            empty: { count: completion.empty[name].length, p95Ms: p95(completion.empty[name]) },
            workspaceWhileIndexing: { count: completion.workspace[name].length, p95Ms: p95(completion.workspace[name]) },
          },
        ]),
      ),
      ratios: {
        openWorkspaceOverEmpty: over(med(open.workspace), med(open.empty)),
        completionP95WorkspaceOverEmptyTyping: over(p95(completion.workspace.typing), p95(completion.empty.typing)),
        completionP95WorkspaceOverEmptyApart: over(p95(completion.workspace.apart), p95(completion.empty.apart)),
        oursOverPeerOpenInWorkspace: over(med(open.workspace), med(open.peer)),
      },
    };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(empty, { recursive: true, force: true });
  }
}
