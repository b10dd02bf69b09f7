import { test } from "node:test";
import assert from "node:assert/strict";
import { codeUse } from "../../server/src/cli/code-arguments";
import { AGENT_INPUT } from "../../server/src/cli/agent-process";
import { parseUserCommand } from "../../server/src/cli/user-command";
import { UsageError } from "../../server/src/cli/usage-error";

/** How `--agent` commands are read: where `{prompt}` may go, and what is refused before anything runs. */

const parse = (text: string) => parseUserCommand(text, AGENT_INPUT);

test("user commands: the prompt as one whole argument, an option's value or standard input of a program that is not running it as code", () => {
  const allowed: [string, string[] | "shell"][] = [
    ["my-agent -p {prompt}", ["my-agent", "-p", "{prompt}"]],
    ["my-agent --prompt={prompt}", ["my-agent", "--prompt={prompt}"]],
    ["codex exec -", ["codex", "exec", "-"]],
    ["python3 agent.py {prompt}", ["python3", "agent.py", "{prompt}"]],
    ["node --require ./x.js agent.js --ask {prompt}", ["node", "--require", "./x.js", "agent.js", "--ask", "{prompt}"]],
    [`sh -c 'my-agent "$1"' sh {prompt}`, ["sh", "-c", 'my-agent "$1"', "sh", "{prompt}"]],
    [`sh -c 'my-agent "$PACKLINT_PROMPT"'`, ["sh", "-c", 'my-agent "$PACKLINT_PROMPT"']],
    [`bash -lc 'my-agent | tee log'`, ["bash", "-lc", "my-agent | tee log"]],
    ["timeout 60 my-agent {prompt}", ["timeout", "60", "my-agent", "{prompt}"]],
    ["env -u HOME my-agent {prompt}", ["env", "-u", "HOME", "my-agent", "{prompt}"]],
    [`my-agent -p "$PACKLINT_PROMPT" | tee log`, "shell"],
    ["cat | my-agent", "shell"],
    ["my-agent > out.txt", "shell"],
  ];
  for (const [text, want] of allowed) {
    const command = parse(text);
    if (want === "shell") assert.equal(command.shell, true, text);
    else assert.deepEqual([command.shell, command.argv], [false, want], text);
  }
});

test("user commands: the prompt where a shell or interpreter would run it, or in part of a word, is a usage error that says what to write", () => {
  const refused: [string, RegExp][] = [
    // The three forms.
    [`echo '{prompt}' | cat`, /it runs under a shell \(it has shell syntax\), which would read the prompt in place of \{prompt\} as code/],
    [`sh -c 'echo {prompt}'`, /\{prompt\} must be a whole argument or an option's value \(--prompt=\{prompt\}\), not part of "echo \{prompt\}"/],
    [`bash -lc 'echo "{prompt}"'`, /not part of "echo \\"\{prompt\}\\""/],
    // The prompt as a script, code or program.
    ["sh -c {prompt}", /: sh would run the prompt as code/],
    ["bash -e -o pipefail -c {prompt}", /: bash would run the prompt as code/],
    ["zsh -fc {prompt}", /: zsh would run the prompt as code/],
    ["/usr/bin/node -e {prompt}", /node would run the prompt as code/],
    ["node --eval={prompt}", /node would run the prompt as code/],
    ["node -pe {prompt}", /node would run the prompt as code/],
    ["python3.12 -Bc {prompt}", /python3\.12 would run the prompt as code/],
    ["python3 -m {prompt}", /python3 would run the prompt as code/],
    ["perl -ne {prompt}", /perl would run the prompt as code/],
    ["ruby -e {prompt}", /ruby would run the prompt as code/],
    ["awk {prompt}", /awk would run the prompt as code/],
    ["pwsh -NoProfile -Command {prompt}", /pwsh would run the prompt as code/],
    ["cmd /c my-agent {prompt}", /cmd would run the prompt as code/],
    ["ssh host my-agent {prompt}", /ssh would run the prompt as code/],
    ["{prompt}", /the prompt would name the program to run/],
    ["env A=1 {prompt}", /env would run the prompt as code|the prompt would name the program/],
    ["env -S {prompt}", /env would run the prompt as code/],
    ["env A=1 sh -c {prompt}", /: sh would run the prompt as code/],
    ["timeout -s KILL 5 bash -c {prompt}", /: bash would run the prompt as code/],
    ["sudo -u me sh -c {prompt}", /: sh would run the prompt as code/],
    ["xargs -0 sh -c {prompt}", /: sh would run the prompt as code/],
    // The variable run as code, here or in a shell script.
    [`sh -c "$PACKLINT_PROMPT"`, /sh would run \$PACKLINT_PROMPT as code/],
    [`eval "$PACKLINT_PROMPT"`, /eval would run \$PACKLINT_PROMPT as code/],
    [`sh -c 'bash -c "$PACKLINT_PROMPT"'`, /bash would run \$PACKLINT_PROMPT as code/],
    // Standard input, where the prompt goes, read as code.
    ["sh", /sh would run the prompt it reads on standard input as code/],
    ["bash -s --", /bash would run the prompt it reads on standard input as code/],
    ["python3 -", /python3 would run the prompt it reads on standard input as code/],
    ["node", /node would run the prompt it reads on standard input as code/],
    ["cat | sh", /sh would run the prompt it reads on standard input as code/],
    ["xargs sh -c", /xargs would run the prompt it reads on standard input as code/],
    [`sh -c 'cat | bash'`, /bash would run the prompt it reads on standard input as code/],
  ];
  for (const [text, want] of refused) {
    assert.throws(
      () => parse(text),
      (e: unknown) => {
        assert.ok(e instanceof UsageError, text);
        assert.match(e.message, want, text);
        assert.ok(e.message.startsWith(`--agent ${JSON.stringify(text)}: `), e.message);
        assert.match(e.message, /my-agent -p \{prompt\}[^]*standard input[^]*sh -c 'my-agent -p "\$PACKLINT_PROMPT"'/, text);
        return true;
      },
      text,
    );
  }
});

test("code arguments: which words a shell, an interpreter or a wrapper runs", () => {
  const roles = (text: string) => codeUse(text.split(" ")).roles.join(" ");
  assert.equal(roles("sh -c SCRIPT NAME ARG"), "program data code data data");
  assert.equal(roles("sh script.sh ARG"), "program data data");
  assert.equal(roles("python3 -W ignore -c CODE ARG"), "program data data data code data");
  assert.equal(roles("python3 -cCODE ARG"), "program code data");
  assert.equal(roles("env -i A=1 timeout 5 node -e CODE"), "program data data program data program data code");
  assert.equal(roles("ssh -p 22 host cmd arg"), "program data data data code code");
  assert.equal(roles("stdbuf -oL my-agent ARG"), "program data program data");
  assert.deepEqual(codeUse(["sh"]), { roles: ["program"], owners: [-1], stdinIsCode: true, trailingIsCode: false });
  assert.equal(codeUse(["sh", "-c"]).trailingIsCode, true);
});
