import { test } from "node:test";
import assert from "node:assert/strict";
import { TextDocument } from "vscode-languageserver-textdocument";
import { applySuppressions, languages, suppressionActions, type PackDiagnostic } from "../../server/src/service";
import { emptyHost } from "../../server/src/service/skill-cases";
import { suppressionDirectives } from "../../server/src/service/yaml/suppression-comments";

/** Inline suppression comments: read from the YAML's comments (pure), applied to diagnostics by code and node. */

const at = (line: number, code: string, severity: PackDiagnostic["severity"] = "error"): PackDiagnostic => ({
  code,
  severity,
  field: null,
  message: code,
  range: { start: { line, character: 2 }, end: { line, character: 5 } },
});

const TEXT = [
  "pack:", // 0
  "  # packlint-disable-next-line unknown-key, version-number-positive -- reason", // 1
  "  extra:", // 2
  "    nested: 1", // 3
  "  slug: x", // 4
  "# packlint-disable challenge-difficulty-invalid", // 5
  "challenges:", // 6
  "  - key: a", // 7
  "# packlint-enable challenge-difficulty-invalid", // 8
  "  - key: b", // 9
  'note: "# packlint-disable-file unknown-key"', // 10
  "text: |", // 11
  "  # packlint-disable-file unknown-key", // 12
  "",
].join("\n");

test("directives: kinds, codes with their ranges, the lines each covers; a # in a string or block scalar is no comment", () => {
  const dirs = suppressionDirectives(TEXT);
  assert.deepEqual(
    dirs.map((d) => [d.kind, d.codes.map((c) => c.code), d.lines, d.problem]),
    [
      ["disable-next-line", ["unknown-key", "version-number-positive"], { first: 2, last: 3 }, undefined],
      ["disable", ["challenge-difficulty-invalid"], { first: 5, last: 13 }, undefined],
      ["enable", ["challenge-difficulty-invalid"], undefined, undefined],
    ],
  );
  const first = dirs[0].codes[0];
  assert.equal(TEXT.split("\n")[1].slice(first.range.start.character, first.range.end.character), "unknown-key");
  assert.equal(dirs[1].codes[0].lastLine, 8, "the enable ends the block");
  assert.deepEqual(suppressionDirectives("pack:\n  slug: x # no directive here\n"), []);
});

test("disable-next-line covers the node that starts on the next line with all it contains, and nothing after it", () => {
  const r = applySuppressions(
    [at(2, "unknown-key"), at(3, "unknown-key"), at(4, "unknown-key"), at(3, "version-number-positive")],
    suppressionDirectives(TEXT),
  );
  assert.deepEqual(
    r.suppressed.map((d) => [d.range.start.line, d.code]),
    [
      [2, "unknown-key"],
      [3, "unknown-key"],
      [3, "version-number-positive"],
    ],
  );
  assert.deepEqual(
    r.diagnostics.map((d) => [d.range.start.line, d.code]),
    [[4, "unknown-key"]],
  );
});

test("a disable block runs to its enable; a code never matched is suppression-unused, with a fix that removes just it", () => {
  const r = applySuppressions(
    [at(7, "challenge-difficulty-invalid"), at(9, "challenge-difficulty-invalid"), at(2, "unknown-key")],
    suppressionDirectives(TEXT),
  );
  assert.deepEqual(
    r.suppressed.map((d) => d.range.start.line),
    [7, 2],
  );
  assert.deepEqual(
    r.diagnostics.map((d) => d.range.start.line),
    [9],
  );
  assert.deepEqual(
    r.problems.map((p) => [p.code, p.severity, p.message]),
    [
      [
        "suppression-unused",
        "warning",
        "packlint-disable-next-line version-number-positive silences nothing: no version-number-positive is reported on the node below it; remove it",
      ],
    ],
  );
  // The fix takes the code and the separator before it out of the list: the rest of the comment stays.
  const doc = TextDocument.create("file:///p.yaml", "yaml", 0, TEXT);
  const [fix] = suppressionActions(r.problems, r.problems[0].range, doc.uri);
  assert.equal(fix.title, "Remove version-number-positive from the packlint-disable-next-line comment");
  const after = TextDocument.applyEdits(doc, fix.edit.changes![doc.uri]);
  assert.equal(after.split("\n")[1], "  # packlint-disable-next-line unknown-key -- reason");
});

test("a directive whose every code is unused or unknown is removed whole, its line with it", () => {
  const text = "pack:\n  # packlint-disable-next-line unknwn-key\n  slug: x\n";
  const r = applySuppressions([], suppressionDirectives(text));
  assert.deepEqual(
    r.problems.map((p) => [p.code, p.message]),
    [["suppression-invalid", "packlint-disable-next-line names unknwn-key: unknown rule code (did you mean unknown-key?); packlint rules lists them all"]],
  );
  const doc = TextDocument.create("file:///p.yaml", "yaml", 0, text);
  const [fix] = suppressionActions(r.problems, r.problems[0].range, doc.uri);
  assert.equal(fix.title, "Remove the packlint-disable-next-line comment");
  assert.equal(TextDocument.applyEdits(doc, fix.edit.changes![doc.uri]), "pack:\n  slug: x\n");
  // A trailing comment goes with the blanks before it; the value stays.
  const trailing = "slug: x # packlint-disable-file unknown-key\n";
  const t = applySuppressions([], suppressionDirectives(trailing));
  const tdoc = TextDocument.create("file:///t.yaml", "yaml", 0, trailing);
  assert.equal(TextDocument.applyEdits(tdoc, suppressionActions(t.problems, t.problems[0].range, tdoc.uri)[0].edit.changes![tdoc.uri]), "slug: x\n");
});

test("malformed directives are suppression-invalid and silence nothing; another packlint- comment is no directive", () => {
  const text = "# packlint-disable-nextline unknown-key\n# packlint-disable-next-line\n# packlint-enable unknown-key\n# packlint-own note\nslug: x\n";
  const r = applySuppressions([at(4, "unknown-key")], suppressionDirectives(text));
  assert.equal(r.suppressed.length, 0);
  assert.deepEqual(
    r.problems.map((p) => [p.code, p.range.start.line]),
    [
      ["suppression-invalid", 0],
      ["suppression-invalid", 1],
      ["suppression-invalid", 2],
    ],
  );
});

test("disable-file covers every line; a file without packlint- comments is not parsed for them", () => {
  const text = "# packlint-disable-file unknown-key -- generated\na: 1\nb: 2\n";
  const r = applySuppressions([at(1, "unknown-key"), at(2, "unknown-key"), at(2, "other", "warning")], suppressionDirectives(text));
  assert.equal(r.suppressed.length, 2);
  assert.deepEqual(r.problems, []);
  assert.deepEqual(suppressionDirectives("a: 1\n# a comment\n"), []);
});

test("completion in a suppression comment offers the directives, then the rule codes; hover on a code shows its rule", () => {
  const text = "pack:\n  # packlint-disable-next-line unknown-key, ver -- reason\n  slug: x\n  # packlint-dis\n";
  const session = languages["challenge-pack"].open(text, "file:///p.pack.yaml", { skillHost: emptyHost });
  const codes = session.completion!({ line: 1, character: 46 });
  assert.ok(codes.items.some((i) => i.label === "version-number-positive"));
  assert.ok(codes.items.some((i) => i.label === "suppression-unused"));
  const edit = codes.items[0].textEdit as { range: { start: { character: number }; end: { character: number } } };
  assert.deepEqual([edit.range.start.character, edit.range.end.character], [44, 47], "replaces the word being written");
  const kinds = session.completion!({ line: 3, character: 16 });
  assert.deepEqual(
    kinds.items.map((i) => i.label),
    ["packlint-disable-next-line", "packlint-disable", "packlint-enable", "packlint-disable-file"],
  );
  // Elsewhere the pack's own completion answers (keys of pack:).
  assert.ok(!session.completion!({ line: 2, character: 2 }).items.some((i) => i.label === "version-number-positive"));
  const hover = session.hover!({ line: 1, character: 35 });
  assert.match(hover!.contents.value, /^\*\*`unknown-key`\*\* · warning/);
  assert.ok(!session.hover!({ line: 1, character: 54 })?.contents.value.includes("**`"), "no rule hover in the reason");
});
