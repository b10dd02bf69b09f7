import type { Document, YAMLMap } from "yaml";
import { TextDocument } from "vscode-languageserver-textdocument";
import { parseYaml, rootAnchor } from "../model/parse";
import { limitFindings, MAX_CHECKED_LENGTH } from "../model/limits";
import type { Finding } from "../rules/context";
import type { Span } from "../types";
import { nodeHost, SkillHost } from "./host";
import { locate, SkillLocation } from "./location";
import { syntaxFindings } from "./syntax";
import { CaseSource, readSuite, SkillSuite } from "./suite";
import { YamlView } from "./yaml-view";
import { skillRules } from "./rules";
import { SkillRuleContext } from "./rules/context";
import { pushAll } from "../util/arrays";

/**
 * One version of a Skill Testing case file: text, YAML AST, plain suite data, where each case was written,
 * where the Skill lives, and every finding. Built once per version; features read it and never reparse.
 */
export interface SkillModel {
  readonly kind: "skill-cases";
  readonly uri: string;
  readonly text: string;
  readonly lines: TextDocument;
  readonly yaml: Document.Parsed | undefined;
  readonly view: YamlView;
  /** The top-level mapping; null when the document is empty or not a mapping. */
  readonly root: YAMLMap | null;
  /** Where to report a problem with the document as a whole. */
  readonly rootAnchor: Span;
  readonly suite: SkillSuite;
  readonly cases: readonly CaseSource[];
  readonly location: SkillLocation;
  readonly host: SkillHost;
  readonly findings: readonly Finding[];
}

export function buildSkillModel(text: string, uri = "untitled:skill_cases.yaml", host: SkillHost = nodeHost): SkillModel {
  const parsed = parseYaml(text);
  const anchor = rootAnchor(parsed.doc, text);
  // An oversized file is only parsed: its findings are the syntax errors and the notice.
  const oversized = text.length > MAX_CHECKED_LENGTH;
  const doc = oversized ? undefined : parsed.doc;
  const view = new YamlView(doc, text);
  const root = view.asMap(doc?.contents ?? null);
  const { suite, sources } = readSuite(view, root);
  const findings: Finding[] = [...syntaxFindings(text, parsed.syntax), ...limitFindings(text, parsed, anchor)];
  const model: SkillModel = {
    kind: "skill-cases",
    uri,
    text,
    lines: TextDocument.create(uri, "yaml", 0, text),
    yaml: doc,
    view,
    root,
    rootAnchor: anchor,
    suite,
    cases: sources,
    location: locate(uri, host),
    host,
    findings,
  };
  const ctx = new SkillRuleContext(model);
  if (!oversized) for (const rule of skillRules) rule(ctx);
  // A line with a syntax error already says what is wrong there; what the rules read of it is noise.
  const broken = new Set(findings.map((f) => model.lines.positionAt(f.span.start).line));
  pushAll(findings, ctx.findings.filter((f) => !broken.has(model.lines.positionAt(f.span.start).line)));
  return model;
}
