import { rng } from "../fuzz/mutate";
import { checkEditSequence } from "./check";
import { incrementalSeeds } from "./seeds";

/**
 * `node out/test/incremental/run.js [--edits N] [--rounds R] [--seed S]`: longer runs of the incremental
 * property test than `npm test` makes (R rounds of N edits on every seed document). Exits 1 at the first
 * difference, printing the edit and both texts.
 */
function main(argv: string[]): void {
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const edits = arg("--edits", 300);
  const rounds = arg("--rounds", 1);
  const seed = arg("--seed", Date.now() % 2 ** 31);
  let total = 0;
  let units = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [k, doc] of incrementalSeeds().entries()) {
      const s = seed + round * 1000 + k;
      try {
        const result = checkEditSequence(doc.text, rng(s), edits);
        total += result.edits;
        units += result.unitParses;
      } catch (e) {
        console.error(`FAIL ${doc.name} seed ${s}: ${(e as Error).message}`);
        process.exitCode = 1;
        return;
      }
    }
  }
  console.log(`incremental: seed ${seed}, ${total} edits, all equal to fresh builds; ${units} parsed one unit, ${total - units} the whole text`);
}

main(process.argv.slice(2));
