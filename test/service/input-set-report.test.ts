import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildPackModel } from "../../server/src/service/pack";
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
    challenges:
      "challenges:\n  - key: refund-question\n    title: R\n    category: c\n    difficulty: easy\n  - key: lonely\n    title: L\n    category: c\n    difficulty: hard\n",
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
  assert.equal(
    await run(
      ["report", join(ROOT, "examples/broken.pack.yaml")],
      (s) => (out += s),
      () => {},
    ),
    1,
  );
  assert.match(out, /^Ready for scoring: no \(8 errors\)$/m);
  out = "";
  assert.equal(
    await run(
      ["report", "--format", "json", join(ROOT, "examples/valid.pack.yaml")],
      (s) => (out += s),
      () => {},
    ),
    0,
  );
  const json = JSON.parse(out);
  assert.deepEqual(
    json.challenges.map((c: { key: string }) => c.key),
    ["refund-question", "billing-question"],
  );
  let err = "";
  assert.equal(
    await run(
      ["report", "--format", "xml", "x.yaml"],
      () => {},
      (s) => (err += s),
    ),
    2,
  );
  assert.match(err, /--format must be markdown or json/);
});

test("each case's reason (its description, else the comment above it, else a gap), the Coverage Review and the next skill", () => {
  const text = pack({
    inputSets: [
      "input_sets:",
      "  - key: refund-question-full",
      "    name: Full",
      "    cases:",
      "      # The ordinary refund question, inside the window.",
      "      - challenge_key: refund-question",
      "        case_key: refund-window-basic",
      "      # A refund asked for after the window closed:",
      "      # the agent must decline politely.",
      "      - challenge_key: refund-question",
      "        case_key: refund-window-expired",
      "      - challenge_key: refund-question",
      "        case_key: refund-vague-request",
      "        description: The customer does not say which order; the agent should ask.",
      "      - challenge_key: refund-question",
      "        case_key: refund-something",
      "",
    ].join("\n"),
  });
  const r = inputSetReport(buildPackModel(text), "p.yaml");
  const cases = r.challenges[0].inputSets[0].cases;
  assert.deepEqual(
    cases.map((c) => c.reason),
    [
      "The ordinary refund question, inside the window.",
      "A refund asked for after the window closed: the agent must decline politely.",
      "The customer does not say which order; the agent should ask.",
      undefined,
    ],
  );
  assert.deepEqual(Object.fromEntries(r.challenges[0].coverageReview.map((p) => [p.path, p.cases])), {
    happy: ["refund-question-full/refund-window-basic"],
    edge: [],
    negative: ["refund-question-full/refund-window-expired"],
    ambiguous: ["refund-question-full/refund-vague-request"],
    regression: [],
    budget: [],
  });
  const md = reportMarkdown(r);
  assert.match(md, /^\| `refund-something` \|.*\| no reason given \(gap: [^|]*\|$/m);
  assert.match(md, /^- no reason given for refund-question-full\/refund-something$/m);
  assert.match(md, /^- edge path: gap$/m);
  assert.match(md, /^- negative path: refund-question-full\/refund-window-expired$/m);
  assert.match(md, /^Next skill: agentclash-challenge-pack-validation-publish /m);
  const broken = inputSetReport(buildPackModel(readFileSync(join(ROOT, "examples/broken.pack.yaml"), "utf8")), "b.yaml");
  assert.equal(broken.nextSkill.skill, "agentclash-challenge-pack-yaml-author");
});

test("the Markdown report is tables, not lines run together: per input set a table of its facts and one of its cases", () => {
  const file = "examples/valid.pack.yaml";
  const md = reportMarkdown(inputSetReport(buildPackModel(readFileSync(join(ROOT, file), "utf8")), file));
  const lines = md.split("\n");
  // Every table: a header, its delimiter row, then rows with as many cells as the header; a blank line before it.
  const tables: string[][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith("|") || lines[i - 1]?.startsWith("|")) continue;
    assert.equal(lines[i - 1], "", `a blank line before the table at line ${i + 1}`);
    const rows: string[] = [];
    for (let j = i; lines[j]?.startsWith("|"); j++) rows.push(lines[j]);
    const cells = (r: string) => r.replace(/\\\|/g, "").split("|").length;
    assert.match(rows[1], /^\|(---\|)+$/);
    for (const r of rows) assert.equal(cells(r), cells(rows[0]), r);
    tables.push(rows);
  }
  assert.equal(tables.length, 4, "two input sets, two tables each");
  assert.deepEqual(tables[0].slice(0, 1), ["| Key | `refund-question-smoke` |"]);
  assert.ok(tables[0].includes("| Case count | 1 |"));
  assert.equal(tables[1][0], "| Case | Payload summary | Inputs | Expectations | Reason |");
  assert.match(tables[1][2], /^\| `refund-window-basic` \| customer_message: Can I get a refund after 14 days\?; account_tier: standard \| prompt \(text\) \|/);
  // No YAML-like `key: value` lines under a list item, which a preview joins into one paragraph.
  assert.ok(!lines.some((l) => /^ {2,}[a-z ]+: /.test(l)), "no indented key: value lines");
});

test("a table cell keeps its row: a | is escaped, a line break becomes a space", () => {
  const text = pack().replace("name: Refund Smoke", 'name: "Smoke | with a pipe"');
  const md = reportMarkdown(inputSetReport(buildPackModel(text), "p.yaml"));
  assert.match(md, /^\| Purpose \| .*Smoke \\\| with a pipe.* \|$/m);
});
