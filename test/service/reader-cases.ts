import { pack } from "../helpers/packs";

/** What the reference reports when the document it reads has none of a pack's sections. */
const EVERY_SECTION_MISSING = [
  "pack.slug is required",
  "pack.name is required",
  "pack.family is required",
  "version.number must be greater than 0",
  "challenges must contain at least one challenge",
  "version.evaluation_spec.name is required",
  "version.evaluation_spec.version_number must be greater than 0",
  "version.evaluation_spec.judge_mode must be one of deterministic, llm_judge, hybrid",
  "version.evaluation_spec.validators must contain at least one validator",
  "version.evaluation_spec.scorecard.dimensions must contain at least one dimension",
];

/**
 * Texts where the reference's YAML reader (yaml.v3, YAML 1.1) and the yaml package (YAML 1.2) read differently,
 * each with the reference validator's verdict (recorded by running it): "decode" when the file fails to decode,
 * else the set of `field message` errors (empty: valid).
 */
export interface ReaderCase {
  name: string;
  text: string;
  want: "decode" | string[];
}

const P = pack();
const swap = (from: string | RegExp, to: string) => {
  const text = P.replace(from, to);
  if (text === P) throw new Error(`fixture: ${from} not found`);
  return text;
};

/**
 * P, then `before`, `x`s up to a U+FEFF whose bytes start at UTF-8 byte offset `at`, then `after`: where the mark
 * falls against the reference reader's 512-byte blocks decides whether it makes the reader skip characters.
 */
const markAt = (at: number, before: string, after: string) => {
  const fill = at - new TextEncoder().encode(P + before).length;
  if (fill < 0) throw new Error(`fixture: byte ${at} is before the mark's line`);
  return P + before + "x".repeat(fill) + "\uFEFF" + after;
};

/** The head section with `pack:` deleted: the root is the indented mapping under it. */
const HEADLESS = P.replace("pack:\n", "");

export const readerCases: ReaderCase[] = [
  // A tab at the start of a line (comment or blank lines included) fails the file; after a value or a colon it is a blank.
  { name: "tab before a comment line", text: swap("  name: Support Eval\n", "  name: Support Eval\n\t    # note\n"), want: "decode" },
  { name: "tab-only line after a key", text: swap("version:\n", "version:\n\t\n"), want: "decode" },
  { name: "tab before the first comment", text: "\t# note\n" + P, want: "decode" },
  { name: "tab after a quoted value, then a tab line", text: swap("  name: Support Eval\n", '  name: "Support Eval"\n\t# note\n'), want: "decode" },
  { name: "tab-only and tab-comment lines after a comment", text: "# about\n\t\n\t# more\n" + P, want: [] },
  { name: "tab after a value", text: swap("  name: Support Eval\n", "  name: Support Eval\t\n"), want: [] },
  { name: "tab after a colon", text: swap("  name: Support Eval\n", "  name:\tSupport Eval\n"), want: [] },
  // YAML 1.1 line breaks: NEL, LS, PS.
  { name: "LS inside a value breaks its line", text: swap("category: support", "category: sup\u2028port"), want: "decode" },
  { name: "LS ends a comment", text: swap("  name: Support Eval\n", "  name: Support Eval # note\u2028x\n"), want: "decode" },
  { name: "PS inside a value breaks its line", text: swap("category: support", "category: sup\u2029port"), want: "decode" },
  { name: "NEL as every line break", text: P.replace(/\n/g, "\u0085"), want: [] },
  { name: "LS starting an indented line is a blank line", text: swap("  family: support", "\u2028  family: support"), want: [] },
  // Directives: only %YAML 1.1, once; %TAG handles once; no other directive.
  { name: "%YAML 1.2", text: "%YAML 1.2\n---\n" + P, want: "decode" },
  { name: "%YAML 1.1", text: "%YAML 1.1\n---\n" + P, want: [] },
  { name: "duplicate %YAML", text: "%YAML 1.1\n%YAML 1.1\n---\n" + P, want: "decode" },
  { name: "duplicate %TAG", text: "%TAG !a! tag:example.com,2000:\n%TAG !a! tag:example.com,2000:\n---\n" + P, want: "decode" },
  { name: "unknown directive", text: "%FOO bar\n---\n" + P, want: "decode" },
  // Scalars and tags.
  { name: "lone surrogate escape", text: swap("family: support", 'family: "sup\\ud800port"'), want: "decode" },
  { name: "escape past U+10FFFF", text: swap("family: support", 'family: "sup\\U00110000port"'), want: "decode" },
  { name: "astral escape", text: swap("family: support", 'family: "sup\\U0001F600port"'), want: [] },
  { name: "empty verbatim tag", text: swap("family: support", "family: !<> support"), want: "decode" },
  { name: "verbatim str tag", text: swap("family: support", "family: !<tag:yaml.org,2002:str> support"), want: [] },
  { name: "multi-line quoted key in a block mapping", text: swap("  name: Support Eval", '  "na\n  me": Support Eval'), want: "decode" },
  { name: "multi-line quoted key in a flow mapping", text: P + 'notes: {"multi\n  line": 1}\n', want: "decode" },
  { name: "multi-line quoted key after ? in a flow mapping", text: P + 'notes: {? "multi\n  line" : 1}\n', want: [] },
  { name: "flow continuation indented less than its mapping", text: swap("dimensions: [correctness]", "dimensions: [\ncorrectness]"), want: [] },
  { name: "quoted continuation indented less than its mapping", text: swap("category: support", 'category: "sup\nport"'), want: [] },
  {
    name: "BOM at column 0 mid-file is part of the key",
    text: swap("challenges:\n", "\ufeffchallenges:\n"),
    want: ["challenges must contain at least one challenge", "input_sets[0].cases[0].challenge_key must reference a declared challenge"],
  },
  // Only the first document's root node is read.
  { name: "... x ends the document", text: P + "... x\n", want: [] },
  { name: "text after ... is never read", text: P + "...\nnext: 1\nmore: 2\n}}} not: [yaml\n\t\n", want: [] },
  // yaml.v3 scans two tokens past the parser (for comments): errors there still fail the file.
  { name: "the two tokens after ... are scanned", text: P + "... x\n}}} not: [yaml\n", want: "decode" },
  { name: "an unterminated quote right after ...", text: P + '...\n"unterminated\n', want: "decode" },
  // The reader decodes 512-byte blocks ahead of the scanner: a control character in the block it stopped in fails the file.
  { name: "a control character just after ...", text: P + "...\n\u0001\n", want: "decode" },
  { name: "a control character reached by the scan after ...", text: P + "...\n" + "#".repeat(1100) + "\n\u0001\n", want: "decode" },
  { name: "a control character blocks after where the scan stopped", text: P + "...\nnext: 1\nmore: 2\n" + "#".repeat(1100) + "\n\u0001\n", want: [] },
  { name: "a second document is never read", text: P + "---\nversion: {number: oops\n", want: [] },
  { name: "a directive in the middle of a mapping", text: swap("challenges:\n", "%TAG !e! tag:e,2000:\nchallenges:\n"), want: "decode" },
  { name: "a directive ends the document", text: P + "%YAML 1.1\n---\nfoo: 1\n", want: [] },
  { name: "an unknown directive after the document is still scanned", text: P + "%FOO\n", want: "decode" },
  {
    name: "a dedent below an indented root ends it",
    text: HEADLESS,
    want: EVERY_SECTION_MISSING,
  },
  // An alias to an undefined anchor fails the file wherever it is.
  { name: "undefined alias under an ignored key", text: P + "notes: *never_defined\n", want: "decode" },
  { name: "alias to an anchor defined after it", text: P + "notes: *later\nmore: &later x\n", want: "decode" },
  // An implicit key's 1024 characters are code points for the reference (the yaml package counts UTF-16 units).
  { name: "a key of 1000 astral characters", text: P + "notes:\n  " + "\u{1F600}".repeat(1000) + ": 1\n", want: [] },
  { name: "a key of 1024 astral characters", text: P + "notes:\n  " + "\u{1F600}".repeat(1024) + ": 1\n", want: [] },
  { name: "a key of 1025 astral characters", text: P + "notes:\n  " + "\u{1F600}".repeat(1025) + ": 1\n", want: "decode" },
  { name: "a key of 1025 ASCII characters", text: P + "notes:\n  " + "a".repeat(1025) + ": 1\n", want: "decode" },
  { name: "a flow key of 1000 astral characters", text: P + "notes: {" + "\u{1F600}".repeat(1000) + ": 1}\n", want: [] },
  { name: "a flow key of 1030 ASCII characters", text: P + "notes: {" + "a".repeat(1030) + ": 1}\n", want: "decode" },
  // A null key in a map with string keys (evaluation_spec's top level) is dropped; deeper, JSON encoding fails on it.
  { name: "null: in evaluation_spec", text: swap("judge_mode: deterministic", "judge_mode: deterministic\n    null: 1"), want: [] },
  { name: "~: in evaluation_spec, its value unread", text: swap("judge_mode: deterministic", "judge_mode: deterministic\n    ~: {a: 1}"), want: [] },
  { name: "'null': in evaluation_spec is a key", text: swap("judge_mode: deterministic", "judge_mode: deterministic\n    'null': 1"), want: "decode" },
  { name: "null: in a validator config", text: swap("type: exact_match", "type: exact_match\n        config:\n          null: 1"), want: "decode" },
  // A merge takes a map, an alias to a map, or a written sequence of those: an alias to a sequence fails.
  { name: "merge of an alias to a sequence of maps", text: swap("pack:\n", "a: &s [{slug: x}]\npack:\n  <<: *s\n"), want: "decode" },
  { name: "merge of an anchored null", text: swap("pack:\n", "x: &n ~\npack:\n  <<: *n\n"), want: "decode" },
  { name: "merge of a sequence of aliases to maps", text: swap("pack:\n", "a: &m {slug: support-eval}\npack:\n  <<: [*m]\n"), want: [] },
  { name: "merge of an alias to a sequence under an ignored key", text: P + "a: &s [{x: 1}]\nnotes:\n  <<: *s\n", want: [] },
  // !!binary is decoded where the reference reads it: its text must be base64, and the value is the decoded text.
  { name: "!!binary with invalid base64", text: swap("family: support", "family: !!binary c3VwcG9ydA="), want: "decode" },
  { name: "!!binary decoded into an enum", text: swap("difficulty: easy", "difficulty: !!binary ZWFzeQ=="), want: [] },
  { name: "!!binary over lines", text: swap("family: support", "family: !!binary |\n    c3Vw\n    cG9ydA=="), want: [] },
  { name: "!!binary with a space", text: swap("family: support", 'family: !!binary "c3Vw cG9ydA=="'), want: "decode" },
  {
    name: "!!binary with invalid base64 in evaluation_spec",
    text: swap("judge_mode: deterministic", "judge_mode: !!binary ZGV0ZXJtaW5pc3RpYw="),
    want: "decode",
  },
  { name: "!!binary with invalid base64 under an ignored key", text: P + "notes: !!binary 'not base64!'\n", want: [] },
  // A key with an explicit tag other than !!str (!!binary, a custom tag) makes its free-form mapping one JSON cannot encode.
  { name: "!!binary key in a validator", text: swap("type: exact_match", "!!binary dHlwZQ==: exact_match"), want: "decode" },
  { name: "custom-tagged key in a validator", text: swap("type: exact_match", "!x type: exact_match"), want: "decode" },
  { name: "!!str key in a validator", text: swap("type: exact_match", "!!str type: exact_match"), want: [] },
  {
    name: "!!binary key in a validator config",
    text: swap("type: exact_match", "type: exact_match\n        config:\n          !!binary eA==: 1"),
    want: "decode",
  },
  { name: "!!binary key in pack is its decoded text", text: swap("family: support", "!!binary ZmFtaWx5: support"), want: [] },
  // After a comment that starts its line, yaml.v3 consumes blank lines (tabs included) only up to another comment within 511 bytes.
  { name: "a tab line after the last comment", text: "# note\n\t\n" + P, want: "decode" },
  { name: "a spaces-then-tab line after the last comment", text: "# note\n  \t\n\n" + P, want: "decode" },
  { name: "a tab line 600 blank lines before the next comment", text: "# note\n" + "\n".repeat(600) + "\t\n# more\n" + P, want: "decode" },
  { name: "a tab line 400 blank lines before the next comment", text: "# note\n" + "\n".repeat(400) + "\t\n# more\n" + P, want: [] },
  { name: "a tab line after a comment ended by NEL", text: "# note\u0085\t\n# more\n" + P, want: "decode" },
  {
    name: "a tab line after a line comment, before a comment",
    text: swap("  name: Support Eval\n", "  name: Support Eval # note\n\t\n  # more\n"),
    want: "decode",
  },
  {
    name: "a tab line after a comment under a dash, before a comment",
    text: swap("  - key: refund-question\n", "  - # note\n\t\n    # more\n    key: refund-question\n"),
    want: [],
  },
  // `\'` in a double-quoted scalar is an escape for yaml.v3 (a quote), not an error.
  { name: "a \\' escape in a double-quoted value", text: swap("family: support", 'family: "sup\\\'port"'), want: [] },
  {
    name: "a \\' escape read as a quote",
    text: swap("difficulty: easy", 'difficulty: "eas\\\'"'),
    want: ["challenges[0].difficulty must be one of easy, medium, hard, expert"],
  },
  // A U+FEFF the scanner stands on when it asks the reader for the next 512-byte block: yaml.v3 then skips the first
  // character of each line start between tokens (as if it were a byte order mark) until it asks again.
  // In a comment or a block scalar it asks one character ahead: a mark that starts a block (its bytes at 0 mod 512,
  // or at 510 or 511, where the block's end cuts it and it begins the next block).
  { name: "a mark in a comment just before a block", text: markAt(1021, "# ", "yy\nnotes: 1\n"), want: [] },
  { name: "a mark in a comment cut by a block's end (510)", text: markAt(1022, "# ", "yy\nnotes: 1\n"), want: "decode" },
  { name: "a mark in a comment cut by a block's end (511)", text: markAt(1023, "# ", "yy\nnotes: 1\n"), want: "decode" },
  { name: "a mark in a comment at a block's start", text: markAt(1024, "# ", "yy\nnotes: 1\n"), want: "decode" },
  { name: "a mark in a comment just after a block's start", text: markAt(1025, "# ", "yy\nnotes: 1\n"), want: [] },
  { name: "a mark in a comment at a later block's start", text: markAt(2048, "# ", "yy\nnotes: 1\n"), want: "decode" },
  { name: "a mark in a line comment at a block's start", text: markAt(1536, "notes: 1 # ", "yy\nmore: 1\n"), want: "decode" },
  { name: "a mark in a literal block scalar at a block's start", text: markAt(1024, "notes: |-\n  ", "yy\n  more\nmore: 1\n"), want: "decode" },
  { name: "a mark in a literal block scalar before a block", text: markAt(1021, "notes: |-\n  ", "yy\n  more\nmore: 1\n"), want: [] },
  { name: "a mark in a folded block scalar cut by a block's end", text: markAt(1534, "notes: >-\n  ", "yy\n\n  more\nmore: 1\n"), want: "decode" },
  // Inside a plain or quoted scalar's word it asks two ahead: a mark that ends a block.
  { name: "a mark in a plain value ending a block", text: markAt(1021, "notes: ", "yy\nmore: 1\n"), want: "decode" },
  { name: "a mark in a plain value at a block's start", text: markAt(1024, "notes: ", "yy\nmore: 1\n"), want: [] },
  { name: "a mark in a double-quoted value ending a block", text: markAt(1533, 'notes: "', 'yy"\nmore: 1\n'), want: "decode" },
  // An escape is looked at whole: after one, the scanner stands on the mark when it asks for the next block.
  { name: "a mark after an escape at a block's start", text: markAt(1024, 'notes: "', 'yy"\nmore: 1\n').replace(/x{2}\uFEFF/, '\\"\uFEFF'), want: "decode" },
  { name: "a mark in a double-quoted value at a block's start", text: markAt(1024, 'notes: "', 'yy"\nmore: 1\n'), want: [] },
  { name: "a mark in a single-quoted value cut by a block's end", text: markAt(1022, "notes: '", "yy'\nmore: 1\n"), want: [] },
  { name: "a mark in a flow sequence ending a block", text: markAt(2045, "notes: [", "yy]\nmore: 1\n"), want: "decode" },
  // The characters skipped may be spaces (nothing changes) or start keys the reference then reads without them.
  {
    name: "a second mark at the top of the file",
    text: "\uFEFF\uFEFF# note\n" + P,
    want: EVERY_SECTION_MISSING,
  },
  { name: "a mark at a block's start, the lines after it indented", text: markAt(1024, "notes:\n  # ", "yy\n  a: 1\n  b: 2\n"), want: [] },
  // A U+FEFF that starts the first node after comment lines is text for the reference (the yaml package drops it).
  { name: "a mark starting the root after a comment", text: "# about\n\uFEFF#\n" + P, want: "decode" },
  {
    name: "a mark starting the first key after a comment",
    text: "# about\n\uFEFF" + P,
    want: ["pack.slug is required", "pack.name is required", "pack.family is required"],
  },
  {
    name: "a mark starting the first key after ---",
    text: "---\n\uFEFF" + P,
    want: ["pack.slug is required", "pack.name is required", "pack.family is required"],
  },
  // A named tag handle must be declared by a %TAG directive of the document (the parser fails on it, wherever it is).
  { name: "an undeclared tag handle", text: swap("family: support", "family: !e!x support"), want: "decode" },
  { name: "an undeclared tag handle under an ignored key", text: P + "notes: !e!x 1\n", want: "decode" },
  { name: "a tag handle declared by %TAG", text: "%TAG !e! tag:e,2000:\n---\n" + swap("family: support", "family: !e!x support"), want: [] },
  { name: "an undeclared tag handle after ...", text: P + "...\nnotes: !e!x 1\n", want: [] },
  // A key of a struct's mapping is decoded into a string: a flow mapping or list as a key fails; under an ignored key it is never read.
  { name: "a mapping as a key of pack", text: swap("  family: support", "  family: support\n  {a: 1}: x"), want: "decode" },
  { name: "a list as a key of pack", text: swap("  family: support", "  family: support\n  [a]: x"), want: "decode" },
  { name: "a mapping as a top-level key", text: P + "{a: 1}: x\n", want: "decode" },
  { name: "a mapping as a key under an ignored key", text: P + "notes:\n  {a: 1}: x\n", want: [] },
  // Anchor and alias names are letters, digits, `-` and `_` for yaml.v3 (YAML 1.2 allows more).
  { name: "an anchor name with a dot", text: P + "notes: &a.b x\n", want: "decode" },
  { name: "an anchor name with a non-ASCII letter", text: P + "notes: &\u00e9 x\n", want: "decode" },
  { name: "an anchor and alias in a flow sequence", text: P + "notes: [&a x, *a]\n", want: [] },
  // The non-specific tag `!` resolves a plain scalar as if it had no tag; a quoted one stays text.
  { name: "! on a plain number", text: swap("  number: 1", "  number: ! 1"), want: [] },
  { name: "! on a plain number in evaluation_spec", text: swap("version_number: 1", "version_number: ! 1"), want: [] },
  { name: "! on a quoted number", text: swap("  number: 1", '  number: ! "1"'), want: "decode" },
  // !!timestamp is resolved only where a value is read; into a string it decodes as its text.
  { name: "!!timestamp with a non-date under an ignored key", text: P + "notes: !!timestamp mock\n", want: [] },
  { name: "!!timestamp with a non-date in a string field", text: swap("family: support", "family: !!timestamp mock"), want: "decode" },
  { name: "!!timestamp with a date in a string field", text: swap("family: support", "family: !!timestamp 2001-12-14t21:59:43.10-05:00"), want: [] },
  {
    name: "!!timestamp with a date in an enum",
    text: swap("difficulty: easy", "difficulty: !!timestamp 2001-01-01"),
    want: ["challenges[0].difficulty must be one of easy, medium, hard, expert"],
  },
  // Keys repeat for yaml.v3 when their nodes have the same kind and text (an alias key is its name); in a struct, also
  // when two keys name the same field. In a map an alias key repeating a written key overwrites its value.
  { name: "an alias key repeating a field of pack", text: swap("family: support", "family: &k family\n  *k : x"), want: "decode" },
  { name: "an alias key repeating an unknown key of pack", text: swap("family: support", "family: support\n  zz: &k zz\n  *k : x"), want: [] },
  { name: "an alias key repeating a field of a challenge", text: swap("difficulty: easy", "difficulty: &k difficulty\n    *k : easy"), want: "decode" },
  { name: "an alias key repeating a key of a validator", text: swap("type: exact_match", "type: &k type\n        *k : exact_match"), want: [] },
  {
    name: "an alias key's value replaces the written key's",
    text: swap("type: exact_match", "type: &k type\n        *k : nope"),
    want: ["version.evaluation_spec.validators[0].type is not a supported validator type"],
  },
  {
    name: "an alias key repeating a key of evaluation_spec",
    text: swap("judge_mode: deterministic", "judge_mode: &k judge_mode\n    *k : nope"),
    want: ["version.evaluation_spec.judge_mode must be one of deterministic, llm_judge, hybrid"],
  },
  { name: "the same alias key twice", text: swap("type: exact_match", "type: exact_match\n        x: &k y\n        *k : 1\n        *k : 2"), want: "decode" },
  { name: "two merge keys", text: swap("pack:\n", "a: &m {slug: x}\nb: &n {name: y}\npack:\n  <<: *m\n  <<: *n\n"), want: "decode" },
  // yaml.v3's parser wants a key before each `:` of a block mapping (a simple key on its line, or a `?` one above it).
  { name: "a line starting with : in a mapping", text: P + "notes:\n  a: 1\n  : 2\n", want: "decode" },
  { name: "a line starting with : at the top level", text: P + ": 2\n", want: "decode" },
  { name: "a : after a comment ended by PS", text: swap("  family: support\n", "  family: support # c\u2029: x\n"), want: "decode" },
  { name: "a : opening a mapping under a dash", text: P + "notes:\n  - : 2\n", want: "decode" },
  { name: "a : after a ? key", text: P + "notes:\n  ? a\n  : b\n", want: [] },
  { name: "a : after a ? key with a list", text: P + "notes:\n  ?\n    - x\n    - y\n  : b\n", want: [] },
  { name: "a : after a ? key's value", text: P + "notes:\n  ? x\n  : y\n  : z\n", want: "decode" },
  { name: "a : deeper than its ? key", text: P + "notes:\n  ? a\n    : b\n", want: "decode" },
  { name: "a : after a simple key that followed a ? key", text: P + "notes:\n  ? a\n  b: c\n  : d\n", want: "decode" },
  { name: "a : at a list's column", text: P + "notes:\n  - a\n  : b\n", want: "decode" },
  // `*a:` is the alias `a` and a `:` for yaml.v3 (its alias names end at `:`); YAML 1.2 reads the alias `a:`.
  { name: "an alias key with no space before its colon", text: P + "notes:\n  a: &k x\n  *k: 1\n", want: [] },
  { name: "an alias key with no space repeating a field", text: swap("family: support", "family: &k family\n  *k: x"), want: "decode" },
  {
    name: "an alias key with no space naming a field",
    text: swap("pack:\n", "z: &n name\npack:\n  *n: Support Eval\n").replace("  name: Support Eval\n", ""),
    want: [],
  },
  { name: "an alias key with no space in a flow mapping", text: P + "a: &k x\nnotes: {*k:1}\n", want: [] },
  { name: "an alias with a colon in a flow sequence", text: P + "a: &k x\nnotes: [*k:, 2]\n", want: [] },
  // A `<<` value (not a key) is the string "<<" for yaml.v3, also in free-form data.
  { name: "<< as a number in evaluation_spec", text: swap("version_number: 1", "version_number: <<"), want: "decode" },
];
