import { test } from "node:test";
import assert from "node:assert/strict";
import { looksLikePack } from "../../server/src/service/pack";

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
