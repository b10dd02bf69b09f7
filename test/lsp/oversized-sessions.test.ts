import { test } from "node:test";
import assert from "node:assert/strict";
import { Parser } from "yaml";
import { TextDocument, type TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";
import { Sessions } from "../../server/src/lsp/sessions";
import { PendingChanges } from "../../server/src/lsp/pending-changes";
import { MAX_CHECKED_LENGTH } from "../../server/src/service/yaml/limits";
import { emptyHost } from "../../server/src/service/skill-cases";
import type { DocumentKind } from "../../server/src/service/languages";
import { pack } from "../helpers/packs";

/**
 * An open document over the full-check limit: its diagnostic depends on its size alone, so keystrokes parse
 * nothing (work is counted in parses of the yaml package, every route to it). Before, every version was parsed
 * whole for its syntax: 13–15 s and 2 GB per keystroke at 8 MB.
 */

/** Counts every parse of the yaml package (parseAllDocuments, parseDocument and the incremental splice all run a Parser). */
function countingParses(): { parses: number; chars: number; restore(): void } {
  const original = Parser.prototype.parse;
  const counts = {
    parses: 0,
    chars: 0,
    restore: () => {
      Parser.prototype.parse = original;
    },
  };
  Parser.prototype.parse = function* (this: Parser, source: string, incomplete?: boolean) {
    counts.parses++;
    counts.chars += source.length;
    yield* original.call(this, source, incomplete);
  };
  return counts;
}

function session(kind: DocumentKind) {
  const pending = new PendingChanges();
  const logged: unknown[] = [];
  const sessions = new Sessions(pending, { kindOf: () => kind, skillHost: () => emptyHost, log: (_what, e) => logged.push(e), built: () => undefined });
  return { pending, sessions, logged };
}

const padding = (chars: number) => "# padding, never read by anyone\n".repeat(Math.ceil(chars / 32));

for (const kind of ["challenge-pack", "skill-cases"] as const) {
  test(`${kind}: over the limit, 50 keystrokes parse nothing and report only the size`, () => {
    const head = kind === "challenge-pack" ? pack() : "version: 1\nskill:\n  name: x\ncases: []\n";
    const text = head + "broken: [\n" + padding(MAX_CHECKED_LENGTH);
    assert.ok(text.length > MAX_CHECKED_LENGTH);
    const { pending, sessions, logged } = session(kind);
    let doc = TextDocument.create(`untitled:big.${kind}.yaml`, "yaml", 1, text);
    const counts = countingParses();
    try {
      for (let version = 2; version <= 51; version++) {
        const line = doc.lineCount - 2;
        const changes: TextDocumentContentChangeEvent[] = [{ range: { start: { line, character: 2 }, end: { line, character: 2 } }, text: "x" }];
        pending.record(doc.uri, doc.version, version, changes);
        doc = TextDocument.update(doc, changes, version);
        const d = sessions.of(doc)!.diagnostics({});
        assert.deepEqual(
          d.map((x) => [x.code, x.severity]),
          [["document-too-large", "warning"]],
        );
        assert.match(
          d[0].message,
          /^this document is 8(\.\d)? MB, over the 8 MB packlint checks in the editor: it is not checked here; the packlint command checks its YAML syntax$/,
        );
      }
      assert.equal(counts.parses, 0, `${counts.parses} parses of ${counts.chars} characters`);

      // Back under the limit, the document is checked in full again: one parse.
      const end = doc.positionAt(doc.getText().length);
      const changes = [{ range: { start: doc.positionAt(head.length), end }, text: "" }];
      pending.record(doc.uri, doc.version, 52, changes);
      doc = TextDocument.update(doc, changes, 52);
      const d = sessions.of(doc)!.diagnostics({});
      assert.ok(!d.some((x) => x.code === "document-too-large"), JSON.stringify(d));
      assert.equal(counts.parses, 1);
      assert.deepEqual(logged, []);
    } finally {
      counts.restore();
    }
  });
}
