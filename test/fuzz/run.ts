import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fuzzService } from "./service-fuzzer";

/**
 * `npm run fuzz -- [--minutes N] [--seed S]`: mutation fuzzing of the language service until time runs out.
 * Each failure is written to fuzz-failures/ with its seed and iteration, ready to become a regression fixture;
 * `--replay I` reruns iteration I of the seed alone.
 */
function main(argv: string[]): void {
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const minutes = arg("--minutes", 1);
  const seed = arg("--seed", Date.now() % 2 ** 31);
  const replay = arg("--replay", -1);
  const root = join(__dirname, "../../..");
  const started = Date.now();
  const report = fuzzService(root, {
    seed,
    ...(replay >= 0 ? { first: replay, documents: 1 } : { until: started + minutes * 60_000 }),
    positions: 12,
    boundMs: 10_000,
    onFailure: (f) => {
      const dir = join(root, "fuzz-failures");
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${f.kind}-seed-${f.seed}-iter-${f.iteration}.yaml`);
      writeFileSync(file, f.text);
      console.error(`FAIL ${f.kind} seed ${f.seed} iteration ${f.iteration} (from ${f.base}) → ${file}\n  ${replay >= 0 ? f.error.stack : f.error.message.split("\n")[0]}`);
      return false;
    },
  });
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`service fuzz: seed ${seed}, ${report.documents} documents (${report.packs} packs, ${report.skills} case files), ${report.calls} calls, ${report.actions} code actions, ${report.edits} edits applied, ${report.failures} failures, ${secs} s`);
  process.exitCode = report.failures ? 1 : 0;
}

main(process.argv.slice(2));
