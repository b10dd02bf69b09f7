import { test } from "node:test";
import assert from "node:assert/strict";
import { cursorContext } from "../../../server/src/service/yaml/cursor";
import { parseYaml } from "../../../server/src/service/yaml/parse";
import { marked, yaml } from "../../helpers/fixture";

/** role, path, key/index and the replaced text for a fixture with a ‸ cursor. */
function context(src: string) {
  const m = marked(src);
  const c = cursorContext(parseYaml(m.text).doc, m.text, m.cursorOffset!);
  return { role: c.role, path: c.path, key: c.key, index: c.index, replaced: m.text.slice(c.span.start, c.span.end), prefix: c.prefix };
}

const sets = (line: string) => yaml`
  input_sets:
    - key: a
      cases:
        - challenge_key: x
  ${line}
`;

test("cursor: keys on blank and partial lines, at each indentation", () => {
  assert.deepEqual(context("pack:\n  slug: x\n  ‸\n"), { role: "key", path: ["pack"], key: undefined, index: undefined, replaced: "", prefix: "" });
  assert.deepEqual(context("pack:\n  slug: x\n  na‸\n"), { role: "key", path: ["pack"], key: "na", index: undefined, replaced: "na", prefix: "na" });
  assert.deepEqual(context("‸"), { role: "key", path: [], key: undefined, index: undefined, replaced: "", prefix: "" });
  assert.deepEqual(context(sets("        ‸")).path, ["input_sets", 0, "cases", 0]);
  assert.deepEqual(context(sets("      ‸")), { role: "item", path: ["input_sets", 0, "cases"], key: undefined, index: 1, replaced: "", prefix: "" });
  assert.deepEqual(context(sets("    ‸")).path, ["input_sets", 0]);
  assert.deepEqual(context(sets("  ‸")), { role: "item", path: ["input_sets"], key: undefined, index: 1, replaced: "", prefix: "" });
  assert.deepEqual(context(sets("‸")).path, []);
});

test("cursor: values, quoted values, flow and block list items", () => {
  assert.deepEqual(context(sets("").replace("challenge_key: x", "challenge_key: re‸f")), {
    role: "value",
    path: ["input_sets", 0, "cases", 0],
    key: "challenge_key",
    index: undefined,
    replaced: "ref",
    prefix: "re",
  });
  assert.equal(context('a:\n  b: "qu‸ot"\n').replaced, "quot");
  assert.deepEqual(context("a:\n  dims: [x, co‸]\n"), { role: "item", path: ["a", "dims"], key: undefined, index: 1, replaced: "co", prefix: "co" });
  assert.deepEqual(context("a:\n  dims:\n    - x\n    - ‸\n"), { role: "item", path: ["a", "dims"], key: undefined, index: 1, replaced: "", prefix: "" });
  assert.deepEqual(context("a:\n  inputs:\n    ‸\n").path, ["a", "inputs"]);
});

test("cursor: nothing in comments; a block scalar is a value", () => {
  assert.equal(context("a:\n  b: 1 # com‸\n").role, "none");
  const c = context("a:\n  t: |\n    hello ‸\n  b: 1\n");
  assert.equal(c.role, "value");
  assert.equal(c.key, "t");
});
