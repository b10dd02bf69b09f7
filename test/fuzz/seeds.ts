import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generatePack } from "../../bench/generate";
import { pack } from "../helpers/packs";

export interface Seed {
  name: string;
  text: string;
}

/** Packs to mutate: our examples, the test base pack and a generated pack. Never ../shared (not in a user's clone). */
export function packSeeds(root: string): Seed[] {
  const examples = join(root, "examples");
  const docs = readdirSync(examples)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => ({ name: f, text: readFileSync(join(examples, f), "utf8") }));
  docs.push({ name: "base-pack", text: pack() });
  docs.push({ name: "generated-20", text: generatePack({ cases: 20 }) });
  return docs;
}

/** Skill case files to mutate: the example Skill's and the test fixture's. */
export function skillSeeds(root: string): Seed[] {
  return ["examples/skills/refund-helper/tests/skill_cases.yaml", "test/fixtures/skill/refund-helper/tests/skill_cases.yaml"].map((path) => ({
    name: path,
    text: readFileSync(join(root, path), "utf8"),
  }));
}
