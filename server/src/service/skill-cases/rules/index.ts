import { assertionRule } from "./assertion-rule";
import type { SkillRule } from "./context";
import { duplicateKeyRule } from "./duplicate-keys";
import { idRule } from "./ids";
import { inputFilesRule } from "./input-files";
import { shapeRule } from "./shape";
import { routeRule, triggerAssertionRule, triggerCoverageRule } from "./suite-rules";
import { enumRule, placeholderRule, skillMdNameRule, skillNameRule } from "./values";

/** Every case-file rule. Diagnostics are sorted by position afterwards, so the order here is only for reading. */
export const skillRules: SkillRule[] = [
  duplicateKeyRule,
  shapeRule,
  enumRule,
  idRule,
  skillNameRule,
  skillMdNameRule,
  placeholderRule,
  triggerCoverageRule,
  routeRule,
  triggerAssertionRule,
  assertionRule,
  inputFilesRule,
];
