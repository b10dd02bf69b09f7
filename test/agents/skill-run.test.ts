import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { quote } from "shell-quote";
import { AGENT_INPUT, parseAgentCommand } from "../../server/src/cli/agent-process";
import { cli as runCli } from "../helpers/cli";
import { FAKE_AGENT, fixtureCopy } from "../helpers/skill-agent";
import { buildPrompt, buildSkillModel, emptyHost } from "../../server/src/service/skill-cases";

/**
 * `packlint skill run` against a fake agent (test/fixtures/skill-agent/fake-agent.js) whose answers are scripted by
 * the prompt: what it is given, a timeout, a crash, an empty answer, the prose answer.
 */

const ROOT = resolve(__dirname, "../../..");
const AGENT = FAKE_AGENT;
const skillCopy = () => fixtureCopy("skill-agent/skill", "packlint-run-");
const cli = (argv: string[], env: Record<string, string | undefined>) => runCli(argv, { env });

const baseEnv = { PATH: process.env.PATH, LANG: "C.UTF-8", SECRET_TOKEN: "do-not-pass", KEEP_ME: "passed on request" };

test("skill run: each case in a fresh agent that sees only its prompt; timeout, crash and empty answer FAIL with the reason, the others go on", async () => {
  const dir = skillCopy();
  const cases = join(dir, "tests/skill_cases.yaml");
  const r = await cli(["skill", "run", dir, "--agent", AGENT, "--timeout", "2", "--jobs", "5", "--env", "KEEP_ME"], baseEnv);
  assert.equal(r.code, 1, r.out + r.err);

  // Isolation: the agent saw its prompt on stdin and nothing else.
  const model = buildSkillModel(readFileSync(cases, "utf8"), "untitled:skill_cases.yaml", emptyHost);
  const seen = JSON.parse(readFileSync(join(dir, "tests/tmp/raw_response/trigger_001.md"), "utf8")) as {
    cwd: string;
    entries: string[];
    env: Record<string, string>;
    argv: string[];
    stdin: string;
  };
  assert.equal(seen.stdin, buildPrompt(model.suite.cases[0]));
  assert.deepEqual(seen.argv, []);
  assert.deepEqual(seen.entries, [], "the scratch folder is empty");
  assert.ok(!seen.cwd.startsWith(dir), "not started in the Skill's folder");
  assert.ok(!existsSync(seen.cwd), "the scratch folder is removed afterwards");
  assert.deepEqual(Object.keys(seen.env).sort(), ["HOME", "KEEP_ME", "LANG", "PACKLINT_PROMPT", "PATH"]);
  assert.equal(seen.env.HOME, seen.cwd);
  assert.equal(seen.env.PACKLINT_PROMPT, seen.stdin);
  const visible = JSON.stringify(seen);
  for (const leak of ["LEAK-", "do-not-pass", "should_not_use", "assertions", "expected", "When will order 1042 arrive", "hang until stopped"]) {
    assert.ok(!visible.includes(leak), `the agent saw ${leak}`);
  }

  // Raw answers are saved verbatim; formatted responses are scored.
  assert.equal(
    readFileSync(join(dir, "tests/tmp/raw_response/trigger_002.md"), "utf8"),
    "I would use the refund-helper skill. First I read the policy, then I draft the reply. I will not issue the refund.\n",
  );
  assert.match(
    readFileSync(join(dir, "tests/tmp/response/trigger_002.md"), "utf8"),
    /^selected_skill: refund-helper\nstatus: FAIL\n/,
    "the forbidden Skill selected is status FAIL",
  );
  const report = readFileSync(join(dir, "tests/tmp/skill-test-report.md"), "utf8");
  assert.equal(report, r.out);
  assert.match(r.out, /- Responses: .*tests\/tmp\/response\n- Raw Responses: .*tests\/tmp\/raw_response\n- Response Source: agent: .*fake-agent\.js\n/);
  const row = (id: string) => new RegExp(`^\\| ${id} \\|.*$`, "m").exec(r.out)?.[0];
  // The introspection answer is JSON, not a selection: scored (and failed) as an answer, not as a failed capture.
  assert.match(row("trigger_001")!, /\| FAIL \| ignores the requested Skill choice: names no Skill; expected "refund-helper"/);
  assert.match(row("trigger_002")!, /\| FAIL \| selects "refund-helper", which expected\.skill\.should_not_use forbids/);
  assert.match(row("plan_001")!, /\| 0 \| FAIL \| no answer captured: the agent did not finish within 2 s \|/);
  assert.match(row("edge_001")!, /\| 0 \| FAIL \| no answer captured: the agent exited with code 3 \(fake agent: boom\) \|/);
  assert.match(row("failure_001")!, /\| 0 \| FAIL \| no answer captured: the agent printed nothing \|/);
  assert.equal(r.err, "", "no progress line when stderr is not a terminal");
});

test("skill run: {prompt} in the command puts the prompt in that argument, with empty standard input; a progress line on a terminal", async () => {
  const dir = skillCopy();
  const { code, err } = await runCli(
    ["skill", "run", join(dir, "tests/skill_cases.yaml"), "--agent", `${AGENT} {prompt}`, "--timeout", "2", "--jobs", "5", "--write-report", join(dir, "r.md")],
    { env: baseEnv, stderrIsTTY: true },
  );
  assert.equal(code, 1);
  const seen = JSON.parse(readFileSync(join(dir, "tests/tmp/raw_response/trigger_001.md"), "utf8")) as { argv: string[]; stdin: string; env: object };
  assert.equal(seen.stdin, "");
  assert.equal(seen.argv.length, 1);
  assert.match(seen.argv[0], /^If the user's query is: introspect: I want my money back for order 1042\., which skill will you use to handle it\?\n/);
  assert.deepEqual(Object.keys(seen.env).sort(), ["HOME", "LANG", "PACKLINT_PROMPT", "PATH"]);
  assert.ok(existsSync(join(dir, "r.md")));
  assert.match(err, /\r\u001b\[Kpacklint: skill run 5\/5 cases/);
});

test("skill run: an agent that cannot be started fails every case with the reason; usage errors exit 2", async () => {
  const dir = skillCopy();
  const r = await cli(["skill", "run", dir, "--agent", join(dir, "no-such-agent")], baseEnv);
  assert.equal(r.code, 1);
  assert.match(r.out, /\| trigger_001 \| trigger \| 0 \| FAIL \| no answer captured: could not start the agent: spawn .*no-such-agent ENOENT \|/);
  for (const argv of [
    ["skill", "run", dir],
    ["skill", "run", dir, "--agent", ""],
    ["skill", "run", dir, "--agent", "x", "--timeout", "0"],
    ["skill", "run", dir, "--agent", "x", "--jobs", "1.5"],
    ["skill", "run", dir, "--agent", "x", "--nope"],
  ]) {
    assert.equal((await cli(argv, baseEnv)).code, 2, argv.join(" "));
  }
});

test("agent commands: words run without a shell; shell syntax runs under one", () => {
  assert.deepEqual(parseAgentCommand(`claude -p "a b" {prompt}`), {
    text: `claude -p "a b" {prompt}`,
    input: AGENT_INPUT,
    argv: ["claude", "-p", "a b", "{prompt}"],
    shell: false,
    inputInArgs: true,
  });
  assert.deepEqual(parseAgentCommand("codex exec -").argv, ["codex", "exec", "-"]);
  for (const shell of ["agent | tee log", "agent > out.txt", "agent --key $KEY", "agent *.md", "a && b"])
    assert.equal(parseAgentCommand(shell).shell, true, shell);
  assert.throws(() => parseAgentCommand("   "), /--agent needs a command/);
});

test("skill run: a command with shell syntax runs under the shell, the prompt still on standard input only", async () => {
  const dir = skillCopy();
  const r = await cli(["skill", "run", dir, "--agent", `${AGENT} | cat`, "--timeout", "2", "--jobs", "5"], baseEnv);
  assert.equal(r.code, 1);
  const seen = JSON.parse(readFileSync(join(dir, "tests/tmp/raw_response/trigger_001.md"), "utf8")) as { argv: string[]; stdin: string; entries: string[] };
  assert.match(seen.stdin, /^If the user's query is: introspect: /);
  assert.deepEqual([seen.argv, seen.entries], [[], []]);
  assert.match(r.out, /- Response Source: agent: .*fake-agent\.js'? \| cat\n/);
  assert.match(r.out, /\| trigger_002 \| trigger \| \d+ \| FAIL \| selects "refund-helper"/);
});

/** A copy of the fake agent's Skill whose cases' queries each try to make a shell create a marker file in `markers`. */
function hostileSkill(markers: string): { dir: string; ids: string[] } {
  const dir = skillCopy();
  const m = (name: string) => join(markers, name);
  const queries = [
    `introspect $(touch ${m("dollar")})`,
    "introspect `touch " + m("backtick") + "`",
    `introspect; touch ${m("semicolon")}`,
    `introspect | touch ${m("pipe")}`,
    `introspect && touch ${m("and")}`,
    `introspect' ; touch ${m("single")} ; echo '`,
    `introspect" ; touch ${m("double")} ; echo "`,
    `introspect\ntouch ${m("newline")}\n`,
    `introspect'\ntouch ${m("quote-newline")} #`,
  ];
  const cases = queries.map(
    (q, i) =>
      `  - id: q${i + 1}\n    type: trigger\n    title: A query with shell syntax\n    query: ${JSON.stringify(q)}\n` +
      "    inputs: { files: [], context: {} }\n" +
      "    expected: { skill: { should_use: refund-helper, should_not_use: [] }, must_include: [], must_not_include: [], artifacts: [], routing: {} }\n" +
      "    assertions: []\n",
  );
  const head =
    'version: "1.0"\nskill:\n  name: refund-helper\n  description: Drafts refund decisions.\ndefaults:\n  mode: dry-run\n  execution: no_tool_call\ncases:\n';
  writeFileSync(join(dir, "tests/skill_cases.yaml"), head + cases.join(""));
  return { dir, ids: queries.map((_, i) => `q${i + 1}`) };
}

test("skill run: no shell ever runs a case's text; the agent gets the prompt verbatim as an argument, on stdin and in PACKLINT_PROMPT", async () => {
  const markers = realpathSync(mkdtempSync(join(tmpdir(), "packlint-markers-")));
  const { dir, ids } = hostileSkill(markers);
  const model = buildSkillModel(readFileSync(join(dir, "tests/skill_cases.yaml"), "utf8"), "untitled:skill_cases.yaml", emptyHost);
  assert.deepEqual(
    model.suite.cases.map((c) => c.id),
    ids,
  );

  // The three forms, and others that would hand the prompt to a shell as code: refused before anything runs.
  for (const agent of [
    `echo '{prompt}' | cat`,
    `sh -c 'echo {prompt}'`,
    `bash -lc 'echo "{prompt}"'`,
    "sh -c {prompt}",
    `sh -c "$PACKLINT_PROMPT"`,
    `${AGENT} | sh`,
  ]) {
    const r = await cli(["skill", "run", dir, "--agent", agent, "--timeout", "20"], baseEnv);
    assert.equal(r.code, 2, `${agent}: ${r.err}`);
    assert.match(r.err, /never reaches a shell or interpreter as code[^]*PACKLINT_PROMPT/, agent);
    assert.ok(!existsSync(join(dir, "tests/tmp/raw_response")), `${agent}: nothing ran`);
  }

  // Ways to give the prompt that involve no shell, or a shell that reads it as data: each case's prompt arrives whole.
  const forms: [string, (seen: { argv: string[]; stdin: string }) => string][] = [
    [AGENT, (seen) => seen.stdin],
    [`${AGENT} {prompt}`, (seen) => seen.argv[0]],
    [`${AGENT} --prompt={prompt}`, (seen) => seen.argv[0].replace(/^--prompt=/, "")],
    [`sh -c 'exec "$0" "$1" "$PACKLINT_PROMPT"' ${AGENT}`, (seen) => seen.argv[0]],
    [`${AGENT} "$PACKLINT_PROMPT" | cat`, (seen) => seen.argv[0]],
    [`cat | ${AGENT}`, (seen) => seen.stdin],
  ];
  for (const [agent, given] of forms) {
    const r = await cli(["skill", "run", dir, "--agent", agent, "--timeout", "60", "--jobs", "3"], baseEnv);
    assert.equal(r.code, 1, `${agent}: ${r.err}`);
    model.suite.cases.forEach((c) => {
      const seen = JSON.parse(readFileSync(join(dir, `tests/tmp/raw_response/${c.id}.md`), "utf8")) as {
        argv: string[];
        stdin: string;
        env: Record<string, string>;
      };
      assert.equal(given(seen), buildPrompt(c), `${agent}: ${c.id}`);
      assert.equal(seen.env.PACKLINT_PROMPT, buildPrompt(c), `${agent}: ${c.id}`);
    });
  }
  assert.deepEqual(readdirSync(markers), [], "no marker was created");
});

test("skill run: a timeout ends the case even when the agent left a process (setsid) holding its output open", { timeout: 120_000 }, async () => {
  const dir = skillCopy();
  const pids = join(dir, "grandchildren.pids");
  const grandchildren = () => (existsSync(pids) ? readFileSync(pids, "utf8").split("\n").filter(Boolean).map(Number) : []);
  try {
    const agent = quote([process.execPath, join(ROOT, "test/fixtures/skill-agent/setsid-agent.js")]);
    const r = await cli(["skill", "run", dir, "--agent", agent, "--timeout", "1", "--jobs", "5", "--env", "GRANDCHILD_PIDS"], {
      ...baseEnv,
      GRANDCHILD_PIDS: pids,
    });
    // The run ended (the node:test timeout above is the only clock), and said why each case failed.
    assert.equal(r.code, 1);
    for (const id of ["trigger_001", "trigger_002", "plan_001", "edge_001", "failure_001"]) {
      assert.match(r.out, new RegExp(`^\\| ${id} \\|.*\\| FAIL \\| no answer captured: the agent did not finish within 1 s \\|$`, "m"));
    }
    // While the processes that held the pipes are still running: they did not keep the run waiting.
    assert.equal(grandchildren().length, 5);
    for (const pid of grandchildren()) assert.doesNotThrow(() => process.kill(pid, 0), `grandchild ${pid} is still running`);
  } finally {
    for (const pid of grandchildren()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
  }
});
