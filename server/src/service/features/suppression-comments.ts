import { CompletionItemKind, MarkupKind } from "vscode-languageserver-types";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { ruleDoc } from "../docs/rule-docs";
import { allRules } from "../rule-registry";
import type { CompletionList, Hover, Position } from "../types";

/** A suppression comment up to the cursor: `# packlint-KIND CODE, CODE` (before any ` -- reason`). */
const DIRECTIVE = /(?:^|\s)#\s*packlint-(disable-next-line|disable-file|disable|enable)\s+((?:(?!\s--(?:\s|$)).)*)$/;
const KIND_WORD = /(?:^|\s)#\s*packlint-([a-z-]*)$/;
const KINDS = ["disable-next-line", "disable", "enable", "disable-file"];

/** The word of rule-code characters around `character` on `line`: its start and end. */
function wordAt(line: string, character: number): { start: number; end: number } {
  let start = character;
  let end = character;
  while (start > 0 && /[\w-]/.test(line[start - 1])) start--;
  while (end < line.length && /[\w-]/.test(line[end])) end++;
  return { start, end };
}

function lineText(lines: TextDocument, line: number): string {
  return lines.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, "");
}

/**
 * Completion inside a suppression comment: the directive after `# packlint-`, rule codes after it (each with what it
 * checks); undefined elsewhere, so the kind's own completion answers.
 */
export function suppressionCompletion(lines: TextDocument, position: Position): CompletionList | undefined {
  const line = lineText(lines, position.line);
  const before = line.slice(0, position.character);
  const word = wordAt(line, position.character);
  const range = { start: { line: position.line, character: word.start }, end: { line: position.line, character: word.end } };
  const kind = KIND_WORD.exec(before);
  if (kind) {
    const start = position.character - kind[1].length;
    const r = { start: { line: position.line, character: start }, end: range.end };
    return {
      isIncomplete: false,
      items: KINDS.map((k) => ({ label: `packlint-${k}`, kind: CompletionItemKind.Keyword, textEdit: { range: r, newText: k }, filterText: k })),
    };
  }
  if (!DIRECTIVE.test(before)) return undefined;
  return {
    isIncomplete: false,
    items: allRules().map((r) => ({
      label: r.code,
      kind: CompletionItemKind.EnumMember,
      detail: `${r.severity} · ${r.origin === "reference" ? "reference rule" : "packlint"}`,
      documentation: { kind: MarkupKind.Markdown, value: r.summary },
      textEdit: { range, newText: r.code },
    })),
  };
}

/** Hover on a rule code inside a suppression comment: the rule's page in short; undefined elsewhere. */
export function suppressionHover(lines: TextDocument, position: Position): Hover | undefined {
  const line = lineText(lines, position.line);
  const word = wordAt(line, position.character);
  if (word.start === word.end || !DIRECTIVE.test(line.slice(0, word.start))) return undefined;
  const code = line.slice(word.start, word.end);
  const doc = ruleDoc(code);
  const range = { start: { line: position.line, character: word.start }, end: { line: position.line, character: word.end } };
  if (!doc) return { contents: { kind: MarkupKind.Markdown, value: `\`${code}\` is not a rule packlint knows: \`packlint rules\` lists them all.` }, range };
  const value = `**\`${doc.code}\`** · ${doc.severity} · ${doc.areaTitle}\n\n${doc.checks}\n\n**How to fix it:** ${doc.fix}`;
  return { contents: { kind: MarkupKind.Markdown, value }, range };
}
