import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { join } from "node:path";
import { URI } from "vscode-uri";
import { AnalysisThread } from "../../server/src/workspace/analysis-thread";
import { JobRunner } from "../../server/src/workspace/analysis-job";
import { ConfinedFiles } from "../../server/src/workspace/confined-files";
import { analyzeFile, decodeFile } from "../../server/src/workspace/file-check";
import { confinedSkillHost } from "../../server/src/workspace/skill-host";
import type { DocumentKind } from "../../server/src/service/languages";
import { tempTree } from "../helpers/cli";
import { pack, sections } from "../helpers/packs";
import { skillFile } from "../helpers/skill";

/**
 * The workspace index's worker thread and its protocol: a file's decoded text goes in, its summary (plain data)
 * comes back, equal to what the service gives on the main thread; a worker that dies is started again.
 */

const badPack = pack({ challenges: sections.challenges.replace("difficulty: easy", "difficulty: eazy") });
const root = tempTree({
  "packs/bad.pack.yaml": badPack,
  "packs/good.pack.yaml": pack(),
  "refund-helper/SKILL.md": "---\nname: refund-assistant\ndescription: Drafts refund decisions.\n---\n",
  "refund-helper/tests/skill_cases.yaml": skillFile(),
});

interface File {
  uri: string;
  kind: DocumentKind;
  decoded: ReturnType<typeof decodeFile>;
}
const file = (path: string, kind: DocumentKind = "challenge-pack"): File => ({
  uri: URI.file(join(root, path)).toString(),
  kind,
  decoded: decodeFile(readFileSync(join(root, path))),
});
const onMainThread = (f: File) => analyzeFile(f.kind, f.decoded, f.uri, { skillHost: confinedSkillHost(new ConfinedFiles([root])) });
const codes = (summary: { diagnostics: { code: string }[] }) => summary.diagnostics.map((d) => d.code);

test("job runner: the service's summary of a pack and of a case file (its Skill folder read inside the roots)", () => {
  const runner = new JobRunner();
  const bad = file("packs/bad.pack.yaml");
  const cases = file("refund-helper/tests/skill_cases.yaml", "skill-cases");
  const result = runner.run({ id: 7, ...bad, roots: [root] });
  assert.equal(result.id, 7);
  assert.deepEqual(result.summary, onMainThread(bad));
  assert.deepEqual(codes(result.summary), ["challenge-difficulty-invalid"]);
  assert.ok(result.summary.symbols.length > 0 && result.summary.assets.length > 0);
  const skill = runner.run({ id: 8, ...cases, roots: [root] }).summary;
  assert.deepEqual(skill, onMainThread(cases));
  assert.ok(codes(skill).includes("skill-name-mismatch"), "SKILL.md was read");
  assert.ok(!codes(runner.run({ id: 9, ...cases, roots: [join(root, "packs")] }).summary).includes("skill-name-mismatch"), "nothing outside the roots is read");
});

test("worker thread: summaries equal the main thread's, in any number, through structured clone", async () => {
  const thread = new AnalysisThread();
  try {
    const files = [file("packs/bad.pack.yaml"), file("packs/good.pack.yaml"), file("refund-helper/tests/skill_cases.yaml", "skill-cases")];
    const summaries = await Promise.all(files.map((f) => thread.analyze(f.kind, f.decoded, f.uri, [root])));
    assert.deepEqual(summaries, files.map(onMainThread));
    assert.equal(thread.pending, 0);
  } finally {
    await thread.terminate();
  }
});

test("worker thread: a check that throws gives its file one internal-error; the next files are analysed", async () => {
  process.env.PACKLINT_TEST_FAULT = "fault-marker-in-a-comment"; // read by the worker when it starts
  const thread = new AnalysisThread();
  try {
    const good = file("packs/good.pack.yaml");
    const faulty = { ...good, decoded: { text: `# fault-marker-in-a-comment\n${good.decoded.text}` } };
    const [first, second] = await Promise.all([faulty, good].map((f) => thread.analyze(f.kind, f.decoded, f.uri, [root])));
    assert.deepEqual(codes(first), ["internal-error"]);
    assert.match(first.diagnostics[0].message, /a fault injected by the tests/);
    assert.deepEqual(second, onMainThread(good));
  } finally {
    delete process.env.PACKLINT_TEST_FAULT;
    await thread.terminate();
  }
});

test("worker thread: a worker that ends abruptly is started again; its file gets one internal-error, the files after it are analysed", async () => {
  process.env.PACKLINT_TEST_CRASH = "crash-marker-in-a-comment";
  const died: (string | undefined)[] = [];
  const thread = new AnalysisThread({ died: (_e, uri) => died.push(uri) });
  try {
    const bad = file("packs/bad.pack.yaml");
    const good = file("packs/good.pack.yaml");
    const crashing = { ...good, uri: "file:///crashing.pack.yaml", decoded: { text: `# crash-marker-in-a-comment\n${good.decoded.text}` } };
    const summaries = await Promise.all([bad, crashing, good, crashing, bad].map((f) => thread.analyze(f.kind, f.decoded, f.uri, [root])));
    assert.deepEqual(summaries.map(codes), [["challenge-difficulty-invalid"], ["internal-error"], [], ["internal-error"], ["challenge-difficulty-invalid"]]);
    assert.match(summaries[1].diagnostics[0].message, /worker thread stopped \(exit code 70\)/);
    assert.deepEqual(died, ["file:///crashing.pack.yaml", "file:///crashing.pack.yaml"], "each death once, with the file it was on");
    assert.deepEqual(summaries[2], onMainThread(good));
  } finally {
    delete process.env.PACKLINT_TEST_CRASH;
    await thread.terminate();
  }
});

test("worker thread: an uncaught exception in the worker (its 'error' then its 'exit') counts as one death per file", async () => {
  const died: (string | undefined)[] = [];
  const thread = new AnalysisThread({ script: join(__dirname, "..", "helpers", "throwing-index-worker.js"), died: (_e, uri) => died.push(uri) });
  try {
    const good = file("packs/good.pack.yaml");
    const summaries = await Promise.all(["a", "b"].map((n) => thread.analyze(good.kind, good.decoded, `file:///${n}.pack.yaml`, [root])));
    assert.deepEqual(summaries.map(codes), [["internal-error"], ["internal-error"]]);
    assert.match(summaries[0].diagnostics[0].message, /a worker thread that throws/);
    assert.deepEqual(died, ["file:///a.pack.yaml", "file:///b.pack.yaml"]);
  } finally {
    await thread.terminate();
  }
});

test("worker thread: terminate rejects what is still to come, and every later file", async () => {
  const thread = new AnalysisThread();
  const good = file("packs/good.pack.yaml");
  const waiting = assert.rejects(thread.analyze(good.kind, good.decoded, good.uri, [root]), /terminated/);
  await thread.terminate();
  await waiting;
  await assert.rejects(thread.analyze(good.kind, good.decoded, good.uri, [root]), /terminated/);
  assert.equal(thread.pending, 0);
});

/** The nice value of each thread of this process (Linux: /proc/self/task/TID/stat, its 19th field). */
function threadNiceValues(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
  }
  return out;
}

test("worker thread: background priority, the worker thread's alone (Linux); elsewhere the process keeps its priority", async () => {
  const before = getPriority();
  const niceBefore = process.platform === "linux" ? threadNiceValues() : new Map<number, number>();
  const thread = new AnalysisThread();
  try {
    const good = file("packs/good.pack.yaml");
    await thread.analyze(good.kind, good.decoded, good.uri, [root]); // the worker is running now
    assert.equal(getPriority(), before, "the main thread's (and, off Linux, the process's) priority is unchanged");
    if (process.platform === "linux") {
      const added = [...threadNiceValues()].filter(([tid]) => !niceBefore.has(tid)).map(([, nice]) => nice);
      const background = Math.max(before, 10);
      assert.ok(added.includes(background), `a new thread at nice ${background} (new threads' nice values: ${added.join(", ")})`);
      assert.equal(threadNiceValues().get(process.pid), before);
    }
  } finally {
    await thread.terminate();
  }
});

test("worker thread: a closed gate holds it at its next pause point, doing nothing, until the gate opens", async () => {
  const thread = new AnalysisThread();
  try {
    const big = pack({ inputSets: sections.inputSets + sections.inputSets.slice(sections.inputSets.indexOf("      - challenge_key")).repeat(200) });
    const decoded = decodeFile(Buffer.from(big));
    const uri = URI.file(join(root, "big.pack.yaml")).toString();
    await thread.analyze("challenge-pack", file("packs/good.pack.yaml").decoded, uri, [root]); // the worker is up
    thread.gate.close();
    let done = false;
    const summary = thread.analyze("challenge-pack", decoded, uri, [root]).then((s) => ((done = true), s));
    // Liveness only: the worker reaches its first pause point soon after the job arrives.
    for (let i = 0; i < 2000 && thread.gate.stops === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(thread.gate.stops, 1, "the worker stopped at the gate");
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(done, false, "nothing comes back while the gate is closed");
    assert.equal(thread.gate.stops, 1, "it waits where it stopped");
    thread.gate.open();
    const onMain = analyzeFile("challenge-pack", decoded, uri, { skillHost: confinedSkillHost(new ConfinedFiles([root])) });
    assert.deepEqual(await summary, onMain, "and goes on from there to the same summary");
  } finally {
    await thread.terminate();
  }
});

test("worker thread: terminate ends a worker held at the gate", async () => {
  const thread = new AnalysisThread();
  await thread.analyze("challenge-pack", file("packs/good.pack.yaml").decoded, "file:///x.pack.yaml", [root]);
  thread.gate.close();
  const held = thread.analyze("challenge-pack", file("packs/bad.pack.yaml").decoded, "file:///y.pack.yaml", [root]);
  for (let i = 0; i < 2000 && thread.gate.stops === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(thread.gate.stops, 1, "held at the gate");
  const rejected = assert.rejects(held, /terminated/);
  await thread.terminate();
  await rejected;
});

test("worker thread: a file over the worker's heap limit gets one internal-error; the worker is started again for the next files", async () => {
  const died: (string | undefined)[] = [];
  const thread = new AnalysisThread({ heapMB: 48, died: (_e, uri) => died.push(uri) });
  try {
    const good = file("packs/good.pack.yaml");
    // A one-line list of 300,000 items: its syntax tree alone takes hundreds of megabytes.
    const huge = { ...good, uri: "file:///huge.pack.yaml", decoded: { text: `${good.decoded.text}extra: [${Array(300_000).fill("a").join(", ")}]\n` } };
    const summaries = await Promise.all([huge, good].map((f) => thread.analyze(f.kind, f.decoded, f.uri, [root])));
    assert.deepEqual(summaries.map(codes), [["internal-error"], []]);
    assert.match(summaries[0].diagnostics[0].message, /needs more than the 48 MB of memory the workspace index allows/);
    assert.deepEqual(died, ["file:///huge.pack.yaml"]);
    assert.deepEqual(summaries[1], onMainThread(good));
  } finally {
    await thread.terminate();
  }
});
