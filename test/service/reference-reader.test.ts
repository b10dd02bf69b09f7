import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack";
import { updatePackModel } from "../../server/src/service/incremental/update";
import { readingEnd } from "../../server/src/service/yaml/reading-end";
import { pack } from "../helpers/packs";
import { readerCases } from "./reader-cases";

/** "decode" when some error has no field (the file does not decode), else the errors as `field message`. */
function verdict(text: string): "decode" | string[] {
  const errors = packDiagnostics(buildPackModel(text)).filter((d) => d.severity === "error");
  if (errors.some((d) => d.field === null)) return "decode";
  return errors.map((d) => `${d.field} ${d.message}`);
}

for (const c of readerCases) {
  test(`as the reference reads it: ${c.name}`, () => {
    const got = verdict(c.text);
    assert.deepEqual(Array.isArray(got) ? [...got].sort() : got, Array.isArray(c.want) ? [...c.want].sort() : c.want);
  });
}

const P = pack();

function syntaxAt(text: string): { offset: number; message: string }[] {
  const model = buildPackModel(text);
  return packDiagnostics(model)
    .filter((d) => d.code === "yaml-syntax" || d.code === "yaml-decode-fatal")
    .map((d) => ({ offset: model.lines.offsetAt(d.range.start), message: d.message }));
}

test("each reader error is one diagnostic at its cause", () => {
  const tab = P.replace("  name: Support Eval\n", "  name: Support Eval\n\t# note\n");
  assert.deepEqual(syntaxAt(tab), [{ offset: tab.indexOf("\t"), message: "found a tab character that violates indentation: indent with spaces" }]);
  const surrogate = P.replace("family: support", 'family: "\\ud800"');
  assert.deepEqual(syntaxAt(surrogate), [{ offset: surrogate.indexOf("\\ud800"), message: "found invalid Unicode character escape code \\ud800" }]);
  const directive = "%YAML 1.2\n---\n" + P;
  assert.deepEqual(syntaxAt(directive), [{ offset: 0, message: "found incompatible YAML document: the reference reads YAML 1.1 only, not 1.2" }]);
  const alias = P + "notes: *never_defined\n";
  assert.deepEqual(syntaxAt(alias), [{ offset: alias.indexOf("*never"), message: "unknown anchor 'never_defined' referenced" }]);
});

test("a byte order mark that makes the reader skip characters is one error at the mark", () => {
  const head = P + "# ";
  const text = head + "x".repeat(1024 - new TextEncoder().encode(head).length) + "\uFEFFyy\nnotes: 1\n";
  const model = buildPackModel(text);
  const errors = packDiagnostics(model).filter((d) => d.severity === "error");
  assert.deepEqual(
    errors.map((d) => ({ offset: model.lines.offsetAt(d.range.start), message: d.message })),
    [
      {
        offset: text.indexOf("\uFEFF"),
        message:
          "a byte order mark (U+FEFF) where the reference's YAML reader starts a 512-byte block of the file makes it skip the first character of the lines that follow (line 41): remove the mark",
      },
    ],
  );
  assert.deepEqual(
    errors[0].related?.map((r) => model.lines.offsetAt(r.range.start)),
    [text.indexOf("notes: 1")],
  );
  // One character further, the scanner is past the mark when it asks for the next block: nothing is skipped.
  const later = head + "x".repeat(1025 - new TextEncoder().encode(head).length) + "\uFEFFyy\nnotes: 1\n";
  assert.deepEqual(syntaxAt(later), []);
});

test("readingEnd: where the reference stops reading", () => {
  assert.equal(readingEnd(P), P.length);
  assert.equal(readingEnd(P + "...\nanything: [\n"), P.length);
  assert.equal(readingEnd(P + "--- # second\nx: 1\n"), P.length);
  assert.equal(readingEnd(P + "%YAML 1.1\n"), P.length);
  assert.equal(readingEnd("---\n" + P), P.length + 4); // the first `---` starts the document
  const headless = P.replace("pack:\n", "");
  assert.equal(readingEnd(headless), headless.indexOf("version:"));
  assert.equal(readingEnd('"root"\nnext: 1\n'), '"root"\n'.length);
  // Inside a block scalar, a quoted scalar or a flow collection, nothing at a lower indentation ends the root.
  const block = "  a: |\n    x\n  b: 'multi\nline'\n  c: [\n1]\n";
  assert.equal(readingEnd(block), block.length);
  assert.equal(readingEnd(block + "d: 1\n"), block.length);
});

test("the model says where reading stopped, and nothing after it is checked or shown", () => {
  const text = P + "...\nversion: {number: oops\n";
  const model = buildPackModel(text);
  assert.equal(model.readingEnd, P.length);
  assert.deepEqual(
    packDiagnostics(model).filter((d) => d.severity === "error"),
    [],
  );
  assert.ok(model.yaml!.range[2] <= P.length);
});

test("ranges after padded lines (flow or quoted continuations) stay those of the text", () => {
  const text = P.replace("dimensions: [correctness]", "dimensions: [\ncorrectness]").replace("difficulty: easy", "difficulty: hard-ish");
  const model = buildPackModel(text);
  const d = packDiagnostics(model).find((x) => x.field === "challenges[0].difficulty");
  assert.ok(d, JSON.stringify(packDiagnostics(model)));
  assert.equal(text.slice(model.lines.offsetAt(d.range.start), model.lines.offsetAt(d.range.end)), "hard-ish");
});

test("an edit that ends the document early, and one that undoes it, give a fresh build's diagnostics", () => {
  let model = buildPackModel(P);
  const at = P.indexOf("challenges:");
  const steps: [number, number, string][] = [
    [at, at, "...\n"],
    [at, at + 4, ""],
    [at, at, "\t# note\n"],
    [at, at + 1, ""],
    [P.indexOf("support-eval"), P.indexOf("support-eval"), '"\\ud800" '],
  ];
  for (const [start, end, insert] of steps) {
    model = updatePackModel(model, [{ range: { start: model.lines.positionAt(start), end: model.lines.positionAt(end) }, text: insert }]);
    assert.deepEqual(packDiagnostics(model), packDiagnostics(buildPackModel(model.text)), JSON.stringify(insert));
  }
});
