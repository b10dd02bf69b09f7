import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cli as runCli } from "../helpers/cli";
import { FAKE_AGENT, fixtureCopy } from "../helpers/skill-agent";

/**
 * `packlint skill run --case ID --progress`, what the editor's Test Explorer runs: a subset of the cases, and one
 * JSON line per event on standard output. The agent is the fake one (test/fixtures/skill-agent/fake-agent.js).
 */

const BIN = join(__dirname, "../../server/src/cli/bin.js");
const env = { PATH: process.env.PATH, LANG: "C.UTF-8" };
const AGENT = FAKE_AGENT;
const skillCopy = () => fixtureCopy("skill-agent/skill", "packlint-progress-");
const cli = (argv: string[]) => runCli(argv, { env, stderrIsTTY: true });

interface Event {
  event: string;
  [key: string]: unknown;
}

test("skill run --case runs only the cases named; --progress prints one JSON event a line, the report last", async () => {
  const dir = skillCopy();
  const r = await cli(["skill", "run", dir, "--agent", AGENT, "--case", "edge_001", "--case", "trigger_002", "--progress", "--jobs", "2"]);
  assert.equal(r.code, 1, r.err);
  assert.equal(r.err, "", "no progress line on stderr when --progress prints events");
  const lines = r.out.split("\n");
  assert.equal(lines.pop(), "", "every event ends its line");
  const events = lines.map((l) => JSON.parse(l) as Event);

  // The cases in the file's order, whatever the order of --case.
  assert.deepEqual(events[0], {
    event: "start",
    cases: [
      { id: "trigger_002", type: "trigger" },
      { id: "edge_001", type: "edge" },
    ],
    runs: 1,
  });
  const answered = events.filter((e) => e.event === "answered");
  assert.deepEqual(answered.map((e) => e.id).sort(), ["edge_001", "trigger_002"]);
  assert.equal(answered.find((e) => e.id === "edge_001")!.failure, "the agent exited with code 3 (fake agent: boom)");
  assert.equal(answered.find((e) => e.id === "trigger_002")!.failure, undefined);
  assert.ok(events.indexOf(answered[1]) < events.findIndex((e) => e.event === "case"), "answers stream before the scores");

  const cases = events.filter((e) => e.event === "case");
  assert.deepEqual(
    cases.map((e) => [e.id, e.type, e.result]),
    [
      ["trigger_002", "trigger", "FAIL"],
      ["edge_001", "edge", "FAIL"],
    ],
  );
  const [trigger, edge] = cases;
  assert.deepEqual(trigger.errors, [], "a scored answer is no capture error");
  assert.ok((trigger.findings as { text: string }[]).some((f) => /selects "refund-helper", which expected\.skill\.should_not_use forbids/.test(f.text)));
  assert.deepEqual(edge.errors, ["the agent exited with code 3 (fake agent: boom)"]);
  assert.equal(edge.score, 0);

  const report = events.at(-1)!;
  assert.equal(report.event, "report");
  assert.equal(report.overall, "FAIL");
  assert.deepEqual([report.passed, report.review, report.failed], [0, 0, 2]);
  assert.equal(report.path, join(dir, "tests/tmp/skill-test-report.md"));
  assert.equal(readFileSync(report.path as string, "utf8"), report.markdown);
  assert.match(report.markdown as string, /- Cases: 2\n/);
  assert.doesNotMatch(report.markdown as string, /trigger_001|plan_001|failure_001/, "only the cases run are scored");

  // Only the cases run were asked, and only their responses written.
  assert.deepEqual(readdirSync(join(dir, "tests/tmp/raw_response")).sort(), ["edge_001.md", "trigger_002.md"]);
  assert.deepEqual(readdirSync(join(dir, "tests/tmp/response")).sort(), ["edge_001.md", "trigger_002.md"]);
});

test("skill run --case: an id that is no case's, or --progress with --format, is a usage error before any agent runs", async () => {
  const dir = skillCopy();
  const unknown = await cli(["skill", "run", dir, "--agent", AGENT, "--case", "trigger_001", "--case", "nope_009"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /--case "nope_009": no such case in the case file \(its cases: trigger_001, trigger_002, plan_001, edge_001, failure_001\)/);
  const both = await cli(["skill", "run", dir, "--agent", AGENT, "--progress", "--format", "json"]);
  assert.equal(both.code, 2);
  assert.match(both.err, /--progress prints JSON lines: leave out --format/);
  assert.equal(existsSync(join(dir, "tests/tmp")), false, "nothing was started or written");
});

test("skill run stopped with SIGTERM (the editor's Cancel) kills the agent it started", { timeout: 60_000 }, async (t) => {
  const dir = skillCopy();
  const pids = join(dir, "pids");
  const child = spawn(process.execPath, [BIN, "skill", "run", dir, "--agent", AGENT, "--case", "plan_001", "--progress", "--env", "FAKE_PIDS"], {
    env: { ...env, FAKE_PIDS: pids },
    stdio: ["ignore", "pipe", "pipe"],
  });
  t.after(() => void child.kill("SIGKILL"));
  const exited = new Promise<[number | null, string | null]>((done) => child.on("close", (code, signal) => done([code, signal])));
  // The agent of plan_001 ("hang until stopped") never answers: wait until it has written its pid.
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => void (out += chunk.toString()));
  while (!(existsSync(pids) && readFileSync(pids, "utf8").endsWith("\n"))) await new Promise((next) => setTimeout(next, 50));
  const agent = Number(readFileSync(pids, "utf8").trim());
  assert.ok(alive(agent), "the agent runs");
  child.kill("SIGTERM");
  assert.deepEqual(await exited, [130, null]);
  assert.equal(alive(agent), false, "the agent was killed with the run");
  assert.doesNotMatch(out, /"event":"answered"/);
});

/** Whether a process is running (a zombie waiting for its parent to reap it counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}
