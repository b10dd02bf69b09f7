import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { escapeData, escapeProperty } from "../../server/src/cli/format-github";
import { cli, packTree } from "../helpers/cli";
import { LEGACY } from "../helpers/cli-packs";
import { pack } from "../helpers/packs";

test("github: one workflow command per diagnostic, 1-based positions, the code as title, field and message as data", async () => {
  const dir = packTree({
    "packs/bad.pack.yaml": pack({ version: "version:\n  number: 0\n", extra: "colour: blue\n" }),
    "packs/good.pack.yaml": pack(),
  });
  const r = await cli(["--format", "github", join(dir, "packs")], { cwd: dir });
  assert.equal(r.code, 1);
  const lines = r.out.split("\n");
  assert.equal(lines.pop(), "", "output ends with a newline");
  const unknownLine = pack({ version: "version:\n  number: 0\n" }).split("\n").length;
  assert.deepEqual(lines, [
    "::error file=packs/bad.pack.yaml,line=6,col=11,endLine=6,endColumn=12,title=version-number-positive::version.number must be greater than 0",
    `::warning file=packs/bad.pack.yaml,line=${unknownLine},col=1,endLine=${unknownLine},endColumn=7,title=unknown-key::Unknown key "colour"; AgentClash ignores it.`,
  ]);
});

test("github: information and hints are notices; related locations follow the message on escaped new lines", async () => {
  // A duplicate top-level key is the reference's yaml-duplicate-key, with the first occurrence as related information.
  const dir = packTree({ "dup.pack.yaml": pack({ extra: "input_sets:\n" }) });
  const r = await cli(["--format", "github", join(dir, "dup.pack.yaml")], { cwd: dir });
  const lines = r.out.trimEnd().split("\n");
  const dup = lines.find((l) => l.includes("title=yaml-duplicate-key"));
  assert.ok(dup, r.out);
  assert.match(dup, /^::error file=dup\.pack\.yaml,line=\d+,col=1,endLine=\d+,endColumn=11,title=yaml-duplicate-key::.*%0Adup\.pack\.yaml:\d+:1: /);
  assert.ok(!dup.includes("\n"));

  const hints = packTree({ "legacy.pack.yaml": LEGACY });
  const h = await cli(["--format", "github", join(hints, "legacy.pack.yaml")], { cwd: hints });
  assert.equal(h.code, 0);
  assert.match(h.out, /^::notice file=legacy\.pack\.yaml,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=legacy-items::This input set uses legacy `items`/m);
});

test("github: a range over several lines has no columns", async () => {
  const dir = packTree({ "p.pack.yaml": pack({ challenges: "challenges: []\n" }) });
  const r = await cli(["--format", "github", "--rule", "challenges-empty=warning", join(dir, "p.pack.yaml")], { cwd: dir });
  // The last line is the file's own annotation: its error turned down to a warning is silenced (test/cli/verdicts.test.ts).
  const lines = r.out.trimEnd().split("\n");
  assert.match(lines.pop()!, /^::error file=p\.pack\.yaml,title=silenced errors::/);
  for (const line of lines) {
    const m = /line=(\d+),(?:col=\d+,)?endLine=(\d+)/.exec(line);
    assert.ok(m, line);
    assert.equal(line.includes(",col="), m[1] === m[2], line);
  }
});

test("github escaping: data escapes %, CR and LF; properties also : and ,", () => {
  assert.equal(escapeData("50% done\r\nnext: a,b"), "50%25 done%0D%0Anext: a,b");
  assert.equal(escapeProperty("C:\\packs\\a,b.yaml\n%"), "C%3A\\packs\\a%2Cb.yaml%0A%25");
});

test("github: paths are relative to the working directory, with / separators; outside it they stay absolute", async () => {
  const dir = packTree({ "deep/er/p.pack.yaml": pack({ version: "version:\n  number: 0\n" }) });
  const inside = await cli(["--format", "github", join(dir, "deep", "er", "p.pack.yaml")], { cwd: dir });
  assert.match(inside.out, /^::error file=deep\/er\/p\.pack\.yaml,/);
  const outside = await cli(["--format", "github", join(dir, "deep", "er", "p.pack.yaml")], { cwd: join(dir, "deep", "er", "nowhere") });
  assert.match(outside.out, new RegExp(`^::error file=${escapeProperty(join(dir, "deep", "er", "p.pack.yaml")).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")},`));
});
