import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fuzzService } from "./service-fuzzer";
import { fuzzProtocol } from "./protocol/protocol-fuzzer";

/**
 * `npm run fuzz -- [--minutes N] [--seed S] [--only service|protocol] [--replay I]`: mutation fuzzing of the
 * language service, then protocol fuzzing of the server over stdio, each for half the time (or all of it with
 * --only). Failures are written to fuzz-failures/ with their seed and iteration (service) or session (protocol),
 * ready to become regression fixtures; `--replay I` reruns iteration or session I of the seed alone.
 */
async function main(argv: string[]): Promise<void> {
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : undefined;
  const minutes = arg("--minutes", 1);
  const seed = arg("--seed", Date.now() % 2 ** 31);
  const replay = arg("--replay", -1);
  const root = join(__dirname, "../../..");
  const dir = join(root, "fuzz-failures");
  const share = only ? 1 : 0.5;
  let failures = 0;

  if (only !== "protocol") {
    const started = Date.now();
    const report = fuzzService(root, {
      seed,
      ...(replay >= 0 ? { first: replay, documents: 1 } : { until: started + minutes * share * 60_000 }),
      positions: 12,
      boundMs: 10_000,
      onFailure: (f) => {
        mkdirSync(dir, { recursive: true });
        const file = join(dir, `${f.kind}-seed-${f.seed}-iter-${f.iteration}.yaml`);
        writeFileSync(file, f.text);
        console.error(
          `FAIL ${f.kind} seed ${f.seed} iteration ${f.iteration} (from ${f.base}) → ${file}\n  ${replay >= 0 ? f.error.stack : f.error.message.split("\n")[0]}`,
        );
        return false;
      },
    });
    failures += report.failures;
    console.log(
      `service fuzz: seed ${seed}, ${report.documents} documents (${report.packs} packs, ${report.skills} case files), ${report.calls} calls, ` +
        `${report.actions} code actions, ${report.edits} edits applied, ${report.failures} failures, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }

  if (only !== "service") {
    const started = Date.now();
    const report = await fuzzProtocol({
      seed,
      ...(replay >= 0 ? { first: replay, sessions: 1 } : { until: started + minutes * share * 60_000 }),
      steps: 300,
      boundMs: 120_000,
      hugeBytes: 12_000_000,
      onFailure: (f) => {
        mkdirSync(dir, { recursive: true });
        const file = join(dir, `protocol-seed-${f.seed}-session-${f.session}.txt`);
        writeFileSync(file, `${f.problems.join("\n")}\n\nlast messages sent:\n${f.trail.join("\n")}\n`);
        console.error(`FAIL protocol seed ${f.seed} session ${f.session} → ${file}\n  ${f.problems[0]}`);
        return false;
      },
    });
    failures += report.failures;
    console.log(
      `protocol fuzz: seed ${seed}, ${report.sessions} sessions, ${report.messages} messages (${report.requests} requests, ${report.notifications} notifications, ` +
        `${report.malformed} malformed), ${report.answered} answered, ${report.published} diagnostics published, errors by code ${JSON.stringify(report.errors)}, ` +
        `${report.failures} failures, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  process.exitCode = failures ? 1 : 0;
}

void main(process.argv.slice(2));
