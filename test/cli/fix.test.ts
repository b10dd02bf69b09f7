import { test } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readStamp, writeFixed } from "../../server/src/cli/fix";
import { validateFile } from "../../server/src/cli/validate-file";
import { cli, packTree } from "../helpers/cli";
import { LEGACY } from "../helpers/cli-packs";
import { pack } from "../helpers/packs";

/**
 * Two challenges with one key (an error whose one fix renames the second: an unsafe fix, applied only with
 * --unsafe-fixes), with comments and CRLF line ends.
 */
const DUPLICATE = pack({
  challenges:
    "# the challenges\nchallenges:\n  - key: refund-question # the first\n    title: Refund question\n    category: support\n    difficulty: easy\n" +
    "  - key: refund-question\n    title: Other\n    category: support\n    difficulty: easy\n",
}).replace(/\n/g, "\r\n");

/** An error no fix can mend (a number out of range), beside a legacy `items` that one can. */
const UNFIXABLE = LEGACY.replace("number: 1", "number: 0");

test("--fix --unsafe-fixes writes every preferred fix, keeps comments and line ends, checks again, exits on what is left", async () => {
  const dir = packTree({ "dup.pack.yaml": DUPLICATE, "legacy.pack.yaml": "# legacy input sets\n" + LEGACY, "left.pack.yaml": UNFIXABLE });
  const dup = join(dir, "dup.pack.yaml");
  assert.equal((await cli([dup])).code, 1);
  // A renamed key is never a safe fix: --fix alone leaves it.
  const safeOnly = await cli(["--no-color", "--fix", dup]);
  assert.equal(safeOnly.code, 1);
  assert.equal(readFileSync(dup, "utf8"), DUPLICATE);
  assert.match(safeOnly.out, /1 file checked, 0 files fixed, 1 error/);
  assert.doesNotMatch(safeOnly.out, /\[\*\]/);
  const fixed = await cli(["--no-color", "--fix", "--unsafe-fixes", dup, join(dir, "legacy.pack.yaml")]);
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
  assert.match((await cli(["--no-color", "--fix", "--unsafe-fixes", dup])).out, /1 file checked, 0 files fixed, 0 errors/);

  const left = await cli(["--no-color", "--fix", join(dir, "left.pack.yaml")]);
  assert.equal(left.code, 1);
  assert.match(readFileSync(join(dir, "left.pack.yaml"), "utf8"), /case_key: refund-window-basic/);
  assert.match(left.out, /error \[version-number-positive\]/);
  assert.match(left.out, /1 file fixed, 1 error/);
});

test("--fix-dry-run prints a unified diff, writes nothing, and exits on what the fixes would leave", async () => {
  const dir = packTree({ "dup.pack.yaml": DUPLICATE });
  const dup = join(dir, "dup.pack.yaml");
  const r = await cli(["--no-color", "--verbose", "--fix-dry-run", "--unsafe-fixes", dup]);
  assert.equal(r.code, 0);
  assert.match(r.out, /1 file checked, 1 file would be fixed, 0 errors/);
  assert.doesNotMatch(r.out, /files? fixed/);
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

test("--fix never writes through a symbolic link: the link's target is left alone, the run says so and exits 2", async () => {
  const dir = packTree({ "real/dup.pack.yaml": DUPLICATE });
  const target = join(dir, "real/dup.pack.yaml");
  const link = join(dir, "link.pack.yaml");
  symlinkSync(target, link);
  const r = await cli(["--no-color", "--fix", "--unsafe-fixes", link]);
  assert.equal(r.code, 2, r.err);
  assert.equal(r.err, `packlint: ${link}: fixes not written: it is a symbolic link, which --fix never writes through; the file is left as it is\n`);
  assert.equal(readFileSync(target, "utf8"), DUPLICATE);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.match(r.out, /1 file checked, 0 files fixed/);
});

test("--fix writes a file only if it is still the one read: not changed, not replaced, not swapped for a symbolic link", () => {
  const dir = packTree({ "elsewhere.pack.yaml": DUPLICATE });
  const path = join(dir, "dup.pack.yaml");
  const fixedOnce = () => {
    writeFileSync(path, DUPLICATE);
    const outcome = validateFile({ path, kind: "challenge-pack", rules: {}, roots: [dir], cwd: dir, fix: true, unsafeFixes: true });
    assert.ok("report" in outcome && outcome.report.fixed?.read);
    return outcome.report.fixed;
  };

  // Changed between the read and the write (an editor saved): left as the editor wrote it.
  let fixed = fixedOnce();
  writeFileSync(path, DUPLICATE + "# saved meanwhile\n");
  assert.equal(writeFixed(path, fixed.bytes, fixed.read!), "it changed since it was read");
  assert.equal(readFileSync(path, "utf8"), DUPLICATE + "# saved meanwhile\n");

  // Replaced by another file with the same bytes (another inode): left alone.
  fixed = fixedOnce();
  writeFileSync(path + ".new", DUPLICATE);
  renameSync(path + ".new", path);
  assert.equal(writeFixed(path, fixed.bytes, fixed.read!), "it was replaced by another file since it was read");
  assert.equal(readFileSync(path, "utf8"), DUPLICATE);

  // Swapped for a symbolic link to a file with the same bytes: nothing is written into the link's target.
  fixed = fixedOnce();
  rmSync(path);
  symlinkSync(join(dir, "elsewhere.pack.yaml"), path);
  assert.equal(writeFixed(path, fixed.bytes, fixed.read!), "it is a symbolic link, which --fix never writes through");
  assert.equal(readFileSync(join(dir, "elsewhere.pack.yaml"), "utf8"), DUPLICATE);

  // Gone.
  rmSync(path);
  assert.equal(writeFixed(path, fixed.bytes, fixed.read!), "it was removed since it was read");

  // Unchanged: written in place (same inode), shorter or longer than before.
  fixed = fixedOnce();
  const inode = statSync(path).ino;
  assert.equal(writeFixed(path, fixed.bytes, fixed.read!), undefined);
  assert.deepEqual(readFileSync(path), Buffer.from(fixed.bytes));
  assert.equal(statSync(path).ino, inode);
  writeFileSync(path, "x".repeat(fixed.bytes.length * 2));
  const long = readStamp(`${statSync(path, { bigint: true }).dev}:${statSync(path, { bigint: true }).ino}`, readFileSync(path));
  assert.equal(writeFixed(path, fixed.bytes, long), undefined);
  assert.deepEqual(readFileSync(path), Buffer.from(fixed.bytes), "the old bytes past the new end are cut");
});

/** Mistakes like examples/broken.pack.yaml's: three with exactly one did-you-mean, and a duplicate key only a rename mends. */
const BROKEN = pack({
  challenges:
    "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy\n" +
    "  - key: billing-question\n    title: Billing question\n    category: support\n    difficulty: medium\n",
})
  .replace("  number: 1\n", "  number: 1\n  execution_mode: nativ\n")
  .replace("source: input:prompt", "source: input:promt")
  .replace(
    /(input_sets:\n)/,
    "$1  - key: refund-smoke\n    name: Titled\n    cases:\n      - challenge_key: Refund window question\n        case_key: titled-basic\n",
  );

test("--fix applies every single did-you-mean the same way (closed values, references, a title for its key), [*] marks them, and nothing structural", async () => {
  const dir = packTree({ "b.pack.yaml": BROKEN });
  const file = join(dir, "b.pack.yaml");
  const before = await cli(["--no-color", file]);
  const marked = before.out.split("\n").filter((l) => l.includes("[*]"));
  assert.deepEqual(
    marked.map((l) => /\[([a-z-]+)\] \[\*\]/.exec(l)?.[1]).sort(),
    ["case-challenge-key-undeclared", "case-expectation-source-input-undeclared", "execution-mode-invalid"],
    before.out,
  );
  assert.match(before.out, /, 3 fixable with --fix\n$/);
  const json = JSON.parse((await cli(["--format", "json", file])).out).files[0].diagnostics as { code: string; fixable: boolean }[];
  assert.deepEqual(json.filter((d) => d.fixable).length, 3);
  assert.ok(json.every((d) => typeof d.fixable === "boolean"));

  const dry = await cli(["--no-color", "--fix-dry-run", file]);
  assert.match(dry.out, /1 file would be fixed/);
  assert.equal(readFileSync(file, "utf8"), BROKEN, "a dry run writes nothing");
  const r = await cli(["--no-color", "--fix", file]);
  const text = readFileSync(file, "utf8");
  assert.match(text, /execution_mode: native\n/);
  assert.match(text, /source: input:prompt\n/);
  assert.match(text, /- challenge_key: refund-question\n {8}case_key: titled-basic/);
  assert.match(r.out, /1 file fixed/);
  assert.equal(text.match(/- key: refund-smoke\n/g)?.length, 2, "the duplicate key is not renamed");
  assert.match(r.out, /\[input-set-key-duplicate\]/);
  assert.doesNotMatch(r.out, /fixable with --fix/);
});

test("--unsafe-fixes needs --fix or --fix-dry-run", async () => {
  const r = await cli(["--unsafe-fixes", "x.pack.yaml"]);
  assert.equal(r.code, 2);
  assert.match(r.err, /--unsafe-fixes goes with --fix or --fix-dry-run/);
});
