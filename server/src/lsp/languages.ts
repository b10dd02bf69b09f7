import * as svc from "../service";
import type { DocumentKind } from "../../../shared/src";

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
  prepareRename?(position: svc.Position): { range: svc.Range; placeholder: string } | null;
  rename?(position: svc.Position, newName: string): svc.RenameResult | null;
  codeActions?(range: svc.Range, rules: svc.RuleSettings): svc.CodeAction[];
  symbols?(): svc.DocumentSymbol[];
  folding?(): svc.FoldingRange[];
  lenses?(): svc.CodeLens[];
  links?(resolve: (path: string) => string | undefined): svc.DocumentLink[];
}

export type DocumentLanguage = (text: string, uri: string) => DocumentSession;

const challengePack: DocumentLanguage = (text, uri) => {
  const model = svc.buildPackModel(text, uri);
  return {
    diagnostics: (rules) => svc.packDiagnostics(model, rules),
    completion: (p) => svc.completion(model, p),
    hover: (p) => svc.hover(model, p),
    definition: (p) => svc.definition(model, p),
    references: (p, decl) => svc.references(model, p, decl),
    highlights: (p) => svc.documentHighlights(model, p),
    prepareRename: (p) => svc.prepareRename(model, p),
    rename: (p, name) => svc.rename(model, p, name),
    codeActions: (r, rules) => svc.codeActions(model, r, rules),
    symbols: () => svc.documentSymbols(model),
    folding: () => svc.foldingRanges(model),
    lenses: () => svc.codeLenses(model),
    links: (resolve) => svc.documentLinks(model, resolve),
  };
};

/**
 * The language of each document kind. Skill Testing case files (`tests/skill_cases.yaml`) are recognised
 * already; their language service plugs in here as `"skill-cases"`.
 */
export const languages: Partial<Record<DocumentKind, DocumentLanguage>> = {
  "challenge-pack": challengePack,
};
