import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildPackModel } from "../../server/src/service";
import { inputSetReport, reportMarkdown } from "../../server/src/service/report/input-set-report";
import { run } from "../../server/src/cli/packlint";
import { pack } from "../helpers/packs";

const ROOT = join(__dirname, "../../..");

for (const name of ["valid", "broken", "legacy-items"]) {
  test(`input-set report of examples/${name}.pack.yaml matches test/fixtures/report/${name}.md`, () => {
    const file = `examples/${name}.pack.yaml`;
    const got = reportMarkdown(inputSetReport(buildPackModel(readFileSync(join(ROOT, file), "utf8")), file));
    assert.equal(got, readFileSync(join(ROOT, "test/fixtures/report", `${name}.md`), "utf8"));
  });
}

test("coverage gaps: missing intents, challenges without a set, single-case sets whose name promises more", () => {
  const text = pack({
    challenges: "challenges:\n  - key: refund-question\n    title: R\n    category: c\n    difficulty: easy\n  - key: lonely\n    title: L\n    category: c\n    difficulty: hard\n",
    inputSets: "input_sets:\n  - key: refund-question-full\n    name: Full\n    cases:\n      - challenge_key: refund-question\n        case_key: a\n",
  });
  const r = inputSetReport(buildPackModel(text), "p.yaml");
  assert.deepEqual(r.challenges[0].coverageGaps, [
    "no -smoke, -ci, -regression, -edge input set",
    "refund-question-full has a single case; a -full set promises 5+",
  ]);
  assert.deepEqual(r.challenges[1].coverageGaps, ["no input set at all"]);
  assert.equal(r.readyForScoring, true);
});

test("packlint report: markdown by default, json on request; exit 1 when not ready for scoring", async () => {
  let out = "";
  assert.equal(await run(["report", join(ROOT, "examples/broken.pack.yaml")], (s) => (out += s), () => {}), 1);
  assert.match(out, /^Ready for scoring: no \(8 errors\)$/m);
  out = "";
  assert.equal(await run(["report", "--format", "json", join(ROOT, "examples/valid.pack.yaml")], (s) => (out += s), () => {}), 0);
  const json = JSON.parse(out);
  assert.deepEqual(json.challenges.map((c: { key: string }) => c.key), ["refund-question", "billing-question"]);
  let err = "";
  assert.equal(await run(["report", "--format", "xml", "x.yaml"], () => {}, (s) => (err += s)), 2);
  assert.match(err, /--format must be markdown or json/);
});
