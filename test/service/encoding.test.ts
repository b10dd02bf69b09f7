import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeYamlFile } from "../../server/src/service/yaml/encoding";

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));

test("encoding: UTF-8 as is (its byte order mark kept as the first character), UTF-16 by its byte order mark", () => {
  assert.deepEqual(decodeYamlFile(bytes("pack:\n  slug: café 🦊\n")), { text: "pack:\n  slug: café 🦊\n" });
  assert.deepEqual(decodeYamlFile(bytes([0xef, 0xbb, 0xbf], "a: b\n")), { text: "\uFEFFa: b\n" });
  const text = "pack:\n  name: 狐 🦊\n";
  assert.deepEqual(decodeYamlFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")])), { text });
  const be = Buffer.from(text, "utf16le").swap16();
  assert.deepEqual(decodeYamlFile(Buffer.concat([Buffer.from([0xfe, 0xff]), be])), { text });
});

test("encoding: the first byte that is not UTF-8 is reported at its replacement character; the rest is decoded", () => {
  const cases: [string, Buffer, number, number][] = [
    ["a stray continuation byte", bytes("a: ", [0x80], "\n"), 3, 3],
    ["an invalid leading byte", bytes("a: é", [0xff], "\n"), 4, 5],
    ["an overlong form", bytes("a: ", [0xc0, 0x80], "\n"), 3, 3],
    ["a surrogate written in UTF-8", bytes("a: ", [0xed, 0xa0, 0x80], "\n"), 3, 3],
    ["a code point past U+10FFFF", bytes("a: ", [0xf4, 0x90, 0x80, 0x80], "\n"), 3, 3],
    ["a sequence cut at the end", bytes("a: 🦊", [0xe2, 0x82]), 5, 7],
  ];
  for (const [what, input, at, byteOffset] of cases) {
    const d = decodeYamlFile(input);
    assert.deepEqual(d.problem?.span, { start: at, end: at + 1 }, what);
    assert.equal(d.text[at], "\uFFFD", what);
    assert.match(
      d.problem!.message,
      new RegExp(`^invalid UTF-8 \\(byte 0x[0-9A-F]{2} at byte offset ${byteOffset}\\): a YAML file must be UTF-8, or UTF-16 with a byte order mark$`),
      what,
    );
    assert.ok(d.text.startsWith("a: "), what);
  }
  const odd = decodeYamlFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("a: b", "utf16le"), Buffer.from([0x41])]));
  assert.match(odd.problem!.message, /^invalid UTF-16LE/);
});
