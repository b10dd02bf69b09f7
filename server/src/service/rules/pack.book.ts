import type { RuleBook } from "../types";

/** The rules of `pack.ts`: their pages' text and the examples that show and test them. */
export const packBook: RuleBook = [
  {
    code: "pack-slug-required",
    checks: "`pack.slug` must be set to a non-blank value.",
    why: "The slug identifies the pack when it is published and when runs are started; without it the pack is rejected.",
    fix: "Add a short, URL-safe identifier that stays the same across versions.",
    wrong: "⟦pack⟧:\n  name: Refund Support\n  family: support",
    right: "pack:\n  slug: refund-support\n  name: Refund Support\n  family: support",
  },
  { code: "pack-name-required", wrong: 'pack:\n  name: ⟦""⟧', right: "pack:\n  name: refund-support" },
  { code: "pack-family-required", wrong: 'pack:\n  family: ⟦""⟧', right: "pack:\n  family: support" },
  {
    code: "version-number-positive",
    checks: "`version.number` must be a whole number greater than 0 (leaving it out counts as 0).",
    why: "Each published revision of a pack is identified by its version number; 0 or a negative number is rejected.",
    fix: "Start at 1 and increase the number with every published change.",
    wrong: "version:\n  number: ⟦0⟧",
    right: "version:\n  number: 1",
  },
];
