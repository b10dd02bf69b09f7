import { test } from "node:test";
import assert from "node:assert/strict";
import { goQuote } from "../../server/src/service/util/go-quote";

test("goQuote escapes what Go's strconv.Quote escapes", () => {
  const cases: [string, string][] = [
    ["plain ascii", `"plain ascii"`],
    ['q"b\\', `"q\\"b\\\\"`],
    ["\n\t\r\u0007\b\f\v", `"\\n\\t\\r\\a\\b\\f\\v"`],
    ["\u0000\u001f\u007f", `"\\x00\\x1f\\x7f"`],
    ["\u0085\u009f", `"\\u0085\\u009f"`], // C1 controls
    ["a\u00a0b\u2007c\u3000", `"a\\u00a0b\\u2007c\\u3000"`], // space separators other than U+0020
    ["\u2028\u2029", `"\\u2028\\u2029"`],
    ["\u200b\u200d\u00ad\ufeff", `"\\u200b\\u200d\\u00ad\\ufeff"`], // format characters
    ["\ue000\uf8ff", `"\\ue000\\uf8ff"`], // private use
    ["\u0378", `"\\u0378"`], // unassigned
    ["\u{F0000}\u{E0001}", `"\\U000f0000\\U000e0001"`],
    ["é ü ß Ω 中文 ٣ ‰ € 😀 é", `"é ü ß Ω 中文 ٣ ‰ € 😀 é"`], // letters, marks, numbers, punctuation, symbols
  ];
  for (const [input, want] of cases) assert.equal(goQuote(input), want, JSON.stringify(input));
});
