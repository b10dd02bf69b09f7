import type { RuleBook } from "../types";
import { indent, pair, markIn } from "../util/excerpt";

const deployment = (wrong: string, right: string) =>
  pair(`version:\n  deployment_defaults:\n${indent(wrong, 4)}`, `version:\n  deployment_defaults:\n${indent(right, 4)}`);
const ALIASES = "aliases:\n  fast: openai/gpt-4o-mini\n";

/** The rules of `deployment-defaults.ts`: their pages' text and the examples that show and test them. */
export const deploymentDefaultsBook: RuleBook = [
  {
    code: "deployment-alias-key-required",
    ...deployment('aliases:\n  ⟦""⟧: openai/gpt-4o-mini\nlineups:\n  default: [fast]\n', ALIASES + "lineups:\n  default: [fast]\n"),
  },
  {
    code: "deployment-alias-selector-required",
    ...deployment('aliases:\n  fast: ⟦""⟧\nlineups:\n  default: [fast]\n', ALIASES + "lineups:\n  default: [fast]\n"),
  },
  { code: "deployment-lineups-empty", ...markIn(deployment(ALIASES, ALIASES + "lineups:\n  default: [fast]\n"), "deployment_defaults") },
  { code: "deployment-lineup-default-required", ...deployment(ALIASES + "⟦lineups⟧:\n  quick: [fast]\n", ALIASES + "lineups:\n  default: [fast]\n") },
  {
    code: "deployment-lineup-key-required",
    ...deployment(ALIASES + 'lineups:\n  default: [fast]\n  ⟦""⟧: [fast]\n', ALIASES + "lineups:\n  default: [fast]\n  quick: [fast]\n"),
  },
  { code: "deployment-lineup-empty", ...deployment(ALIASES + "lineups:\n  default: ⟦[]⟧\n", ALIASES + "lineups:\n  default: [fast]\n") },
  { code: "deployment-lineup-selector-required", ...deployment(ALIASES + 'lineups:\n  default: [fast, ⟦""⟧]\n', ALIASES + "lineups:\n  default: [fast]\n") },
];
