import * as svc from ".";
import * as skill from "./skill-cases";
import { URI } from "vscode-uri";
import { inputSetReport, reportMarkdown } from "./report/input-set-report";
import { TextDocument } from "vscode-languageserver-textdocument";
import { diagnosticsOf } from "./diagnostics";
import { editorSizeFinding } from "./model/parse";

/** The document kinds the service understands. */
export type DocumentKind = "challenge-pack" | "skill-cases";

/**
 * One document version as the server sees it, whatever its kind: the kind's model, built once, behind the
 * features it offers. Features a kind lacks are left out and their requests get empty answers.
 */
export interface DocumentSession {
  diagnostics(rules: svc.RuleSettings): svc.PackDiagnostic[];
  completion?(position: svc.Position): svc.CompletionList;
  hover?(position: svc.Position): svc.Hover | null;
  definition?(position: svc.Position): svc.Location[];
  references?(position: svc.Position, includeDeclaration: boolean): svc.Location[];
  highlights?(position: svc.Position): svc.DocumentHighlight[];
  prepareRename?(position: svc.Position): svc.PrepareRenameResult | null;
  rename?(position: svc.Position, newName: string): svc.RenameResult | null;
  codeActions?(range: svc.Range, rules: svc.RuleSettings, only?: readonly string[]): svc.CodeAction[];
  symbols?(): svc.DocumentSymbol[];
  folding?(max?: number): svc.FoldingRange[];
  lenses?(commands: svc.LensCommands): svc.CodeLens[];
  links?(resolve: (path: string) => string | undefined): svc.DocumentLink[];
  /** Packs: the challenge, input set, case and validator keys (workspace symbols). */
  keySymbols?(): svc.KeySymbol[];
  /** Packs: the file paths written (assets, case inputs), for the asset check. */
  assetPaths?(): svc.AssetPathRef[];
  /** Packs: every legacy `items`/`item_key` rewritten; null when there is none. */
  convertLegacyItems?(): svc.WorkspaceEdit | null;
  /** Packs: the input-set report as Markdown. */
  inputSetReport?(): string;
  /** Case files: the dry-run prompts as Markdown. */
  prompts?(): string;
  /** Case files: the Skill Test Report from the responses on disk; undefined when the file has no folder. */
  report?(): { markdown: string; overall: string } | undefined;
  /** The session of the next version, from the content changes since this one; this session is used up. */
  update?(changes: readonly svc.TextChange[], version: number): DocumentSession;
}

/** What a document may read besides its text: a case file's Skill folder, through the server's confined host. */
export interface DocumentEnv {
  skillHost: skill.SkillHost;
}

export type DocumentLanguage = (text: string, uri: string, env: DocumentEnv) => DocumentSession;

const challengePack: DocumentLanguage = (text, uri) => packSession(svc.buildPackModel(text, uri));

function packSession(model: svc.PackModel): DocumentSession {
  return {
    update: (changes, version) => packSession(svc.updatePackModel(model, changes, version)),
    diagnostics: (rules) => svc.packDiagnostics(model, rules),
    completion: (p) => svc.completion(model, p),
    hover: (p) => svc.hover(model, p),
    definition: (p) => svc.definition(model, p),
    references: (p, decl) => svc.references(model, p, decl),
    highlights: (p) => svc.documentHighlights(model, p),
    prepareRename: (p) => svc.prepareRename(model, p),
    rename: (p, name) => svc.rename(model, p, name),
    codeActions: (r, rules, only) => svc.codeActions(model, r, rules, only),
    symbols: () => svc.documentSymbols(model),
    folding: (max) => svc.foldingRanges(model, max),
    lenses: (commands) => svc.codeLenses(model, commands),
    links: (resolve) => svc.documentLinks(model, resolve),
    keySymbols: () => svc.keySymbols(model),
    assetPaths: () => svc.assetPathRefs(model),
    convertLegacyItems: () => svc.convertLegacyItems(model),
    inputSetReport: () => reportMarkdown(inputSetReport(model, URI.parse(model.lines.uri).fsPath)),
  };
}

/** Skill Testing case files: the case-file service works on offsets; positions are converted here. */
const skillCases: DocumentLanguage = (text, uri, env) => {
  const model = skill.buildSkillModel(text, uri, env.skillHost);
  const offset = (p: svc.Position) => model.lines.offsetAt(p);
  return {
    diagnostics: (rules) => skill.skillDiagnostics(model, rules),
    completion: (p) => ({ isIncomplete: false, items: skill.completion(model, offset(p)) }),
    hover: (p) => skill.hover(model, offset(p)) ?? null,
    codeActions: (r, rules) => skill.codeActions(model, r, skill.skillDiagnostics(model, rules)),
    prompts: () => skill.promptsMarkdown(model.suite),
    report: () => {
      const r = skill.skillReport(model);
      return r && { markdown: r.markdown, overall: r.report.overall };
    },
  };
};

/** The language of each document kind. */
export const languages: Record<DocumentKind, DocumentLanguage> = {
  "challenge-pack": challengePack,
  "skill-cases": skillCases,
};

/**
 * The session of an open document over the full-check limit (MAX_CHECKED_LENGTH), of either kind: its one
 * diagnostic says so, and depends on the text's size alone, so that a keystroke in it parses nothing.
 */
export function sizeOnlySession(text: string, uri: string): DocumentSession {
  const found = [editorSizeFinding(text)];
  // Lines counted only up to the finding (at the first key): not the whole text's, on every keystroke.
  const lines = TextDocument.create(uri, "yaml", 0, text.slice(0, found[0].span.end));
  return { diagnostics: (rules) => diagnosticsOf(found, lines, rules.rules) };
}
