import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generatePack } from "../../bench/generate";
import { pack } from "../helpers/packs";

/** Documents to mutate: our examples, the test base pack and a generated pack. Never ../shared (not in a user's clone). */
export function seedDocuments(root: string): { name: string; text: string }[] {
  const examples = join(root, "examples");
  const docs = readdirSync(examples)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => ({ name: f, text: readFileSync(join(examples, f), "utf8") }));
  docs.push({ name: "base-pack", text: pack() });
  docs.push({ name: "generated-20", text: generatePack({ cases: 20 }) });
  return docs;
}
