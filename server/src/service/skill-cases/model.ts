import { capFindings } from "../diagnostics";
import { TextDocument } from "vscode-languageserver-textdocument";
import { limitFindings, parseYaml, rootAnchor } from "../yaml/parse";
import { MAX_CHECKED_LENGTH } from "../yaml/limits";
import type { Finding } from "../types";
import type { SkillHost } from "./host";
import { locate } from "./location";
import { syntaxFindings } from "./syntax";
import { syntaxCauses } from "../yaml/syntax-causes";
import { keepsOutsideBroken } from "./broken-parts";
import { readSuite } from "./suite";
import { YamlView } from "./yaml-view";
import { skillRules } from "./rules";
import { SkillRuleContext } from "./rules/context";
import { pushAll } from "../util/arrays";
import type { SkillModel } from "./skill-model-type";

export type { SkillModel } from "./skill-model-type";

/** The model of a case file; what it reads of its Skill folder goes through `host`, which the caller chooses. */
export function buildSkillModel(text: string, uri: string, host: SkillHost): SkillModel {
  const parsed = parseYaml(text);
  const anchor = rootAnchor(parsed.doc, text);
  // An oversized file is only parsed: its findings are the syntax errors and the notice.
  const oversized = text.length > MAX_CHECKED_LENGTH;
  const doc = oversized ? undefined : parsed.doc;
  const view = new YamlView(doc, text);
  const root = view.asMap(doc?.contents ?? null);
  const { suite, sources } = readSuite(view, root);
  // One diagnostic per cause, where the author made it (model/syntax-causes.ts), as for packs.
  const causes = syntaxCauses(text, parsed.doc, parsed.syntax);
  const findings: Finding[] = [...syntaxFindings(text, causes.problems), ...limitFindings(text, parsed, anchor)];
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
  // A line with a syntax error already says what is wrong there; what the rules read of it is noise, and so is
  // what they say about the parts that did not parse.
  const brokenLines = new Set(findings.map((f) => model.lines.positionAt(f.span.start).line));
  pushAll(
    findings,
    ctx.findings.filter((f) => !brokenLines.has(model.lines.positionAt(f.span.start).line) && keepsOutsideBroken(view, causes.broken, f)),
  );
  capFindings(findings);
  return model;
}
