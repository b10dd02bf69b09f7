import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { looksLikePack } from "../../server/src/service/pack";
import { looksLikeSkillCases } from "../../server/src/service/skill-cases";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack-model";
import { decodeYamlFile } from "../../server/src/service/yaml/encoding";

test("content sniffing: two of a pack's top-level sections make a pack, so a pack being written is checked as one", () => {
  const packs = [
    "pack:\n  slug: a\nchallenges: []\n",
    "pack:\n  slug: a\nversion:\n  number: 1\n", // written top-down, no challenges yet
    "# a comment\nversion:\n  number: 1\nchallenges:\n  - key: c\ninput_sets: []\n", // its pack: section deleted
    "\"pack\": {slug: a}\n'input_sets': []\n",
    "pack:\r\n  slug: a\r\nversion: {}\r\n",
  ];
  for (const text of packs) assert.equal(looksLikePack(text), true, text);
  const others = [
    "version: '3'\nservices:\n  web: {}\n", // docker compose
    "pack:\n  slug: a\n", // one section only
    "name: x\nsteps:\n  - pack:\n    version: 1\n", // the keys nested, not top-level
    "pack: a\npack: b\n", // the same section twice
    "packs:\n  - a\nversions: []\n",
  ];
  for (const text of others) assert.equal(looksLikePack(text), false, text);
});

const SNIFF_FIXTURES = join(__dirname, "../../../test/fixtures/sniff");

test("content sniffing: a pack written as the reference still reads it (byte order mark, flow or JSON root, `? key`, `<<:`) is a pack", () => {
  const verdicts = JSON.parse(readFileSync(join(SNIFF_FIXTURES, "reference-verdicts.json"), "utf8")) as Record<string, string[]>;
  const files = readdirSync(SNIFF_FIXTURES).filter((f) => f.endsWith(".yaml"));
  assert.ok(files.length >= 10);
  for (const file of files) {
    const { text } = decodeYamlFile(readFileSync(join(SNIFF_FIXTURES, file)));
    const expected = verdicts[file];
    assert.equal(looksLikePack(text), expected !== undefined, file);
    if (expected === undefined) continue;
    // Checked as a pack, it gets the reference's verdict: the same errors, field and message.
    const errors = packDiagnostics(buildPackModel(text))
      .filter((d) => d.severity === "error")
      .map((d) => `${d.field} ${d.message}`);
    assert.deepEqual(errors.sort(), [...expected].sort(), file);
  }
});

test("content sniffing: byte order marks before a key do not hide it, in any form of key", () => {
  for (const text of ["\uFEFFpack:\n  slug: a\nversion: {}\n", "# c\n\uFEFF\uFEFF'pack': {}\n\uFEFFversion: {}\n", "\uFEFF? pack\n: {}\n? version\n"]) {
    assert.equal(looksLikePack(text), true, JSON.stringify(text));
  }
  assert.equal(looksLikePack("\uFEFFpack:\n  version: 1\n"), false);
});

test("content sniffing: a root merge counts the keys it merges, nested merges and merges of other keys do not", () => {
  assert.equal(looksLikePack("a: &a {pack: {}}\n<<: [*a, {version: {}}]\n"), true);
  assert.equal(looksLikePack('"<<": {pack: {}, version: {}}\n'), false, "a quoted << is an ordinary key");
  assert.equal(looksLikePack("a: &a\n  <<: *a\n  pack: {}\n<<: *a\nversion: 1\n"), true, "an alias circle ends");
  assert.equal(looksLikePack("<<: {name: x, version: 2}\n"), false);
});

test("content sniffing: a Skill case file behind a byte order mark is still a Skill case file, a pack is not one", () => {
  assert.equal(looksLikeSkillCases("\uFEFFskill:\n  name: a\ncases: []\n"), true);
  assert.equal(looksLikeSkillCases("skill:\n  name: a\ncases: []\n"), true);
  assert.equal(looksLikeSkillCases("\uFEFFpack:\n  slug: a\nskill: {}\ncases: []\n"), false);
  assert.equal(looksLikeSkillCases("name: a\ncases: []\n"), false);
});
