import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The broken documents of issue 15, each a valid pack (test/fixtures/broken/base.pack.yaml) with one mistake,
 * as a new user makes them, and what packlint must report: the first diagnostic at the mistake, no knock-ons,
 * nothing false about keys that are written.
 */
export interface BrokenCase {
  name: string;
  text: string;
  /** The first diagnostic: its code and 1-based line:column. */
  first: { code: string; at: string; message?: string };
  /** Related information of the first diagnostic (1-based line:column), when it has one. */
  related?: string;
  /** Every diagnostic of the service (the CLI adds none: the asset file exists), as code@line:column. */
  all: string[];
}

export const BASE = readFileSync(join(__dirname, "../../../test/fixtures/broken/base.pack.yaml"), "utf8");

/** The base with 1-based line `n` replaced by `f(line)` (lines can be several, joined with \n). */
export function editLine(n: number, f: (line: string) => string, text = BASE): string {
  const lines = text.split("\n");
  lines[n - 1] = f(lines[n - 1]);
  return lines.join("\n");
}

const MULTIPLE_SETS = "multiple-input-sets@41:1";

export const BROKEN_CASES: BrokenCase[] = [
  {
    name: "one tab used for indentation",
    text: editLine(9, (l) => l.replace("  number", "\tnumber")),
    first: { code: "yaml-syntax", at: "9:1", message: "Tabs are not allowed as indentation" },
    // The rest of the document still parses (tab-recovery.ts): its checks still run.
    all: ["yaml-syntax@9:1", MULTIPLE_SETS],
  },
  {
    name: "a closing quote missing in a challenge",
    text: editLine(30, (l) => l.replace("title: ", 'title: "')),
    first: { code: "yaml-syntax", at: "30:12", message: 'this " opens a quoted value that is never closed: add the closing "' },
    related: "72:1",
    all: ["yaml-syntax@30:12"],
  },
  {
    name: "a closing quote missing in pack:",
    text: editLine(4, (l) => l.replace("name: ", 'name: "')),
    first: { code: "yaml-syntax", at: "4:9" },
    related: "72:1",
    all: ["yaml-syntax@4:9"],
  },
  {
    name: "a key indented one space too far",
    text: editLine(4, (l) => " " + l),
    first: { code: "yaml-syntax", at: "4:4", message: "bad indentation: this line is indented 3 spaces, the key above it 2" },
    all: ["yaml-syntax@4:4", MULTIPLE_SETS],
  },
  {
    name: "a key indented one space too far, where its value would decode as the wrong type",
    text: editLine(10, (l) => " " + l),
    first: { code: "yaml-syntax", at: "10:4" },
    all: ["yaml-syntax@10:4", MULTIPLE_SETS],
  },
  {
    name: "a flow list left open, and an indentation error further down",
    text: editLine(
      36,
      (l) => " " + l,
      editLine(20, (l) => l + " [a, b"),
    ),
    first: { code: "yaml-syntax", at: "20:17", message: "this [ opens a list that is never closed: add the closing ]" },
    related: "25:5",
    all: ["yaml-syntax@20:17", "yaml-syntax@36:6", MULTIPLE_SETS],
  },
  {
    name: "a flow list left open at the end of a section",
    text: editLine(26, (l) => l.replace("]", "")),
    first: { code: "yaml-syntax", at: "26:19" },
    related: "28:12",
    all: ["yaml-syntax@26:19", MULTIPLE_SETS],
  },
  {
    name: "a flow mapping left open",
    text: editLine(15, (l) => l.replace("media_type: application/pdf", "media_type: {type: application/pdf")),
    first: { code: "yaml-syntax", at: "15:19", message: "this { opens a mapping that is never closed: add the closing }" },
    all: ["yaml-syntax@15:19", MULTIPLE_SETS],
  },
  {
    name: "a tab before a list item",
    text: editLine(46, (l) => "\t" + l),
    first: { code: "yaml-syntax", at: "46:1" },
    all: ["yaml-syntax@46:1"],
  },
  {
    // The parser reports all 600 unclosed lists where it gave up (the CLI's test runs the 10,000 once:
    // the yaml package overflows its stack on documents that deep, and a second one can take the process down).
    name: "one line of 600 [",
    text: "[".repeat(600) + "\n",
    first: { code: "yaml-syntax", at: "1:1", message: "this [ opens a list that is never closed: add the closing ]" },
    related: "2:1",
    all: ["yaml-syntax@1:1", "yaml-nesting-too-deep@1:501"],
  },
  {
    name: "text after a ... document end marker",
    text: editLine(40, (l) => `${l}\n...`),
    first: { code: "ignored-text", at: "42:1" },
    all: ["ignored-text@42:1"],
  },
  {
    name: "a second document",
    text: editLine(40, (l) => `${l}\n---`),
    first: { code: "ignored-text", at: "41:1" },
    all: ["ignored-text@41:1"],
  },
];

/** Keys a case writes: no diagnostic may say that one of these is required. */
export const WRITTEN_KEYS = ["slug", "name", "family", "number", "category", "difficulty", "key", "title", "cases", "challenges", "version", "evaluation_spec"];

/** Does a diagnostic (field and message) claim that a written key is missing? */
export function claimsWrittenKeyMissing(d: { field: string | null; message: string }): boolean {
  if (!d.field || !/is required|must contain at least one|must be greater than 0|must be one of/.test(d.message)) return false;
  const last = d.field
    .replace(/\[\d+\]/g, "")
    .split(".")
    .pop()!;
  return WRITTEN_KEYS.includes(last);
}
