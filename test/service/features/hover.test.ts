import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, hover } from "../../../server/src/service/pack";
import { marked, yaml } from "../../helpers/fixture";
import { pack, sections } from "../../helpers/packs";
import { atCursor } from "../../helpers/features";
import { VALUE_DOCS } from "../../../server/src/service/schema/key-docs";
import { closedEnumOf } from "../../../server/src/service/schema/keys";

function hoverAt(src: string) {
  const { model, position } = atCursor(src);
  return hover(model, position);
}

test("hover: a known key shows purpose, type, requiredness, allowed values and checks", () => {
  const h = hoverAt(pack({ challenges: sections.challenges.replace("difficulty: easy", "diffi‸culty: easy") }));
  assert.equal(
    h?.contents.value,
    [
      "**`difficulty`** · text · required",
      "How hard the challenge is.",
      "Allowed values: `easy` · `medium` · `hard` · `expert`",
      "Checks:\n- must be one of easy, medium, hard, expert",
    ].join("\n\n"),
  );
  assert.equal(h?.contents.kind, "markdown");
});

test("hover: the range is the key; optional keys say so; a value of a closed set documents the value, then its key", () => {
  const src = pack({ version: sections.version.replace("  number: 1\n", "  number: 1\n  execution_mode: nat‸ive\n") });
  const h = hoverAt(src);
  const [value, keyDocs] = h!.contents.value.split("\n\n---\n\n");
  assert.equal(
    value,
    [
      "**`native`** · a value of `execution_mode`",
      "The agent runs natively with its tools and sandbox (the default).",
      "Other values: `prompt_eval` · `responses` · `multi_turn`",
    ].join("\n\n"),
  );
  assert.match(keyDocs, /^\*\*`execution_mode`\*\* · text · optional/);
  assert.match(keyDocs, /`native` · `prompt_eval` · `responses` · `multi_turn`/);
  const m = marked(src.replace("nat‸ive", "⟦native⟧‸"));
  assert.deepEqual(hoverAt(src.replace("nat‸ive", "native‸"))?.range, m.ranges[0]);
  const key = hoverAt(pack({ head: sections.head.replace("slug:", "sl‸ug:") }));
  assert.match(key!.contents.value, /^\*\*`slug`\*\* · text · required\n\nStable identifier/);
});

test("hover: keys inside evaluation_spec are documented from the catalog, matched case-insensitively", () => {
  const h = hoverAt(pack({ evaluationSpec: sections.evaluationSpec.replace("judge_mode:", "Judge_Mo‸de:") }));
  assert.match(h!.contents.value, /^\*\*`judge_mode`\*\* · text · required/);
  assert.match(h!.contents.value, /`deterministic` · `llm_judge` · `hybrid`/);
});

test("hover: a challenge_key shows the challenge's title, category, difficulty and case count", () => {
  const h = hoverAt(pack({ inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: refund-q‸uestion") }));
  assert.equal(
    h?.contents.value,
    "**challenge** `refund-question`  \ntitle: `Refund question`  \ncategory: `support`  \ndifficulty: `easy`  \n1 case in 1 input set",
  );
});

test("hover: input:prompt shows the input's kind and value; an undeclared reference says so", () => {
  const h = hoverAt(pack({ inputSets: sections.inputSets.replace("source: input:prompt", "source: input:pro‸mpt") }));
  assert.equal(h?.contents.value, "**case input** `prompt`  \nkind: `text`  \nvalue: `Can I get a refund after 14 days?`");
  const m = marked(pack({ inputSets: sections.inputSets.replace("source: input:prompt", "source: input:⟦prompt⟧") }));
  assert.deepEqual(h?.range, m.ranges[0]);
  const missing = hoverAt(pack({ inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: nope‸") }));
  assert.equal(missing?.contents.value, "**challenge** `nope` is not declared");
});

test("hover: nothing on unknown keys, free-form payload keys and comments", () => {
  assert.equal(
    hoverAt(yaml`
    pack:
      slugg‸: x
  `),
    null,
  );
  assert.equal(hoverAt(pack({ inputSets: sections.inputSets.replace("        inputs:", "        payload:\n          cust‸omer: x\n        inputs:") })), null);
  assert.equal(hoverAt("# a comm‸ent\npack:\n  slug: x\n"), null);
});

test("hover on a case key: effective key, authoring style and how the case is stored", () => {
  const structured = marked(pack({ inputSets: sections.inputSets.replace("case_key: refund-window-basic", "case_key: refund-‸window-basic") }));
  const h = hover(buildPackModel(structured.text), structured.cursor!)!;
  assert.match(h.contents.value, /effective key: `refund-window-basic`/);
  assert.match(h.contents.value, /authoring style: structured/);
  assert.match(h.contents.value, /stored as: a case document \(schema_version 1\) with inputs, expectations$/);
  const legacy = marked(
    pack({
      inputSets:
        "input_sets:\n  - key: s\n    name: S\n    items:\n      - challenge_key: refund-question\n        item_key: le‸gacy\n        payload: {q: 1}\n",
    }),
  );
  const l = hover(buildPackModel(legacy.text), legacy.cursor!)!;
  assert.match(l.contents.value, /authoring style: legacy payload-only/);
  assert.match(l.contents.value, /stored as: the bare payload object/);
});

test("hover on a value: the member it is (or that it is none), what a source refers to; free text keeps its key's documentation", () => {
  const multi = hoverAt(pack({ version: sections.version.replace("  number: 1\n", "  number: 1\n  execution_mode: multi_tu‸rn\n") }));
  assert.match(
    multi!.contents.value,
    /^\*\*`multi_turn`\*\* · a value of `execution_mode`\n\nA simulated user talks with the agent: every case needs a `user_simulator`\./,
  );
  const typo = hoverAt(pack({ version: sections.version.replace("  number: 1\n", "  number: 1\n  execution_mode: nati‸v\n") }));
  assert.match(
    typo!.contents.value,
    /^\*\*`nativ`\*\* is not a value of `execution_mode`: write one of `native` · `prompt_eval` · `responses` · `multi_turn`\./,
  );
  const hard = hoverAt(pack({ challenges: sections.challenges.replace("difficulty: easy", "difficulty: ea‸sy") }));
  assert.match(hard!.contents.value, /^\*\*`easy`\*\* · a value of `difficulty`\n\nAn easy challenge\.\n\nOther values: `medium` · `hard` · `expert`/);
  // On the `input:` of a source: the case input it names, not the key `source`.
  const source = hoverAt(pack({ inputSets: sections.inputSets.replace("source: input:prompt", "source: in‸put:prompt") }));
  assert.match(source!.contents.value, /^\*\*case input\*\* `prompt`/);
  const title = hoverAt(pack({ challenges: sections.challenges.replace("title: Refund question", "title: Refund q‸uestion") }));
  assert.match(title!.contents.value, /^\*\*`title`\*\*/);
});

test("every value documented for hover is an allowed value of its key", () => {
  for (const [site, values] of Object.entries(VALUE_DOCS)) {
    const [entry, key] = site.split("#");
    const allowed = closedEnumOf(entry, key);
    assert.ok(allowed, `${site} has a closed set of values`);
    for (const v of Object.keys(values)) assert.ok(allowed.includes(v), `${site}: ${v}`);
  }
});
