import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics, type PackDiagnostic } from "../../server/src/service/pack";
import { updatePackModel } from "../../server/src/service/incremental/update";
import { MAX_SYNTAX_ERRORS } from "../../server/src/service/pack-model";
import { ignoredText } from "../../server/src/service/yaml/ignored-text";
import { parseYaml } from "../../server/src/service/yaml/parse";
import { BASE, BROKEN_CASES, claimsWrittenKeyMissing, editLine } from "../helpers/broken-documents";

const at = (d: { range: { start: { line: number; character: number } } }) => `${d.range.start.line + 1}:${d.range.start.character + 1}`;
const summary = (ds: PackDiagnostic[]) => ds.map((d) => `${d.code}@${at(d)}`);

test("the base of the broken documents is a valid pack", () => {
  assert.deepEqual(summary(packDiagnostics(buildPackModel(BASE))), ["multiple-input-sets@41:1"]);
});

for (const c of BROKEN_CASES) {
  test(`broken document, ${c.name}: the cause first, nothing false, no knock-ons`, () => {
    const ds = packDiagnostics(buildPackModel(c.text));
    assert.deepEqual(summary(ds), c.all);
    const first = ds[0];
    assert.equal(first.code, c.first.code);
    assert.equal(at(first), c.first.at);
    if (c.first.message) assert.equal(first.message, c.first.message);
    if (c.related)
      assert.deepEqual(
        first.related?.map((r) => at(r)),
        [c.related],
      );
    for (const d of ds) {
      assert.ok(!claimsWrittenKeyMissing(d), `a written key called missing: ${d.field} ${d.message}`);
      assert.ok(!/cannot unmarshal|!!|Go struct/.test(d.message), `a Go-worded message: ${d.message}`);
    }
  });

  test(`broken document, ${c.name}: typed into the valid pack, the incremental model gives the same diagnostics`, () => {
    // The edit: the smallest range that turns the base into the broken text.
    let start = 0;
    while (start < BASE.length && BASE[start] === c.text[start]) start++;
    let tail = 0;
    while (tail < BASE.length - start && tail < c.text.length - start && BASE[BASE.length - 1 - tail] === c.text[c.text.length - 1 - tail]) tail++;
    const model = buildPackModel(BASE);
    const range = { start: model.lines.positionAt(start), end: model.lines.positionAt(BASE.length - tail) };
    const updated = updatePackModel(model, [{ range, text: c.text.slice(start, c.text.length - tail) }]);
    assert.equal(updated.text, c.text);
    assert.deepEqual(packDiagnostics(updated), packDiagnostics(buildPackModel(c.text)));
  });
}

test("the same syntax error at the same place is reported once", () => {
  // `[[[ a` three times over: the parser reports the unclosed lists of the first line several times where it gave
  // up on them. The first `[` never closes, so the reference's reader reads the next lines as part of that list:
  // they are the broken part, and the one cause is reported once.
  const text = "a: [[[x\nb: [[[y\nc: [[[z\n";
  const ds = packDiagnostics(buildPackModel(text));
  assert.deepEqual(
    ds.map((d) => `${at(d)} ${d.message}`),
    ["1:4 this [ opens a list that is never closed: add the closing ]"],
  );
});

test(`at most ${MAX_SYNTAX_ERRORS} syntax errors per document, then one that says how many more`, () => {
  // Thirty sections, each with its own mistake (a tab): thirty causes.
  const text = Array.from({ length: 30 }, (_, i) => `k${i}:\n\tx: 1\n`).join("");
  const syntax = packDiagnostics(buildPackModel(text)).filter((d) => d.code === "yaml-syntax");
  assert.equal(syntax.length, MAX_SYNTAX_ERRORS + 1);
  assert.deepEqual(syntax.slice(0, 3).map(at), ["2:1", "4:1", "6:1"]);
  assert.equal(syntax[MAX_SYNTAX_ERRORS].message, "… and 10 more YAML syntax errors");
});

test("checks still run on the parts that parsed: a real error before the broken part is reported", () => {
  const text = editLine(
    30,
    (l) => l.replace("title: ", 'title: "'),
    editLine(10, (l) => l.replace("native", "nativ")),
  );
  const codes = summary(packDiagnostics(buildPackModel(text)));
  assert.deepEqual(codes, ["execution-mode-invalid@10:19", "yaml-syntax@30:12"]);
});

test("a missing key is still reported in a section the broken part does not reach", () => {
  const text = editLine(
    36,
    (l) => " " + l,
    editLine(5, () => ""),
  );
  const ds = packDiagnostics(buildPackModel(text));
  assert.deepEqual(summary(ds), ["pack-family-required@2:1", "yaml-syntax@36:6", "multiple-input-sets@41:1"]);
});

test("ignored-text: after ..., a second document, a dedent below the root's column; nothing for a whole pack", () => {
  const warn = (text: string) => {
    const parsed = parseYaml(text);
    return ignoredText(text, parsed.reader.end).map((f) => [f.span.start, f.message]);
  };
  assert.deepEqual(warn(BASE), []);
  assert.deepEqual(warn("---\n# c\npack: {}\n...\n"), []);
  assert.deepEqual(warn("pack: {}\n---\n# nothing but a marker and a comment\n"), []);
  assert.deepEqual(warn("%YAML 1.1\n---\npack: {}\n...\n# only a comment\n"), []);
  assert.deepEqual(warn("pack: {}\n...\n\n  challenges: []\n"), [
    [16, 'ignored: AgentClash stops reading the pack at the "..." on line 2, so it never reads this or anything after it'],
  ]);
  assert.deepEqual(warn("pack: {}\n--- \nchallenges: []\n"), [
    [9, "ignored: a second YAML document; AgentClash reads only the first, so it never reads this or anything after it"],
  ]);
  assert.deepEqual(warn("  pack: {}\n  version: {}\n# comment\nchallenges: []\n"), [
    [
      35,
      "ignored: this line is indented less than the pack's first line (line 1), which ends the pack for AgentClash, so it never reads this or anything after it",
    ],
  ]);
  const d = packDiagnostics(buildPackModel("pack: {}\n...\nchallenges: []\n")).find((x) => x.code === "ignored-text");
  assert.equal(d?.severity, "warning");
  assert.deepEqual(d?.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 14 } });
});
