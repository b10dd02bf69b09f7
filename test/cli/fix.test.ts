import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, packTree } from "../helpers/cli";
import { LEGACY } from "../helpers/cli-packs";
import { pack } from "../helpers/packs";

/** Two challenges with one key (an error whose one fix renames the second), with comments and CRLF line ends. */
const DUPLICATE = pack({
  challenges:
    "# the challenges\nchallenges:\n  - key: refund-question # the first\n    title: Refund question\n    category: support\n    difficulty: easy\n" +
    "  - key: refund-question\n    title: Other\n    category: support\n    difficulty: easy\n",
}).replace(/\n/g, "\r\n");

/** An error no fix can mend (a number out of range), beside a legacy `items` that one can. */
const UNFIXABLE = LEGACY.replace("number: 1", "number: 0");

test("--fix writes every fix that has one safe choice, keeps comments and line ends, checks again, exits on what is left", async () => {
  const dir = packTree({ "dup.pack.yaml": DUPLICATE, "legacy.pack.yaml": "# legacy input sets\n" + LEGACY, "left.pack.yaml": UNFIXABLE });
  const dup = join(dir, "dup.pack.yaml");
  assert.equal((await cli([dup])).code, 1);
  const fixed = await cli(["--no-color", "--fix", dup, join(dir, "legacy.pack.yaml")]);
  assert.equal(fixed.code, 0, fixed.out);
  const text = readFileSync(dup, "utf8");
  assert.equal(text, DUPLICATE.replace("  - key: refund-question\r\n    title: Other", "  - key: refund-question-2\r\n    title: Other"));
  assert.doesNotMatch(text.replace(/\r\n/g, ""), /\n/);
  const legacy = readFileSync(join(dir, "legacy.pack.yaml"), "utf8");
  assert.ok(legacy.startsWith("# legacy input sets\n"));
  assert.match(legacy, /\n {4}cases:\n/);
  assert.match(legacy, /case_key: refund-window-basic/);
  assert.doesNotMatch(legacy, /item_key|items:/);
  assert.match(fixed.out, /2 files checked, 2 files fixed, 0 errors, 0 warnings, 0 files skipped\n$/);
  // Run again: nothing left to fix.
  assert.match((await cli(["--no-color", "--fix", dup])).out, /1 file checked, 0 files fixed, 0 errors/);

  const left = await cli(["--no-color", "--fix", join(dir, "left.pack.yaml")]);
  assert.equal(left.code, 1);
  assert.match(readFileSync(join(dir, "left.pack.yaml"), "utf8"), /case_key: refund-window-basic/);
  assert.match(left.out, /error \[version-number-positive\]/);
  assert.match(left.out, /1 file fixed, 1 error/);
});

test("--fix-dry-run prints a unified diff, writes nothing, and exits on what the fixes would leave", async () => {
  const dir = packTree({ "dup.pack.yaml": DUPLICATE });
  const dup = join(dir, "dup.pack.yaml");
  const r = await cli(["--no-color", "--fix-dry-run", dup]);
  assert.equal(r.code, 0);
  assert.equal(readFileSync(dup, "utf8"), DUPLICATE);
  assert.ok(r.out.includes(`--- ${dup}\n+++ ${dup}\t(fixed)\n@@ `), r.out);
  assert.ok(r.out.includes("\n-  - key: refund-question\r\n+  - key: refund-question-2\r\n"), r.out);
  assert.match(r.out, /dup\.pack\.yaml: Challenge pack is valid\n/);
});

test("--fix keeps a UTF-16 file UTF-16, and never rewrites a file whose bytes did not decode", async () => {
  const dir = packTree({});
  const utf16 = join(dir, "u.pack.yaml");
  writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LEGACY, "utf16le")]));
  await cli(["--fix", utf16]);
  const bytes = readFileSync(utf16);
  assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xfe]);
  assert.match(bytes.subarray(2).toString("utf16le"), /case_key: refund-window-basic/);

  const latin1 = join(dir, "l.pack.yaml");
  const broken = Buffer.concat([Buffer.from("# caf"), Buffer.from([0xe9]), Buffer.from("\n" + LEGACY)]);
  writeFileSync(latin1, broken);
  const r = await cli(["--no-color", "--fix", latin1]);
  assert.equal(r.code, 1);
  assert.deepEqual(readFileSync(latin1), broken);
});
