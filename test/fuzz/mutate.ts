/** Seeded text mutations for fuzzing the language service: reproducible from (seed, iteration). */

export type Rng = () => number;

/** mulberry32: a small, fast, seedable PRNG. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = [
  ":",
  "-",
  "- ",
  "[",
  "]",
  "{",
  "}",
  "&a ",
  "*a",
  "!!int ",
  "!!binary ",
  "!custom ",
  "---\n",
  "\t",
  "\u0000",
  "\ud800",
  "\udfff",
  "🦊",
  "狐",
  "'",
  '"',
  "#",
  "|\n",
  ">-\n",
  "<<: *a\n",
  "? ",
  "\r\n",
  "\r",
  "~",
  "%YAML 1.2\n",
  "...\n",
  "0x1F",
  "1e400",
  ".nan",
  "yes",
  "010",
  // Keys that name Object.prototype members, merges without a value, self-containing anchors, complex keys.
  "__proto__: ",
  "constructor: ",
  "toString: ",
  "{<<}",
  "<<: [*a, *a]\n",
  "&a [*a]",
  "*nowhere",
  "!!merge ",
  "? [a, b]: c\n",
  "!!python/object/apply:os.system ",
  "\uFEFF",
  "\u2028",
  "\u0085",
  "\\",
  "{{ input.prompt }}",
  "${HOME}",
  "../../etc/passwd",
];

export function mutate(text: string, r: Rng, rounds = 1 + Math.floor(r() * 4)): string {
  let t = text;
  for (let i = 0; i < rounds; i++) t = mutateOnce(t, r);
  return t;
}

function pick<T>(r: Rng, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

function mutateOnce(text: string, r: Rng): string {
  const lines = text.split("\n");
  const at = Math.floor(r() * Math.max(1, lines.length));
  const pos = Math.floor(r() * (text.length + 1));
  switch (Math.floor(r() * 12)) {
    case 0: // delete a line
      lines.splice(at, 1);
      return lines.join("\n");
    case 1: // duplicate a line
      lines.splice(at, 0, lines[at] ?? "");
      return lines.join("\n");
    case 2: {
      // swap two lines
      const b = Math.floor(r() * lines.length);
      [lines[at], lines[b]] = [lines[b], lines[at]];
      return lines.join("\n");
    }
    case 3: // change indentation
      lines[at] = r() < 0.5 ? " ".repeat(1 + Math.floor(r() * 4)) + (lines[at] ?? "") : (lines[at] ?? "").replace(/^ {1,3}/, "");
      return lines.join("\n");
    case 4: // insert a token
      return text.slice(0, pos) + pick(r, TOKENS) + text.slice(pos);
    case 5: {
      // delete a span
      const len = Math.floor(r() * 40);
      return text.slice(0, pos) + text.slice(pos + len);
    }
    case 6: // a very long line
      return text.slice(0, pos) + "x".repeat(1000 + Math.floor(r() * 20000)) + text.slice(pos);
    case 7: {
      // paste a chunk of the document elsewhere
      const from = Math.floor(r() * text.length);
      const chunk = text.slice(from, from + Math.floor(r() * 400));
      return text.slice(0, pos) + chunk + text.slice(pos);
    }
    case 8: // CRLF everywhere, or mixed
      return r() < 0.5 ? text.replace(/\n/g, "\r\n") : text.replace(/\n/g, () => (r() < 0.3 ? "\r\n" : "\n"));
    case 9: // replace a scalar value with a collection or a number
      return text.slice(0, pos) + pick(r, [" [1, 2]", " {a: 1}", " 12", " -3.5", " null", ' ""']) + text.slice(pos);
    case 10: // hostile sizes: giant collections, many findings, many unknown keys, long patterns
      return hostileShape(text, pos, r);
    case 11: {
      // deep nesting, sometimes past the parser's limit
      const depth = 1 + Math.floor(r() * 700);
      return text.slice(0, pos) + (r() < 0.5 ? "[".repeat(depth) + "]".repeat(depth) : "{a: ".repeat(depth) + "1" + "}".repeat(depth)) + text.slice(pos);
    }
    default: // a random code unit (lone surrogates, controls, BOM)
      return text.slice(0, pos) + String.fromCharCode(Math.floor(r() * 0xffff)) + text.slice(pos);
  }
}

/** A count up to `max`, mostly small (so that most documents stay quick), now and then near `max`. */
function count(r: Rng, max: number): number {
  return 1 + Math.floor(r() ** 3 * max);
}

/** The shapes of issue 23's hostile files, at sizes the fuzzer can afford per document. */
function hostileShape(text: string, pos: number, r: Rng): string {
  const insert = (s: string) => text.slice(0, pos) + s + text.slice(pos);
  switch (Math.floor(r() * 5)) {
    case 0: {
      // a giant collection: a block list, or a one-line flow list
      const n = count(r, 8_000);
      return insert(r() < 0.5 ? "\n" + "  - item\n".repeat(n) : ` [${Array.from({ length: n }, (_, i) => i).join(",")}]\n`);
    }
    case 1: {
      // many findings: plain scalars where challenges belong
      const list = "challenges:\n" + "  - x\n".repeat(count(r, 8_000));
      return /^challenges:[^\n]*\n/m.test(text) ? text.replace(/^challenges:[^\n]*\n/m, list) : text + "\n" + list;
    }
    case 2: // many unknown top-level keys
      return text + "\n" + Array.from({ length: count(r, 8_000) }, (_, i) => `unknown_${i}: ${i}`).join("\n") + "\n";
    case 3: {
      // a long regular expression around the budget (10,000), sometimes far over it
      const length = r() < 0.8 ? 9_000 + Math.floor(r() * 2_000) : 100_000 + Math.floor(r() * 700_000);
      const pattern = pick(r, ["a", "(ab|cd)", "[a-z]x", "\\d+|"]).repeat(length).slice(0, length).replace(/'/g, "");
      const where = pick(r, [
        `security:\n  forbidden_outputs:\n    - description: d\n      pattern: '${pattern}'\n`,
        `security:\n  adversarial_prompts:\n    - name: p\n      text: t\n      expected_refusal_pattern: '${pattern}'\n`,
        `tools:\n  custom:\n    - name: t\n      parameters: {type: object, properties: {a: {type: string, pattern: '${pattern}'}}}\n      implementation: {primitive: http_request, args: {}}\n`,
      ]);
      return text + "\n" + where;
    }
    default: // many findings of one rule: cases naming a challenge that is not declared
      return (
        text +
        "\ninput_sets:\n  - key: many\n    name: Many\n    cases:\n" +
        Array.from({ length: count(r, 5_000) }, (_, i) => `      - {challenge_key: nowhere, case_key: c${i}}\n`).join("")
      );
  }
}
