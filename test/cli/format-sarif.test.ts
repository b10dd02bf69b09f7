import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { allRules } from "../../server/src/service/rule-registry";
import { cli, packTree } from "../helpers/cli";
import { LEGACY } from "../helpers/cli-packs";
import { pack } from "../helpers/packs";

/** The SARIF 2.1.0 JSON Schema that Microsoft's SARIF SDK ships, vendored with its license in test/fixtures/sarif/. */
function sarifValidator() {
  const schema = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "test", "fixtures", "sarif", "sarif-2.1.0.json"), "utf8"));
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addFormat("uri", (v: string) => URL.canParse(v));
  ajv.addFormat("uri-reference", (v: string) => URL.canParse(v, "file:///base/"));
  ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i);
  const validate = ajv.compile(schema);
  return (log: unknown) => ({ valid: validate(log), errors: validate.errors });
}

/** The parts of a SARIF log the tests read. */
interface SarifLog {
  version: string;
  runs: {
    tool: {
      driver: {
        rules: { id: string; helpUri?: string; help: { text: string; markdown: string }; defaultConfiguration: { level: string; enabled?: boolean } }[];
      };
    };
    results: SarifResult[];
    columnKind: string;
    originalUriBaseIds: Record<string, { uri: string }>;
  }[];
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
  relatedLocations?: unknown[];
}

async function sarifOf(files: Record<string, string>, args: string[] = []) {
  const dir = packTree(files);
  const r = await cli(["--format", "sarif", ...args, ...Object.keys(files).map((f) => join(dir, f))], { cwd: dir });
  return { ...r, log: JSON.parse(r.out) as SarifLog, dir };
}

test("sarif: the log validates against the official SARIF 2.1.0 schema", async () => {
  const validate = sarifValidator();
  const { log, code } = await sarifOf({
    "bad.pack.yaml": pack({ version: "version:\n  number: 0\n", extra: "colour: blue\n" }),
    "legacy.pack.yaml": LEGACY,
    "dup.pack.yaml": pack({ extra: "input_sets:\n" }),
    "good.pack.yaml": pack(),
  });
  assert.equal(code, 1);
  const checked = validate(log);
  assert.ok(checked.valid, JSON.stringify(checked.errors, null, 1));
  assert.equal(log.version, "2.1.0");
  // The validator really checks: a wrong level is rejected.
  log.runs[0].results[0].level = "fatal";
  assert.equal(validate(log).valid, false);
});

test("sarif: every rule with catalog help, ours included; results point at their rule and region", async () => {
  const { log } = await sarifOf({ "bad.pack.yaml": pack({ version: "version:\n  number: 0\n", extra: "colour: blue\n" }) });
  const run = log.runs[0];
  const rules = run.tool.driver.rules;
  assert.deepEqual(
    rules.map((r) => r.id),
    allRules().map((r) => r.code),
  );
  for (const own of ["yaml-syntax", "unknown-key", "legacy-items", "legacy-item-key"])
    assert.ok(
      rules.some((r) => r.id === own),
      own,
    );
  assert.ok(!rules.some((r) => r.id === "yaml-syntax-error"), "replaced by yaml-syntax");
  const positive = rules.find((r) => r.id === "version-number-positive")!;
  // Help is the rule's page (docs/rules/CODE.md); no link by default: the installed pages are files of the runner.
  assert.equal(positive.help.markdown, readFileSync(join(__dirname, "../../../docs/rules/version-number-positive.md"), "utf8"));
  assert.match(positive.help.text, /\n\nHow to fix it: Start at 1/);
  assert.ok(
    rules.every((r) => !("helpUri" in r)),
    "no helpUri to a file of the machine that ran packlint",
  );
  assert.doesNotMatch(JSON.stringify(rules), /\bGo\b|§|int32/);
  assert.deepEqual(rules.find((r) => r.id === "asset-artifact-id-not-found")!.defaultConfiguration, { level: "error", enabled: false });
  assert.equal(rules.find((r) => r.id === "unknown-key")!.defaultConfiguration.level, "warning");

  const [error, warning] = run.results;
  assert.equal(rules[error.ruleIndex].id, "version-number-positive");
  assert.deepEqual(error, {
    ruleId: "version-number-positive",
    ruleIndex: error.ruleIndex,
    level: "error",
    message: { text: "version.number must be greater than 0" },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: "bad.pack.yaml", uriBaseId: "%SRCROOT%" },
          region: { startLine: 6, startColumn: 11, endLine: 6, endColumn: 12 },
        },
      },
    ],
    properties: { field: "version.number" },
  });
  assert.equal(warning.ruleId, "unknown-key");
  assert.equal(warning.level, "warning");
  assert.equal(run.columnKind, "utf16CodeUnits");
  assert.match(run.originalUriBaseIds["%SRCROOT%"].uri, /^file:\/\/\/.*\/$/);
});

test("sarif: hints are notes, related information becomes related locations, paths are URI-encoded", async () => {
  const { log } = await sarifOf({
    "with space/dup.pack.yaml": pack({ extra: "input_sets:\n" }),
    "legacy.pack.yaml": LEGACY,
  });
  const results = log.runs[0].results;
  const dup = results.find((r) => r.ruleId === "yaml-duplicate-key")!;
  assert.equal(dup.locations[0].physicalLocation.artifactLocation.uri, "with%20space/dup.pack.yaml");
  assert.equal(dup.relatedLocations?.length, 1);
  assert.equal(results.find((r) => r.ruleId === "legacy-items")!.level, "note");
});

test("sarif: a clean run has an empty results list and still lists the rules", async () => {
  const { log, code } = await sarifOf({ "good.pack.yaml": pack() });
  assert.equal(code, 0);
  assert.deepEqual(log.runs[0].results, []);
  assert.ok(log.runs[0].tool.driver.rules.length > 300);
});
