import { test } from "node:test";
import { ServerCommands } from "../../../shared/src";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as svc from "../../../server/src/service/pack";
import { applyEdits, URI } from "../../helpers/features";

const EXAMPLES = join(__dirname, "..", "..", "..", "..", "examples");

/** The bundled examples, and each with one line deleted or one pair of letters swapped: half-edited packs. */
function variants(): string[] {
  const out: string[] = [];
  for (const name of ["valid.pack.yaml", "broken.pack.yaml", "legacy-items.pack.yaml"]) {
    const text = readFileSync(join(EXAMPLES, name), "utf8");
    const lines = text.split("\n");
    out.push(text, text.replace(/\n/g, "\r\n"));
    for (let i = 0; i < lines.length; i += 4) out.push([...lines.slice(0, i), ...lines.slice(i + 1)].join("\n"));
    for (let i = 2; i < lines.length; i += 4) out.push([...lines.slice(0, i), lines[i].replace(/([a-z])([a-z])/, "$2$1"), ...lines.slice(i + 1)].join("\n"));
  }
  return out;
}

const model = (text: string) => svc.buildPackModel(text, URI);

const syntaxErrors = (m: svc.PackModel) => svc.packDiagnostics(m).filter((d) => d.code === "yaml-syntax" || d.code === "yaml-duplicate-key").length;

test("every feature answers at every position of half-edited packs, with ranges inside the document", () => {
  for (const text of variants()) {
    const m = model(text);
    const end = m.lines.positionAt(text.length);
    const inside = (r: svc.Range) => r.start.line <= end.line && r.end.line <= end.line;
    svc.documentSymbols(m);
    for (const f of svc.foldingRanges(m)) assert.ok(f.endLine <= end.line);
    svc.codeLenses(m, ServerCommands).forEach((l) => assert.ok(inside(l.range)));
    let tokenEnd = 0;
    for (const t of svc.semanticTokenList(m)) {
      assert.ok(t.span.start >= tokenEnd && t.span.end > t.span.start && t.span.end <= text.length, "tokens in order, none overlapping");
      assert.equal(m.lines.positionAt(t.span.start).line, m.lines.positionAt(t.span.end).line, "each token on one line");
      tokenEnd = t.span.end;
    }
    assert.equal(svc.semanticTokens(m).data.length % 5, 0);
    svc.inlayHints(m).forEach((h) => assert.ok(inside({ start: h.position, end: h.position })));
    const step = Math.max(1, Math.floor(text.length / 80));
    for (let offset = 0; offset <= text.length; offset += step) {
      const p = m.lines.positionAt(offset);
      for (const item of svc.completion(m, p).items) assert.ok(inside(item.textEdit.range));
      const h = svc.hover(m, p);
      if (h?.range) assert.ok(inside(h.range));
      svc.definition(m, p).forEach((l) => assert.ok(inside(l.range)));
      svc.references(m, p, true).forEach((l) => assert.ok(inside(l.range)));
      svc.documentHighlights(m, p);
      svc.rename(m, p, "renamed");
      const at = m.lines.offsetAt(p); // `offset` may fall inside a CRLF
      for (let r: svc.SelectionRange | undefined = svc.selectionRanges(m, [p])[0]; r; r = r.parent) {
        const offsets = [m.lines.offsetAt(r.range.start), m.lines.offsetAt(r.range.end)];
        assert.ok(offsets[0] <= at && at <= offsets[1], "every selection range holds the position");
        if (r.parent)
          assert.ok(m.lines.offsetAt(r.parent.range.start) <= offsets[0] && offsets[1] <= m.lines.offsetAt(r.parent.range.end), "each inside its parent");
      }
    }
  }
});

test("every quick fix's edit applies cleanly and introduces no YAML syntax error", () => {
  let applied = 0;
  for (const text of variants()) {
    const m = model(text);
    const before = syntaxErrors(m);
    for (const d of svc.packDiagnostics(m)) {
      for (const action of svc.codeActions(m, d.range)) {
        const out = applyEdits(text, action.edit.changes[URI]);
        const after = model(out);
        assert.ok(syntaxErrors(after) <= before, `"${action.title}" keeps the YAML well-formed`);
        applied++;
      }
    }
  }
  assert.ok(applied > 50, `applied ${applied} fixes`);
});
