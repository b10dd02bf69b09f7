import { mutate, rng } from "./mutate";
import { checkPackFeatures, checkSkillFeatures, emptyStats, FeatureStats } from "./check-features";
import { packSeeds, Seed, skillSeeds } from "./seeds";

export interface ServiceFuzzOptions {
  seed: number;
  /** The first iteration (a replay starts at the one that failed). */
  first?: number;
  /** Stop after this many documents… */
  documents?: number;
  /** …or at this time (epoch milliseconds), whichever comes first. */
  until?: number;
  /** Random cursor positions per document. */
  positions: number;
  /** Bound on each single call. */
  /** A time limit per call, for long runs (`npm run fuzz`); the test suite bounds work, not time. */
  boundMs?: number;
  /** Called with each failure; returning true stops the run. */
  onFailure(f: ServiceFailure): boolean;
}

export interface ServiceFailure {
  kind: "pack" | "skill";
  seed: number;
  iteration: number;
  base: string;
  text: string;
  error: Error;
}

export interface ServiceFuzzReport extends FeatureStats {
  documents: number;
  packs: number;
  skills: number;
  failures: number;
}

/** The random source of one iteration: any iteration can be replayed alone from (seed, iteration). */
export function iterationRng(seed: number, iteration: number) {
  return rng((seed ^ Math.imul(iteration + 1, 0x9e3779b1)) >>> 0);
}

/** The document of one iteration and the kind of service it goes to. */
export function iterationDocument(seeds: { packs: Seed[]; skills: Seed[] }, seed: number, iteration: number) {
  const r = iterationRng(seed, iteration);
  const kind: "pack" | "skill" = r() < 0.8 ? "pack" : "skill";
  const pool = kind === "pack" ? seeds.packs : seeds.skills;
  const base = pool[Math.floor(r() * pool.length)];
  return { kind, base, text: mutate(base.text, r), r };
}

/**
 * Mutation fuzzing of the language service: each document (a mutated pack or Skill case file) gets diagnostics,
 * every feature at random positions and every code action with its edit applied (check-features.ts).
 */
export function fuzzService(root: string, opts: ServiceFuzzOptions): ServiceFuzzReport {
  const seeds = { packs: packSeeds(root), skills: skillSeeds(root) };
  const report: ServiceFuzzReport = { documents: 0, packs: 0, skills: 0, failures: 0, ...emptyStats() };
  const first = opts.first ?? 0;
  for (let i = first; (opts.documents === undefined || i < first + opts.documents) && (opts.until === undefined || Date.now() < opts.until); i++) {
    const { kind, base, text, r } = iterationDocument(seeds, opts.seed, i);
    report.documents++;
    report[kind === "pack" ? "packs" : "skills"]++;
    try {
      const check = kind === "pack" ? checkPackFeatures : checkSkillFeatures;
      check(text, r, opts.positions, opts.boundMs, report);
    } catch (e) {
      report.failures++;
      const error = e instanceof Error ? e : new Error(String(e));
      if (opts.onFailure({ kind, seed: opts.seed, iteration: i, base: base.name, text, error })) break;
    }
  }
  return report;
}
