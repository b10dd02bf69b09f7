import { test } from "node:test";
import { join } from "node:path";
import { fuzzService } from "./service-fuzzer";

/** A short fixed-seed run in every `npm test`; `npm run fuzz -- --minutes N` runs longer ones. */
const SEED = 20261202;
const DOCUMENTS = 100;

test(`language service: diagnostics, every feature and every code action on ${DOCUMENTS} mutated documents (seed ${SEED})`, { timeout: 600_000 }, () => {
  const failures: string[] = [];
  const report = fuzzService(join(__dirname, "../../.."), {
    seed: SEED,
    documents: DOCUMENTS,
    positions: 6,
    onFailure: (f) => {
      failures.push(`${f.kind} seed ${f.seed} iteration ${f.iteration} (from ${f.base}): ${f.error.message}\n--- document ---\n${f.text.slice(0, 1500)}`);
      return failures.length >= 3;
    },
  });
  if (failures.length) throw new Error(`${failures.length} failures\n${failures.join("\n\n")}`);
  if (report.calls < DOCUMENTS * 10 || report.actions === 0) throw new Error(`too little was exercised: ${JSON.stringify(report)}`);
});
