import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "../../server/src/cli/packlint";
import { diagnoseSkill, skillFile } from "../helpers/skill";

/**
 * Broken case files get what broken packs get (issue 15): one diagnostic at each cause, no knock-on errors, and
 * nothing said about keys written in the part that did not parse.
 */
const BASE = skillFile();

function edit(from: string, to: string): string {
  const text = BASE.replace(from, to);
  assert.notEqual(text, BASE, `fixture: ${from} not found`);
  return text;
}

const at = (text: string, needle: string): string => {
  const offset = text.indexOf(needle);
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before[before.length - 1].length + 1}`;
};

const CASES: { name: string; text: string; first: { at: string; message: string } }[] = [
  (() => {
    const text = edit("    type: trigger\n    title: Refund request", "\ttype: trigger\n    title: Refund request");
    return { name: "one tab used for indentation", text, first: { at: at(text, "\t"), message: "Tabs are not allowed as indentation" } };
  })(),
  (() => {
    const text = edit("should_not_use: []", "should_not_use: [a, b");
    return { name: "a list left open", text, first: { at: at(text, "[a, b"), message: "this [ opens a list that is never closed: add the closing ]" } };
  })(),
  (() => {
    const text = edit("    type: trigger\n    title: Refund request", "     type: trigger\n    title: Refund request");
    return {
      name: "a key indented one space too far",
      text,
      first: { at: at(text, "type: trigger"), message: "bad indentation: this line is indented 5 spaces, the key above it 4" },
    };
  })(),
];

for (const c of CASES) {
  test(`a broken case file, ${c.name}: one diagnostic, at the cause`, () => {
    const got = diagnoseSkill(c.text);
    assert.deepEqual(
      got.map((d) => `${d.code}@${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`),
      [`yaml-syntax@${c.first.at} ${c.first.message}`],
    );
  });
}

test("a broken case file: no 'is required' and no coverage claim for what is written", () => {
  const text = edit("    type: trigger\n    title: Refund request", "\ttype: trigger\n    title: Refund request");
  const got = diagnoseSkill(text);
  assert.equal(got.filter((d) => /is required/.test(d.message) || d.code === "skill-trigger-coverage").length, 0);
});

test("a broken case file: at most 20 syntax errors, then one that says how many more", () => {
  // Thirty sections after the cases, each with its own mistake (a tab): thirty causes.
  const text = BASE + Array.from({ length: 30 }, (_, i) => `k${i}:\n\tx: 1\n`).join("");
  const syntax = diagnoseSkill(text).filter((d) => d.code === "yaml-syntax");
  assert.equal(syntax.length, 21);
  assert.equal(syntax[20].message, "… and 10 more YAML syntax errors");
});

test("packlint on a broken case file prints the one cause", async () => {
  const dir = mkdtempSync(join(tmpdir(), "packlint-broken-skill-"));
  const file = join(dir, "refund-helper/tests/skill_cases.yaml");
  mkdirSync(join(dir, "refund-helper/tests"), { recursive: true });
  writeFileSync(file, CASES[0].text);
  let out = "";
  const code = await run(
    ["--format", "json", file],
    (s) => void (out += s),
    () => undefined,
  );
  assert.equal(code, 1);
  const diagnostics = (
    JSON.parse(out) as { files: { diagnostics: { code: string; message: string; range: { start: { line: number; character: number } } }[] }[] }
  ).files[0].diagnostics;
  assert.deepEqual(
    diagnostics.map((d) => `${d.code}@${d.range.start.line + 1}:${d.range.start.character + 1}`),
    [`yaml-syntax@${CASES[0].first.at}`],
  );
});
