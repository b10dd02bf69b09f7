import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mutate, rng } from "./mutate";
import { checkDocument } from "./check-service";
import { seedDocuments } from "./seeds";

/**
 * `npm run fuzz -- [--minutes N] [--seed S]`: mutation fuzzing of the language service until time runs out.
 * Each failure is written to fuzz-failures/ with its seed and iteration, ready to become a regression fixture.
 */
function main(argv: string[]): void {
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const minutes = arg("--minutes", 1);
  const seed = arg("--seed", Date.now() % 2 ** 31);
  const root = join(__dirname, "../../..");
  const seeds = seedDocuments(root);
  const r = rng(seed);
  const deadline = Date.now() + minutes * 60_000;
  let docs = 0;
  let failures = 0;
  let slowest = 0;
  while (Date.now() < deadline) {
    const base = seeds[docs % seeds.length];
    const text = mutate(base.text, r);
    try {
      slowest = Math.max(slowest, checkDocument(text, 10_000).ms);
    } catch (e) {
      failures++;
      const dir = join(root, "fuzz-failures");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `seed-${seed}-iter-${docs}.yaml`), text);
      console.error(`FAIL seed ${seed} iteration ${docs} (from ${base.name}): ${(e as Error).message.split("\n")[0]}`);
    }
    docs++;
  }
  console.log(`fuzz: seed ${seed}, ${docs} documents, ${failures} failures, slowest ${slowest.toFixed(0)} ms`);
  process.exitCode = failures ? 1 : 0;
}

main(process.argv.slice(2));
