import {
  ConvertLegacyItemsResult,
  DocumentKindParams,
  DocumentKindResult,
  DocumentStatus,
  Requests,
  SkillTestCases,
  SkillText,
  UriParams,
  WorkspaceValidation,
} from "../../../shared/src";
import type { DocumentSession } from "../service";
import { type ServerContext, sessionFor } from "./context";

/** The requests of packlint's own protocol (the VS Code extension's commands and status bar). */
export function registerCustomRequests(ctx: ServerContext): void {
  const { connection, documents, lifecycle, workspace } = ctx;
  const guard = lifecycle.guard.bind(lifecycle);

  connection.onRequest(
    Requests.documentKind,
    guard<DocumentKindParams, DocumentKindResult>("documentKind", { kind: null }, (p) => {
      const doc = documents.get(p?.uri);
      const text = doc?.getText() ?? (typeof p?.text === "string" ? p.text : undefined);
      const found = text === undefined ? undefined : workspace.scopes.kindsFor(p.uri).classify(p.uri, doc?.languageId ?? "yaml", text);
      return found ? { kind: found.kind, by: found.by } : { kind: null };
    }),
  );

  connection.onRequest(
    Requests.status,
    guard<UriParams, DocumentStatus>("status", { kind: null, errors: 0, warnings: 0, silenced: 0 }, (p) => {
      const doc = documents.get(p?.uri);
      const kind = (doc && workspace.scopes.kindsFor(doc.uri).kindOf(doc.uri, doc.languageId, doc.getText())) ?? null;
      const found = (doc && ctx.diagnostics.levelled(doc)) ?? { diagnostics: [], silenced: [] };
      const count = (severity: string) => found.diagnostics.filter((d) => d.severity === severity).length;
      return { kind, errors: count("error"), warnings: count("warning"), silenced: found.silenced.length };
    }),
  );

  connection.onRequest(
    Requests.validateWorkspace,
    guard<unknown, WorkspaceValidation>("validateWorkspace", { files: 0, filesWithErrors: 0, errors: 0, warnings: 0, silenced: 0 }, (_, token) =>
      workspace.validate(token),
    ),
  );

  connection.onRequest(
    Requests.convertLegacyItems,
    guard<UriParams, ConvertLegacyItemsResult>("convertLegacyItems", { changes: 0, applied: false }, async (p) => {
      const edit = sessionFor(ctx, p?.uri)?.convertLegacyItems?.();
      if (!edit) return { changes: 0, applied: false };
      const changes = Object.values(edit.changes).reduce((n, edits) => n + edits.length, 0);
      const result = await connection.workspace.applyEdit({ label: "Convert legacy items to cases", edit });
      return { changes, applied: result.applied };
    }),
  );

  const skillText = (name: string, make: (s: DocumentSession) => SkillText | undefined) =>
    guard<UriParams, SkillText>(name, { markdown: null, error: `${name} failed` }, (p) => {
      const session = sessionFor(ctx, p?.uri);
      return (session && make(session)) ?? { markdown: null, error: "The document is not an open Skill Testing case file (tests/skill_cases.yaml)." };
    });
  connection.onRequest(
    Requests.skillPrompts,
    skillText("skillPrompts", (s) => (s.prompts ? { markdown: s.prompts() } : undefined)),
  );
  connection.onRequest(
    Requests.skillReport,
    skillText("skillReport", (s) => {
      if (!s.report) return undefined;
      const r = s.report();
      return r
        ? { markdown: r.markdown, overall: r.overall }
        : { markdown: null, error: "The case file is not saved in a folder, so it has no responses to read." };
    }),
  );

  connection.onRequest(
    Requests.skillTestCases,
    guard<UriParams, SkillTestCases>("skillTestCases", { skill: null, cases: [], errors: [] }, (p) => {
      const found = sessionFor(ctx, p?.uri)?.testCases?.();
      return found ?? { skill: null, cases: [], errors: [] };
    }),
  );

  connection.onRequest(
    Requests.inputSetReport,
    guard<UriParams, SkillText>("inputSetReport", { markdown: null, error: "inputSetReport failed" }, (p) => {
      const report = sessionFor(ctx, p?.uri)?.inputSetReport?.();
      return report === undefined ? { markdown: null, error: "The document is not an open challenge pack." } : { markdown: report };
    }),
  );
}
