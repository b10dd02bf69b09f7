import type { Advisory } from "../rules/context";
import { unknownKeyAdvisory } from "./unknown-keys";
import { legacyItemsAdvisory } from "./legacy-items";
import { keyStyleAdvisory } from "./key-style";
import { inputSetIntentAdvisory } from "./input-set-intent";
import { ciDeterminismAdvisory } from "./ci-determinism";
import { duplicateCasesAdvisory } from "./duplicate-cases";
import { expectationAdvisory } from "./expectations";
import { inputSetSelectionAdvisory } from "./input-set-selection";
import { evidenceKeyAdvisory } from "./evidence-keys";

/** Our own checks beyond the reference: never errors, so they never change the verdict. Each has its own code. */
export const advisoryRules: readonly Advisory[] = [
  unknownKeyAdvisory,
  legacyItemsAdvisory,
  keyStyleAdvisory,
  inputSetIntentAdvisory,
  ciDeterminismAdvisory,
  duplicateCasesAdvisory,
  expectationAdvisory,
  inputSetSelectionAdvisory,
  evidenceKeyAdvisory,
];
