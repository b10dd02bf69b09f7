import type { RuleBook } from "../types";

/** The rules of `pattern-budget.ts`: their pages' text and the examples that show and test them. */
export const patternBudgetBook: RuleBook = [
  {
    code: "pattern-too-large",
    checks:
      "A regular expression in the pack is over 10,000 characters long. packlint checks that AgentClash accepts each pattern by compiling it, which takes up to a second for a pattern of hundreds of kilobytes, so it does not compile one this long.",
    why: "A pattern that AgentClash rejects makes it reject the pack; this one was not checked, so such a mistake in it goes unreported.",
    fix: "Shorten the pattern (a list of alternatives can often become a character class or several shorter patterns), or turn the warning off for this file if the pattern is meant to be this long.",
    notTested: "needs a pattern of over 10,000 characters",
  },
];
