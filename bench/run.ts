import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parseDocument } from "yaml";
import { pathToFileURL } from "node:url";
import { buildPackModel, packDiagnostics, PackModel } from "../server/src/service/pack-model";
import { updateInfo, updatePackModel } from "../server/src/service/incremental/update";
import { completion, hover } from "../server/src/service/features";
import { packSchema } from "../server/src/service/schema";
import { benchEdits, generatePack } from "./generate";
import { percentile, round, Samples, summarize, Summary, time } from "./measure";
import { BenchClient } from "./lsp-client";
import { peerServer } from "./peer";
import { measureCliDirectory } from "./cli";
import { measureStartup } from "./startup";
import { measureFindings } from "./findings";
import { measureShapes } from "./shapes";
import { measureWorkspace } from "./workspace";
import { measureSkillVerdicts } from "./skill-verdicts";

/**
 * `npm run bench [-- --quick] [-- --sizes 100,1000] [-- --no-lsp] [-- --no-workspace] [-- --no-cli] [-- --no-startup] [-- --no-findings] [-- --no-shapes] [-- --no-verdicts]`: the performance benchmark of issue 6, in one
 * process: raw parse, cold diagnostics, re-diagnosis after a keystroke and after a pasted case, completion and
 * hover latency, retained heap, and time to diagnostics over stdio for our server and yaml-language-server
 * (with our JSON Schema), the same in a workspace of 200 packs while the index builds, the CLI over a folder of packs, and the installed CLI's start-up. Prints a table and writes bench/results.json with the medians and the ratios.
 */

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const ROOT = join(__dirname, "..", "..");
/** Our server as the npm package installs it: the bundle (with its index worker's bundle beside it) that `npm run build` makes. */
const SERVER = join(ROOT, "lib", "packlint-language-server.js");

interface Options {
  sizes: number[];
  runs: (cases: number) => number;
  lspRuns: (cases: number) => number;
  lsp: boolean;
  workspace: boolean;
  cli: boolean;
  startup: boolean;
  findings: boolean;
  shapes: boolean;
  verdicts: boolean;
  quick: boolean;
}

function options(argv: string[]): Options {
  const quick = argv.includes("--quick");
  const i = argv.indexOf("--sizes");
  const sizes = i >= 0 ? argv[i + 1].split(",").map(Number) : quick ? [100, 1000] : [100, 1000, 10000];
  return {
    sizes,
    quick,
    lsp: !argv.includes("--no-lsp"),
    workspace: !argv.includes("--no-lsp") && !argv.includes("--no-workspace"),
    cli: !argv.includes("--no-cli"),
    startup: !argv.includes("--no-startup"),
    findings: !argv.includes("--no-findings"),
    shapes: !argv.includes("--no-shapes"),
    verdicts: !argv.includes("--no-verdicts"),
    runs: (n) => (quick ? 3 : n >= 10000 ? 5 : n >= 1000 ? 7 : 11),
    lspRuns: (n) => (quick ? 1 : n >= 10000 ? 2 : 3),
  };
}

const ms = (s: Summary) => s.median;

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const results: Record<string, unknown>[] = [];
  const started = Date.now();
  const schemaFile = join(ROOT, "bench", "peer", "challenge-pack.schema.json");
  writeFileSync(schemaFile, JSON.stringify(packSchema(), null, 2));
  const peer = opts.lsp ? peerServer(ROOT) : { skipped: "--no-lsp" };
  console.log(
    `packlint bench: ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), node ${process.version}, load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  for (const cases of opts.sizes) {
    const text = generatePack({ cases });
    const r: Record<string, unknown> = { cases, chars: text.length };
    console.log(`\n${cases} cases (${(text.length / 1e6).toFixed(2)} MB)…`);
    measureHeap(text, r); // first, while nothing else of this size is alive
    measureEdits(measureParseAndCold(text, opts.runs(cases), r), text, opts.runs(cases), r);
    measureFeatures(text, r);
    if (opts.lsp) await measureLsp(text, cases, opts.lspRuns(cases), schemaFile, peer, r);
    r.ratios = ratios(r);
    results.push(r);
    printSize(r);
  }
  let workspace: Record<string, unknown> | undefined;
  if (opts.workspace) {
    const packs = opts.quick ? 40 : 200;
    console.log(`\nworkspace of ${packs} packs (100 cases each, the measured one 1,000), index building, against an empty workspace…`);
    workspace = await measureWorkspace({
      server: SERVER,
      peer: "bin" in peer ? peer.bin : undefined,
      peerSettings: peerSettings(schemaFile),
      packs,
      casesPerPack: 100,
      measuredCases: 1000,
      rounds: opts.quick ? 1 : 5,
      completions: 40,
    });
    printWorkspace(workspace);
  }
  let cli: Record<string, unknown> | undefined;
  if (opts.cli) {
    const files = opts.quick ? 12 : 40;
    console.log(`\npacklint DIR over ${files} packs of 100 cases…`);
    cli = measureCliDirectory({ root: ROOT, files, casesPerFile: 100, runs: opts.quick ? 2 : 5 });
    printCli(cli);
  }
  let startup: Record<string, unknown> | undefined;
  if (opts.startup) {
    console.log("\nstart-up: the installed CLI on one small valid pack against node -e 0…");
    startup = await measureStartup({ root: ROOT, runs: opts.quick ? 7 : 21 });
    printStartup(startup);
  }
  let findings: Record<string, unknown> | undefined;
  if (opts.findings) {
    console.log("\nfindings: cold diagnostics of packs with 50,000, 100,000 and 200,000 findings (CPU ms)…");
    findings = measureFindings({ sizes: [50_000, 100_000, 200_000], runs: opts.quick ? 1 : 3 });
    console.log(JSON.stringify(findings));
  }
  let shapes: Record<string, unknown> | undefined;
  if (opts.shapes) {
    console.log("\nshapes: cold diagnostics of spaces, tabs, nesting, long lines, many keys at three sizes (CPU ms, growth per doubling)…");
    shapes = measureShapes({ runs: opts.quick ? 1 : 3 });
    for (const [name, r] of Object.entries(shapes)) console.log(`  ${name.padEnd(11)} ${JSON.stringify(r)}`);
  }
  let verdicts: Record<string, unknown> | undefined;
  if (opts.verdicts) {
    console.log("\nSkill Testing verdicts on the labelled corpora (expected × actual)…");
    verdicts = measureSkillVerdicts(ROOT);
  }
  const out = {
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadavgAtEnd: loadavg() },
    quick: opts.quick,
    seconds: Math.round((Date.now() - started) / 1000),
    note: "Times are wall-clock medians in ms (cpuMs: this process's CPU time). Ratios use wall medians measured side by side.",
    sizes: results,
    workspace,
    cli,
    startup,
    findings,
    shapes,
    verdicts,
  };
  writeFileSync(join(ROOT, "bench", "results.json"), JSON.stringify(out, null, 2) + "\n");
  printTable(results);
  console.log(`\nwrote bench/results.json (${out.seconds} s)`);
}

/** (1) yaml.parseDocument and (2) cold diagnostics, interleaved so both see the same machine load. */
function measureParseAndCold(text: string, runs: number, r: Record<string, unknown>): PackModel {
  const parse = new Samples();
  const cold = new Samples();
  let model: PackModel | undefined;
  // One untimed run of each first: the JIT warms up on the same code paths the timed runs take.
  parseDocument(text);
  packDiagnostics(buildPackModel(text, "file:///bench/pack.yaml"));
  for (let i = 0; i < runs; i++) {
    gc();
    parse.add(time(() => parseDocument(text)).timing);
    gc();
    const t = time(() => {
      const m = buildPackModel(text, "file:///bench/pack.yaml");
      packDiagnostics(m);
      return m;
    });
    cold.add(t.timing);
    model = t.result;
  }
  r.parse = parse.summary();
  r.cold = cold.summary();
  return model!;
}

/** (3) re-diagnosis after a one-character edit in the last input set, and after a pasted case (each undone after). */
function measureEdits(start: PackModel, text: string, runs: number, r: Record<string, unknown>): void {
  const edits = benchEdits(text);
  let model = start;
  const change = (m: PackModel, from: number, to: number, insert: string) => ({
    range: { start: m.lines.positionAt(from), end: m.lines.positionAt(to) },
    text: insert,
  });
  const step = (from: number, to: number, insert: string, into: Samples) => {
    const t = time(() => {
      const next = updatePackModel(model, [change(model, from, to, insert)]);
      packDiagnostics(next);
      return next;
    });
    into.add(t.timing);
    model = t.result;
    return updateInfo(model);
  };
  const keystroke = new Samples();
  const paste = new Samples();
  const undoPaste = new Samples();
  let keystrokeInfo;
  let pasteInfo;
  for (let i = 0; i < Math.max(10, runs * 2); i++) {
    const { offset } = edits.keystroke;
    keystrokeInfo = step(offset, offset, "x", keystroke);
    step(offset, offset + 1, "", keystroke);
  }
  for (let i = 0; i < Math.max(5, runs); i++) {
    const { offset, text: pasted } = edits.paste;
    pasteInfo = step(offset, offset, pasted, paste);
    step(offset, offset + pasted.length, "", undoPaste);
  }
  if (model.text !== text) throw new Error("bench: the edits did not restore the text");
  r.keystroke = { ...keystroke.summary(), update: keystrokeInfo };
  r.paste = { ...paste.summary(), update: pasteInfo };
  r.undoPaste = undoPaste.summary();
  const fresh = packDiagnostics(buildPackModel(text, "file:///bench/pack.yaml"));
  r.editsMatchFresh = JSON.stringify(packDiagnostics(model)) === JSON.stringify(fresh);
}

/** (4) completion at a challenge_key value and hover on it: the first request, then p50/p95 over 100 of each. */
function measureFeatures(text: string, r: Record<string, unknown>): void {
  const model = buildPackModel(text, "file:///bench/pack.yaml");
  packDiagnostics(model);
  const at = model.lines.positionAt(benchEdits(text).challengeKeyValue);
  const series = (f: () => unknown) => {
    const first = time(f).timing.wallMs;
    const wall: number[] = [];
    let answer: unknown;
    for (let i = 0; i < 100; i++) {
      const t = time(f);
      wall.push(t.timing.wallMs);
      answer = t.result;
    }
    return { firstMs: round(first), p50Ms: round(percentile(wall, 50)), p95Ms: round(percentile(wall, 95)), maxMs: round(Math.max(...wall)), answer };
  };
  const c = series(() => completion(model, at));
  const h = series(() => hover(model, at));
  r.completion = { ...c, answer: undefined, items: (c.answer as { items: unknown[] }).items.length };
  r.hover = { ...h, answer: undefined, found: h.answer !== null };
  // The machine's noise at this scale: the same tight loop, timed 100 times.
  const noise: number[] = [];
  for (let i = 0; i < 100; i++) noise.push(time(() => JSON.stringify(at).length).timing.wallMs);
  r.timerNoise = { p50Ms: round(percentile(noise, 50), 4), p95Ms: round(percentile(noise, 95), 4), maxMs: round(Math.max(...noise), 4) };
}

/** (5) heap retained by one open document (its model, after diagnostics and symbols), and by yaml's Document alone. */
function measureHeap(text: string, r: Record<string, unknown>): void {
  const used = () => {
    for (let i = 0; i < 4; i++) gc();
    return process.memoryUsage().heapUsed;
  };
  const retained = (make: () => unknown) => {
    const before = used();
    const kept = make();
    const bytes = used() - before;
    void kept;
    return bytes;
  };
  const documentBytes = retained(() => parseDocument(text));
  const modelBytes = retained(() => {
    const model = buildPackModel(text, "file:///bench/pack.yaml");
    packDiagnostics(model);
    void model.symbols.declarations.length;
    return model;
  });
  r.heap = { documentMB: round(documentBytes / 1e6, 1), modelMB: round(modelBytes / 1e6, 1) };
}

/** (6) our server and yaml-language-server, driven by the same client over stdio: open → diagnostics, edit → diagnostics. */
async function measureLsp(
  text: string,
  cases: number,
  runs: number,
  schemaFile: string,
  peer: ReturnType<typeof peerServer>,
  r: Record<string, unknown>,
): Promise<void> {
  const edits = benchEdits(text);
  // An empty workspace folder: the servers see only the document the client opens (never saved to disk).
  const root = mkdtempSync(join(tmpdir(), "packlint-bench-"));
  const uri = pathToFileURL(join(root, `bench-${cases}.pack.yaml`)).href;
  const rootUri = pathToFileURL(root).href;
  const timeout = 600_000;
  const servers: { name: string; command?: string; args?: string[]; skipped?: string; settings: Record<string, unknown>; init?: unknown }[] = [
    {
      name: "ours",
      command: process.execPath,
      args: [SERVER, "--stdio"],
      settings: { packlint: {} },
      init: {},
    },
    {
      name: "yamlLanguageServer",
      ...("skipped" in peer ? { skipped: peer.skipped } : { command: process.execPath, args: [peer.bin, "--stdio"] }),
      settings: peerSettings(schemaFile),
    },
  ];
  const out: Record<string, unknown> = {};
  for (const s of servers) {
    if (!s.command) {
      out[s.name] = { skipped: s.skipped };
      continue;
    }
    const open = new Samples();
    const keystroke = new Samples();
    const paste = new Samples();
    let peakRssMb: number | undefined;
    try {
      for (let i = 0; i < runs; i++) {
        const client = await BenchClient.start(s.command, s.args!, { settings: s.settings, initializationOptions: s.init, rootUri });
        try {
          open.add({ wallMs: await client.open(uri, text, timeout), cpuMs: NaN });
          const pos = positionIn;
          const k = edits.keystroke.offset;
          keystroke.add({ wallMs: await client.change(uri, 2, { range: { start: pos(text, k), end: pos(text, k) }, text: "x" }, timeout), cpuMs: NaN });
          const typed = text.slice(0, k) + "x" + text.slice(k);
          const p = edits.paste.offset + (edits.paste.offset > k ? 1 : 0);
          paste.add({
            wallMs: await client.change(uri, 3, { range: { start: pos(typed, p), end: pos(typed, p) }, text: edits.paste.text }, timeout),
            cpuMs: NaN,
          });
          peakRssMb = Math.max(peakRssMb ?? 0, client.peakRssMb() ?? 0);
        } finally {
          await client.stop();
        }
      }
      out[s.name] = {
        open: summarize(open.wall),
        keystroke: summarize(keystroke.wall),
        paste: summarize(paste.wall),
        peakRssMb: peakRssMb && round(peakRssMb, 0),
      };
    } catch (e) {
      out[s.name] = { failed: (e as Error).message.slice(0, 300) };
    }
  }
  r.lsp = out;
  rmSync(root, { recursive: true, force: true });
}

/** yaml-language-server's settings: our JSON Schema on every pack. */
function peerSettings(schemaFile: string): Record<string, unknown> {
  return {
    yaml: {
      validate: true,
      hover: true,
      completion: true,
      format: { enable: false },
      schemaStore: { enable: false },
      schemas: { [pathToFileURL(schemaFile).href]: "*.pack.yaml" },
    },
  };
}

function positionIn(text: string, offset: number) {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, character: offset - lineStart };
}

function ratios(r: Record<string, any>): Record<string, number | undefined> {
  const lsp = r.lsp ?? {};
  const over = (a?: number, b?: number) => (a !== undefined && b !== undefined && b > 0 ? round(a / b) : undefined);
  return {
    coldOverParse: over(ms(r.cold.wallMs), ms(r.parse.wallMs)),
    coldOverParseCpu: over(ms(r.cold.cpuMs), ms(r.parse.cpuMs)),
    keystrokeOverCold: over(ms(r.keystroke.wallMs), ms(r.cold.wallMs)),
    pasteOverCold: over(ms(r.paste.wallMs), ms(r.cold.wallMs)),
    heapOverDocument: over(r.heap.modelMB, r.heap.documentMB),
    oursOverPeerOpen: over(lsp.ours?.open?.median, lsp.yamlLanguageServer?.open?.median),
    oursOverPeerKeystroke: over(lsp.ours?.keystroke?.median, lsp.yamlLanguageServer?.keystroke?.median),
    oursOverPeerPaste: over(lsp.ours?.paste?.median, lsp.yamlLanguageServer?.paste?.median),
  };
}

function printSize(r: Record<string, any>): void {
  console.log(
    `  parse ${ms(r.parse.wallMs).toFixed(0)} ms, cold ${ms(r.cold.wallMs).toFixed(0)} ms, keystroke ${ms(r.keystroke.wallMs).toFixed(1)} ms, ` +
      `paste ${ms(r.paste.wallMs).toFixed(1)} ms, completion p95 ${r.completion.p95Ms} ms, hover p95 ${r.hover.p95Ms} ms, ` +
      `heap ${r.heap.modelMB}/${r.heap.documentMB} MB`,
  );
}

function printTable(results: Record<string, any>[]): void {
  const rows: [string, (r: Record<string, any>) => string][] = [
    ["(1) yaml.parseDocument, ms", (r) => ms(r.parse.wallMs).toFixed(0)],
    ["(2) cold diagnostics, ms", (r) => ms(r.cold.wallMs).toFixed(0)],
    ["    (2)/(1)", (r) => fmt(r.ratios.coldOverParse)],
    ["    (2)/(1) in CPU time", (r) => fmt(r.ratios.coldOverParseCpu)],
    ["(3) keystroke → diagnostics, ms", (r) => ms(r.keystroke.wallMs).toFixed(1)],
    ["    (3)/(2)", (r) => fmt(r.ratios.keystrokeOverCold)],
    ["(3) pasted case → diagnostics, ms", (r) => ms(r.paste.wallMs).toFixed(1)],
    ["    paste/(2)", (r) => fmt(r.ratios.pasteOverCold)],
    ["(4) completion p50/p95, ms", (r) => `${r.completion.p50Ms}/${r.completion.p95Ms}`],
    ["(4) hover p50/p95, ms", (r) => `${r.hover.p50Ms}/${r.hover.p95Ms}`],
    ["(5) heap: model / yaml Document, MB", (r) => `${r.heap.modelMB}/${r.heap.documentMB}`],
    ["    ratio", (r) => fmt(r.ratios.heapOverDocument)],
    ["(6) ours: open → diagnostics, ms", (r) => lspCell(r, "ours", "open")],
    ["(6) peer: open → diagnostics, ms", (r) => lspCell(r, "yamlLanguageServer", "open")],
    ["    ours/peer", (r) => fmt(r.ratios.oursOverPeerOpen)],
    ["(6) ours: keystroke → diagnostics, ms", (r) => lspCell(r, "ours", "keystroke")],
    ["(6) peer: keystroke → diagnostics, ms", (r) => lspCell(r, "yamlLanguageServer", "keystroke")],
    ["    ours/peer", (r) => fmt(r.ratios.oursOverPeerKeystroke)],
    ["(6) peak RSS ours / peer, MB", (r) => `${r.lsp?.ours?.peakRssMb ?? "-"}/${r.lsp?.yamlLanguageServer?.peakRssMb ?? "-"}`],
  ];
  const header = ["", ...results.map((r) => `${r.cases} cases`)];
  const table = [header, ...rows.map(([name, f]) => [name, ...results.map((r) => f(r))])];
  const widths = header.map((_, c) => Math.max(...table.map((row) => row[c].length)));
  console.log("");
  for (const row of table) console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
}

function printCli(c: Record<string, any>): void {
  console.log(
    `  --jobs 1 ${c.jobs1Ms.median.toFixed(0)} ms, --jobs 2 ${c.jobs2Ms.median.toFixed(0)} ms (${c.filesPerSecondJobs2} files/s), ` +
      `in-process serial ${c.inProcessSerialMs.median.toFixed(0)} ms; jobs2/jobs1 ${fmt(c.ratios.jobs2OverJobs1)}, jobs1/in-process ${fmt(c.ratios.jobs1OverInProcess)}`,
  );
}

function printWorkspace(w: Record<string, any>): void {
  const peerOpen = w.open.peer.median === undefined ? "skipped" : `${w.open.peer.median.toFixed(0)} ms`;
  console.log(
    `  open → diagnostics: empty ${w.open.empty.median.toFixed(0)} ms, workspace ${w.open.workspace.median.toFixed(0)} ms (${fmt(w.ratios.openWorkspaceOverEmpty)}), ` +
      `yaml-language-server ${peerOpen} (ours/peer ${fmt(w.ratios.oursOverPeerOpenInWorkspace)})`,
  );
  for (const [name, c] of Object.entries<any>(w.completions)) {
    console.log(
      `  completion p95, one every ${c.gapMs} ms (${name}): empty ${c.empty.p95Ms} ms (${c.empty.count}), ` +
        `workspace while the index builds ${c.workspaceWhileIndexing.p95Ms} ms (${c.workspaceWhileIndexing.count})`,
    );
  }
}

function printStartup(s: Record<string, any>): void {
  console.log(
    `  node -e 0 ${s.nodeMs.median.toFixed(0)} ms, packlint ${s.packlintMs.median.toFixed(0)} ms: ${fmt(s.ratio)}× (median of ${s.runs} alternating runs)`,
  );
}

const fmt = (x: number | undefined) => (x === undefined ? "-" : x.toFixed(3));

function lspCell(r: Record<string, any>, name: string, what: string): string {
  const s = r.lsp?.[name];
  if (!s) return "-";
  if (s.skipped) return "skipped";
  if (s.failed) return "failed";
  return s[what] ? s[what].median.toFixed(0) : "-";
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
