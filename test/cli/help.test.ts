import { test } from "node:test";
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { LINT_OPTIONS, optionsHelp, type CliOption } from "../../server/src/cli/args";
import { HELP, RULES_HELP, SCHEMA_HELP } from "../../server/src/cli/help";
import { REPORT_HELP } from "../../server/src/cli/report-command";
import { SKILL_HELP } from "../../server/src/cli/skill";
import { cli } from "../helpers/cli";

/** The help texts against the option tables the commands read: an option is a row, and its help follows from it. */

const CASES = join(resolve(__dirname, "../../.."), "test/fixtures/skill/refund-helper/tests/skill_cases.yaml");
const named = (text: string) => [...new Set([...text.matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)].map((m) => m[1]))];

test("packlint --help lists each option of its table once, with its short name and value, and names no other", () => {
  const options: Record<string, CliOption> = LINT_OPTIONS;
  for (const [name, o] of Object.entries(options)) {
    if (o.help === undefined) {
      assert.ok(named(HELP).includes(name), `--${name} is described by another option's text`);
      continue;
    }
    const flag = `${o.short ? `-${o.short}, ` : "    "}--${name}${o.value ? ` ${o.value}` : ""}`;
    const lines = HELP.split("\n").filter((l) => l.startsWith(`  ${flag} `));
    assert.equal(lines.length, 1, `--${name}`);
    assert.ok(lines[0].endsWith(` ${o.help.split("\n")[0]}`), lines[0]);
  }
  assert.deepEqual(
    named(HELP).filter((n) => !(n in options)),
    [],
  );
});

test("options help: a row is an aligned line, a long option pushes its text, more lines align, an option without text is left out", () => {
  const text = optionsHelp({
    judge: { type: "string", value: "MODEL", help: "the judge's model\nsecond line" },
    repeat: { type: "string", short: "n", value: "N", help: "run each case N times" },
    "a-very-long-option-name": { type: "boolean", help: "long" },
    hidden: { type: "boolean" },
  });
  assert.equal(
    text,
    [
      "      --judge MODEL       the judge's model",
      "                          second line",
      "  -n, --repeat N          run each case N times",
      "      --a-very-long-option-name long",
      "",
    ].join("\n"),
  );
});

test("every option a subcommand's --help names is one that subcommand reads", async () => {
  // Two files stop each command at "one FILE only" once its options are read: nothing runs, nothing is written.
  const reads = async (args: string[]) => {
    const r = await cli(args);
    assert.equal(r.code, 2, args.join(" "));
    assert.doesNotMatch(r.err, /unknown option|unexpected argument|needs a value|takes no value/, `${args.join(" ")}: ${r.err}`);
  };
  let checked = 0;
  for (const line of SKILL_HELP.split("\n")) {
    const m = /packlint skill (\w+) /.exec(line);
    for (const option of m ? named(line) : []) {
      await reads(["skill", m![1], CASES, CASES, `--${option}`, "x"]);
      checked++;
    }
  }
  for (const option of named(REPORT_HELP)) await reads(["report", "a.pack.yaml", "b.pack.yaml", `--${option}`, "json"]);
  for (const option of named(RULES_HELP)) await reads(["rules", `--${option}`, "json", "no-such-rule"]);
  assert.deepEqual(named(SCHEMA_HELP), []);
  assert.ok(checked >= 10, `${checked} skill options`);
});

test("skill and report read their options as lint does: the next argument is the value, one wording for mistakes", async () => {
  assert.match((await cli(["skill", "prompts", CASES, "--format", "-x"])).err, /--format must be json or markdown \(got "-x"\)/);
  assert.match(
    (await cli(["skill", "report", CASES, "--respones", "r"])).err,
    /unknown option --respones \(did you mean --responses\?\) for packlint skill report \(see packlint skill --help\)/,
  );
  assert.match((await cli(["skill", "run", CASES, "--agent"])).err, /--agent needs a value \(see packlint skill --help\)/);
  assert.match((await cli(["report", "--fromat", "json", "x"])).err, /unknown option --fromat \(did you mean --format\?\) for packlint report/);
  assert.match((await cli(["report", "--help=yes"])).err, /--help takes no value \(see packlint report --help\)/);
  assert.match((await cli(["report", "a.pack.yaml", "b.pack.yaml"])).err, /one FILE only \(got "a.pack.yaml" and "b.pack.yaml"\)/);
  for (const args of [["--nope"], ["skill", "run", CASES, "--nope"], ["report", "--nope"]]) assert.equal((await cli(args)).code, 2, args.join(" "));
});
