import { pack } from "../helpers/packs";
import { generatePack } from "../../bench/generate";

/** `levels` anchors, each a list of `width` aliases of the one before: width^levels nodes once expanded. */
export function laughs(levels: number, width: number, indent = "  "): string {
  let s = `${indent}l0: &l0 [${Array(width).fill("lol").join(", ")}]\n`;
  for (let i = 1; i < levels; i++)
    s += `${indent}l${i}: &l${i} [${Array(width)
      .fill(`*l${i - 1}`)
      .join(", ")}]\n`;
  return s;
}

/** The hostile documents of this suite, each a pack otherwise valid, for the checks that apply to all of them. */
export function hostileDocuments(): Record<string, string> {
  let block = "tools:\n";
  for (let i = 0; i < 1000; i++) block += " ".repeat(i + 1) + "k:\n";
  let chain = "tools:\n  c0: &c0 [end]\n";
  for (let i = 1; i < 600; i++) chain += `  c${i}: &c${i} [*c${i - 1}]\n`;
  let merges = "tools:\n  m0: &m0 {a: 1, b: 2}\n";
  for (let i = 1; i < 12; i++)
    merges += `  m${i}: &m${i} {<<: [${Array(10)
      .fill(`*m${i - 1}`)
      .join(", ")}], k${i}: 1}\n`;
  let big = generatePack({ cases: 4000 });
  while (big.length < 2_500_000) big += "\n# " + "padding ".repeat(1000);
  return {
    "billion laughs": pack({ extra: "tools:\n" + laughs(10, 10) }),
    "100,000-node expansion": pack({ extra: "tools:\n" + `  pad: [${Array(2000).fill("p").join(", ")}]\n` + laughs(5, 10) }),
    "merge bomb": pack({ extra: merges }),
    "circular alias": pack({ extra: "tools: &a {x: *a}\n" }),
    "600-alias chain": pack({ extra: chain }),
    "10,000 flow sequences": pack({ extra: "tools: {deep: " + "[".repeat(10_000) + "]".repeat(10_000) + "}\n" }),
    "10,000 flow mappings": pack({ extra: "tools: " + "{a: ".repeat(10_000) + "1" + "}".repeat(10_000) + "\n" }),
    "10,000 compact sequences": pack({ extra: "tools:\n  deep:\n    " + "- ".repeat(10_000) + "x\n" }),
    "1,000 block mappings": pack({ extra: block }),
    "1 MB flow line": pack({ extra: `tools:\n  many: [${Array.from({ length: 150_000 }, (_, i) => i).join(",")}]\n` }),
    "1 MB key": pack({ extra: `tools:\n  ${"k".repeat(1_000_000)}: 1\n` }),
    "oversized (2.5 MB)": big,
    "5,000 documents": pack() + "---\nnot: [a pack\n".repeat(5_000),
    "custom tags": pack({ extra: "tools:\n  a: !!python/object/apply:os.system [x]\n  b: !custom {x: 1}\n  c: !<constructor> v\n" }),
    "BOM, CRLF and tabs": "\uFEFF" + pack({ head: "pack:\n  slug:\tsupport-eval\n  name: Support\tEval\n  family: support\n" }).replace(/\n/g, "\r\n"),
    "emoji and CJK": pack({ extra: 'tools:\n  🦊名前: {狐: [🦊, "\\U0001F98A"]}\n' }),
    "prototype keys": pack({ extra: "__proto__: 1\nconstructor: {toString: 2}\ntools: {__proto__: {polluted: true}}\n" }),
    empty: "",
    "comments only": "# a\n# b\r\n",
  };
}
