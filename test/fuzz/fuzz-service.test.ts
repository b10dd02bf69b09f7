import { test } from "node:test";
import { join } from "node:path";
import { mutate, rng } from "./mutate";
import { checkDocument } from "./check-service";
import { seedDocuments } from "./seeds";

/** A short fixed-seed run in every `npm test`; `npm run fuzz -- --minutes N` runs longer ones. */
const SEED = 20261202;
const DOCUMENTS = 300;

test(`language service survives ${DOCUMENTS} mutated documents (seed ${SEED})`, () => {
  const seeds = seedDocuments(join(__dirname, "../../.."));
  const r = rng(SEED);
  for (let i = 0; i < DOCUMENTS; i++) {
    const base = seeds[i % seeds.length];
    const text = mutate(base.text, r);
    try {
      checkDocument(text, 5000);
    } catch (e) {
      throw new Error(`seed ${SEED} iteration ${i} (from ${base.name}): ${(e as Error).message}\n--- document ---\n${text.slice(0, 2000)}`);
    }
  }
});
