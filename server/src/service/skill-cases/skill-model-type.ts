import type { Document, YAMLMap } from "yaml";
import type { DocumentModel, Span } from "../types";
import type { SkillHost } from "./host";
import type { SkillLocation } from "./location";
import type { CaseSource, SkillSuite } from "./suite";
import type { YamlView } from "./yaml-view";

/**
 * One version of a Skill Testing case file: text, YAML AST, plain suite data, where each case was written,
 * where the Skill lives, and every finding. Built once per version; features read it and never reparse.
 */
export interface SkillModel extends DocumentModel<"skill-cases"> {
  readonly uri: string;
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
}
