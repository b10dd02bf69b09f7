import { test } from "node:test";
import { fuzzProtocol } from "./protocol/protocol-fuzzer";

/** A short fixed-seed run in every `npm test`; `npm run fuzz -- --minutes N` runs longer ones. */
const SEED = 20261203;
const SESSIONS = 8;

test(`language server over stdio: ${SESSIONS} fuzzed sessions of well-formed and malformed traffic (seed ${SEED})`, { timeout: 600_000 }, async () => {
  const failures: string[] = [];
  const report = await fuzzProtocol({
    seed: SEED,
    sessions: SESSIONS,
    steps: 200,
    boundMs: 60_000,
    hugeBytes: 2_500_000,
    onFailure: (f) => {
      failures.push(
        `seed ${f.seed} session ${f.session}:\n  ${f.problems.slice(0, 10).join("\n  ")}\n  last messages:\n    ${f.trail.slice(-8).join("\n    ")}`,
      );
      return false;
    },
  });
  if (failures.length) throw new Error(failures.join("\n\n"));
  if (report.requests < SESSIONS * 20 || report.malformed === 0 || report.answered !== report.requests)
    throw new Error(`too little was exercised: ${JSON.stringify(report)}`);
});
