import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { cli, packTree } from "../helpers/cli";
import { pack, sections } from "../helpers/packs";
import { skillFile } from "../helpers/skill";

/**
 * Honest verdicts: a file whose errors rule levels turn off (or below error) is still rejected by the validator, so
 * no output calls it valid and the run fails (verdicts fail closed).
 */

// Two errors: a challenge key nobody declares, and a version number of 0.
const TWO_ERRORS = pack({ challenges: sections.challenges.replace("key: refund-question", "key: refund-questoin") }).replace("number: 1", "number: 0");
const OFF = ["-r", "case-challenge-key-undeclared=off", "-r", "version-number-positive=off"];

test("the broken pack has the two errors these tests silence", async () => {
  const dir = packTree({ "b.pack.yaml": TWO_ERRORS });
  const r = await cli(["--format", "json", join(dir, "b.pack.yaml")]);
  const codes = (JSON.parse(r.out).files[0].diagnostics as { code: string; severity: string }[]).filter((d) => d.severity === "error").map((d) => d.code);
  assert.deepEqual(codes.sort(), ["case-challenge-key-undeclared", "version-number-positive"]);
});

test("text: every error turned off reads 'not valid', says how many were silenced, and exits 1", async () => {
  const dir = packTree({ "b.pack.yaml": TWO_ERRORS, "ok.pack.yaml": pack() });
  const r = await cli([...OFF, "--verbose", join(dir, "b.pack.yaml"), join(dir, "ok.pack.yaml")]);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.out, /b\.pack\.yaml: Challenge pack is valid/);
  assert.match(r.out, /b\.pack\.yaml: Challenge pack is not valid: 2 reference errors silenced; the hosted validator rejects this file\n/);
  assert.match(r.out, /ok\.pack\.yaml: Challenge pack is valid\n/);
  assert.match(r.out, /2 files checked, 0 errors, 0 warnings, 2 errors silenced, 0 files skipped\n$/);
});

test("text: an error turned down to a warning is silenced too; shown errors and silenced ones are both told", async () => {
  const dir = packTree({ "b.pack.yaml": TWO_ERRORS });
  const down = await cli(["-r", "case-challenge-key-undeclared=warning", "-r", "version-number-positive=hint", join(dir, "b.pack.yaml")]);
  assert.equal(down.code, 1);
  assert.match(down.out, /Challenge pack is not valid: 2 reference errors silenced; the hosted validator rejects this file/);
  const one = await cli(["-r", "version-number-positive=off", join(dir, "b.pack.yaml")]);
  assert.equal(one.code, 1);
  assert.match(one.out, /Challenge pack has errors \(and 1 reference error silenced\)\n/);
  assert.match(one.out, /1 error, 0 warnings, 1 error silenced/);
});

test("a config's rule levels silence the same way as --rule", async () => {
  const dir = packTree({
    ".packlintrc.json": JSON.stringify({ rules: { "case-challenge-key-undeclared": "off", "version-number-positive": "off" } }),
    "b.pack.yaml": TWO_ERRORS,
  });
  const r = await cli([join(dir, "b.pack.yaml")]);
  assert.equal(r.code, 1);
  assert.match(r.out, /Challenge pack is not valid: 2 reference errors silenced/);
});

test("raising a warning to an error, or turning a warning off, silences no error", async () => {
  const dir = packTree({ "w.pack.yaml": pack({ extra: "colour: blue\n" }) });
  const off = await cli(["-r", "unknown-key=off", "--verbose", join(dir, "w.pack.yaml")]);
  assert.equal(off.code, 0);
  assert.match(off.out, /Challenge pack is valid\n/);
  assert.doesNotMatch(off.out, /silenced/);
});

test("json: valid is false, with the silenced errors at their own level and the note", async () => {
  const dir = packTree({ "b.pack.yaml": TWO_ERRORS });
  const r = await cli([...OFF, "--format", "json", join(dir, "b.pack.yaml")]);
  assert.equal(r.code, 1);
  const file = JSON.parse(r.out).files[0];
  assert.equal(file.valid, false);
  assert.deepEqual(file.diagnostics, []);
  assert.deepEqual((file.silenced as { code: string; severity: string }[]).map((d) => [d.code, d.severity]).sort(), [
    ["case-challenge-key-undeclared", "error"],
    ["version-number-positive", "error"],
  ]);
  assert.equal(file.note, "2 reference errors silenced; the hosted validator rejects this file");
});

test("github: one error annotation on the file says the errors were silenced", async () => {
  const dir = packTree({ "b.pack.yaml": TWO_ERRORS });
  const r = await cli([...OFF, "--format", "github", join(dir, "b.pack.yaml")], { cwd: dir });
  assert.equal(r.code, 1);
  assert.equal(r.out, "::error file=b.pack.yaml,title=silenced errors::2 reference errors silenced; the hosted validator rejects this file.\n");
});

test("sarif: silenced errors are suppressed results, the file gets an error notification, and the log stays valid SARIF", async () => {
  const dir = packTree({ "b.pack.yaml": TWO_ERRORS });
  const r = await cli([...OFF, "--format", "sarif", join(dir, "b.pack.yaml")], { cwd: dir });
  assert.equal(r.code, 1);
  const log = JSON.parse(r.out);
  const run = log.runs[0];
  const results = run.results as { ruleId: string; level: string; suppressions?: { kind: string; justification: string }[] }[];
  assert.deepEqual(results.map((x) => [x.ruleId, x.level, x.suppressions?.[0]?.kind]).sort(), [
    ["case-challenge-key-undeclared", "error", "external"],
    ["version-number-positive", "error", "external"],
  ]);
  assert.match(results[0].suppressions![0].justification, /the hosted validator rejects this file/);
  const note = run.invocations[0].toolExecutionNotifications[0];
  assert.equal(note.level, "error");
  assert.equal(note.message.text, "2 reference errors silenced; the hosted validator rejects this file.");
  assert.equal(note.locations[0].physicalLocation.artifactLocation.uri, "b.pack.yaml");
  const schema = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "test", "fixtures", "sarif", "sarif-2.1.0.json"), "utf8"));
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addFormat("uri", (v: string) => URL.canParse(v));
  ajv.addFormat("uri-reference", (v: string) => URL.canParse(v, "file:///base/"));
  const validate = ajv.compile(schema);
  assert.ok(validate(log), JSON.stringify(validate.errors));
});

test("sarif: an error turned down to a warning is reported once, as the warning", async () => {
  const dir = packTree({ "b.pack.yaml": TWO_ERRORS });
  const r = await cli(["-r", "version-number-positive=warning", "-r", "case-challenge-key-undeclared=off", "--format", "sarif", join(dir, "b.pack.yaml")], {
    cwd: dir,
  });
  const results = JSON.parse(r.out).runs[0].results as { ruleId: string; level: string; suppressions?: unknown[] }[];
  assert.deepEqual(results.map((x) => [x.ruleId, x.level, !!x.suppressions]).sort(), [
    ["case-challenge-key-undeclared", "error", true],
    ["version-number-positive", "warning", false],
  ]);
});

test("a Skill case file whose errors are turned off is not valid either", async () => {
  const dir = packTree({ "s/tests/skill_cases.yaml": skillFile().replace(/type: trigger/, "type: trigerr") });
  const on = await cli([join(dir, "s/tests/skill_cases.yaml")]);
  assert.match(on.out, /\[skill-case-type-unknown\]/);
  const r = await cli(["-r", "skill-case-type-unknown=off", join(dir, "s/tests/skill_cases.yaml")]);
  assert.equal(r.code, 1);
  assert.match(r.out, /Skill case file is not valid: 1 error silenced; packlint skill refuses to run a case file with errors\n/);
});

test("a named file that is no pack, with not-a-pack turned off, is never called a valid pack", async () => {
  const dir = packTree({ "ci.yml": "name: ci\non: push\njobs: {}\n" });
  const r = await cli(["-r", "not-a-pack=off", "--verbose", join(dir, "ci.yml")]);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.out, /is valid/);
  assert.match(r.out, /not valid: 1 reference error silenced/);
  const json = await cli(["-r", "not-a-pack=off", "--format", "json", join(dir, "ci.yml")]);
  assert.equal(JSON.parse(json.out).files[0].valid, false);
});
