import * as svc from "./pack";
import * as skill from "./skill-cases";
import type { DocumentKind } from "./types";
import { URI } from "vscode-uri";
import { inputSetReport, reportMarkdown } from "./report/input-set-report";
import { TextDocument } from "vscode-languageserver-textdocument";
import { diagnosticsOf } from "./diagnostics";
import { editorSizeFinding } from "./yaml/parse";

export type { DocumentKind };

/**
 * One document version as the server and the CLI see it, whatever its kind: the kind's model, built once, behind
 * the features it offers. Every kind takes the same inputs (LSP positions, ranges, rule settings) and gives the
 * same results. Features a kind lacks are left out and their requests get empty answers.
 */
export interface DocumentSession {
  readonly kind: DocumentKind;
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
  selectionRanges?(positions: readonly svc.Position[]): svc.SelectionRange[];
  /** Packs: semantic tokens (the legend is SEMANTIC_TOKENS_LEGEND); with `range`, those on its lines. */
  semanticTokens?(range?: svc.Range): svc.SemanticTokens;
  /** Packs: inlay hints; with `range`, those on its lines. */
  inlayHints?(range?: svc.Range): svc.InlayHint[];
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
  /** Case files: the cases a test runner lists, and the errors that stop a run. */
  testCases?(): skill.SkillTestCases;
  /** The session of the next version, from the content changes since this one; this session is used up. */
  update?(changes: readonly svc.TextChange[], version: number): DocumentSession;
}

/** What a document may read besides its text: a case file's Skill folder, through the server's confined host. */
export interface DocumentEnv {
  skillHost: skill.SkillHost;
}

/** A document kind: how to open a document of it, and what its models depend on. */
export interface DocumentLanguage {
  readonly kind: DocumentKind;
  /** What the kind is called in messages and reports. */
  readonly noun: string;
  /**
   * Whether a model depends on its text alone. A kind that also reads files beside it (through DocumentEnv) has
   * its models built again when the disk or the settings change.
   */
  readonly textOnly: boolean;
  open(text: string, uri: string, env: DocumentEnv): DocumentSession;
}

const challengePack: DocumentLanguage = {
  kind: "challenge-pack",
  noun: "Challenge pack",
  textOnly: true,
  open: (text, uri) => packSession(svc.buildPackModel(text, uri)),
};

function packSession(model: svc.PackModel): DocumentSession {
  return {
    kind: model.kind,
    update: (changes, version) => packSession(svc.updatePackModel(model, changes, version)),
    diagnostics: (rules) => svc.packDiagnostics(model, rules),
    completion: (p) => svc.suppressionCompletion(model.lines, p) ?? svc.completion(model, p),
    hover: (p) => svc.suppressionHover(model.lines, p) ?? svc.hover(model, p),
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
    selectionRanges: (positions) =>
      svc.selectionRanges(
        model,
        positions,
        [...model.symbols.declarations, ...model.symbols.references].map((e) => e.span),
      ),
    semanticTokens: (range) => svc.semanticTokens(model, range),
    inlayHints: (range) => svc.inlayHints(model, range),
    keySymbols: () => svc.keySymbols(model),
    assetPaths: () => svc.assetPathRefs(model),
    convertLegacyItems: () => svc.convertLegacyItems(model),
    inputSetReport: () => reportMarkdown(inputSetReport(model, URI.parse(model.lines.uri).fsPath)),
  };
}

/** Skill Testing case files, which read their Skill folder (SKILL.md, inputs.files) through the env's host. */
const skillCases: DocumentLanguage = {
  kind: "skill-cases",
  noun: "Skill case file",
  textOnly: false,
  open: (text, uri, env) => skillSession(skill.buildSkillModel(text, uri, env.skillHost)),
};

function skillSession(model: skill.SkillModel): DocumentSession {
  return {
    kind: model.kind,
    diagnostics: (rules) => skill.documentDiagnostics(model, rules),
    completion: (p) => svc.suppressionCompletion(model.lines, p) ?? skill.completion(model, p),
    hover: (p) => svc.suppressionHover(model.lines, p) ?? skill.hover(model, p),
    codeActions: (r, rules, only) => skill.codeActions(model, r, rules, only),
    symbols: () => skill.documentSymbols(model),
    // Paths are the Skill directory's, looked up through the model's confined host, not the pack resolver.
    links: () => skill.documentLinks(model),
    folding: (max) => svc.foldingRanges(model, max),
    selectionRanges: (positions) => svc.selectionRanges(model, positions),
    prompts: () => skill.promptsMarkdown(model.suite),
    testCases: () => skill.testCases(model),
    report: () => {
      const r = skill.skillReport(model);
      return r && { markdown: r.markdown, overall: r.report.overall };
    },
  };
}

/** The language of each document kind. */
export const languages: Record<DocumentKind, DocumentLanguage> = {
  "challenge-pack": challengePack,
  "skill-cases": skillCases,
};

/**
 * The session of an open document over the full-check limit (MAX_CHECKED_LENGTH), of either kind: its one
 * diagnostic says so, and depends on the text's size alone, so that a keystroke in it parses nothing.
 */
export function sizeOnlySession(kind: DocumentKind, text: string, uri: string): DocumentSession {
  const found = [editorSizeFinding(text)];
  // Lines counted only up to the finding (at the first key): not the whole text's, on every keystroke.
  const lines = TextDocument.create(uri, "yaml", 0, text.slice(0, found[0].span.end));
  return { kind, diagnostics: (rules) => diagnosticsOf(found, lines, rules.rules) };
}
