import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildPackModel, hover } from "../../../server/src/service/pack";
import { pack } from "../../helpers/packs";

const ROOT = join(__dirname, "../../../..");
const packs: [string, string][] = [
  ...readdirSync(join(ROOT, "examples"))
    .filter((f) => f.endsWith(".pack.yaml"))
    .map((f): [string, string] => [`examples/${f}`, readFileSync(join(ROOT, "examples", f), "utf8")]),
  ["test/fixtures/hover/rich.pack.yaml", readFileSync(join(ROOT, "test/fixtures/hover/rich.pack.yaml"), "utf8")],
  ["pack()", pack()],
];

/** What an author must never read in a hover: template placeholders, JSON dumps, implementation words. */
const LEAKS: [RegExp, string][] = [
  [/(?<![{$])\{[a-z_]+\}(?!\})/, "a {placeholder}"],
  [/\{"|\[\{|"\s*:\s*[[{"\d]/, "raw JSON"],
  [/\bGo\b|§|DECISIONS|\bstruct\b|fromItems|YAML-decoded|re-decoded/, "an internal note"],
];

test("hover on every character of every example pack and our fixtures: no placeholders, JSON dumps or internal notes", () => {
  let hovers = 0;
  for (const [name, text] of packs) {
    const model = buildPackModel(text, `file:///${name}`);
    const lines = text.split("\n");
    lines.forEach((line, l) => {
      for (let c = 0; c < line.length; c++) {
        const h = hover(model, { line: l, character: c });
        if (!h) continue;
        hovers++;
        for (const [re, what] of LEAKS) assert.doesNotMatch(h.contents.value, re, `${name}:${l + 1}:${c + 1} shows ${what}:\n${h.contents.value}`);
      }
    });
  }
  assert.ok(hovers > 3000, `${hovers} hovers`);
});

function hoverOn(text: string, line: string, word: string) {
  const lines = text.split("\n");
  const l = lines.findIndex((x) => x.includes(line));
  assert.ok(l >= 0, line);
  return hover(buildPackModel(text), { line: l, character: lines[l].indexOf(word, lines[l].indexOf(line)) + 1 })!.contents.value;
}

const rich = packs.find(([n]) => n.endsWith("rich.pack.yaml"))![1];

test("hover on an input set: name, description, challenge, number of cases and intended use", () => {
  assert.equal(
    hoverOn(rich, "- key: refund-question-full", "refund-question-full"),
    [
      "**input set** `refund-question-full`",
      "name: `Refund Full`",
      "description: `Broad coverage of refund questions.`",
      "challenge: `refund-question`",
      "2 cases",
      "intended use: full (benchmark coverage)",
    ].join("  \n"),
  );
});

test("hover on a challenge_key: title, category, difficulty, usage and the first lines of the instructions", () => {
  const h = hoverOn(rich, "- challenge_key: refund-question", "refund-question");
  assert.match(
    h,
    /^\*\*challenge\*\* `refund-question` {2}\ntitle: `Refund window question` {2}\ncategory: `support` {2}\ndifficulty: `hard` {2}\n2 cases in 1 input set/,
  );
  assert.match(
    h,
    /instructions:\n\n> Answer the customer's refund question\. {2}\n> Quote the policy's refund window\. {2}\n> Never promise a refund outside the window\. {2}\n> …$/,
  );
});

test("hover on an evidence reference says what it reads, above the key's documentation", () => {
  assert.match(
    hoverOn(rich, "target: case.inputs.prompt", "case.inputs"),
    /^\*\*evidence\*\* `case\.inputs\.prompt` reads the case input `prompt` of the case being scored/,
  );
  assert.match(hoverOn(rich, "target: file:report", "file:"), /reads the file captured after the run by the post-execution check `report`/);
  assert.match(hoverOn(rich, "expected_from: case.payload.expected_report", "case.payload"), /reads the field `expected_report` of the `payload`/);
  assert.match(hoverOn(rich, "context_from: [challenge_input", "transcript"), /reads the last 3 turns of the conversation transcript/);
});

test("hover on a validator or a judge summarises settings by name, never as JSON", () => {
  const h = hoverOn(rich, "judge_key: helpfulness", "helpfulness");
  assert.match(h, /^\*\*LLM judge\*\* `helpfulness` {2}\n/);
  assert.match(h, /\nmode: `rubric` {2}\n/);
  assert.match(h, /context_from: `challenge_input, transcript\.last_n:3, artifact\.policy_pdf`/);
});
