import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { docPages } from "../service";
import { CONFIG_SCHEMA_FILE, configSchemaText } from "../workspace/config-schema";

/**
 * `npm run docs`: writes docs/keys.md and docs/rules/ from the rule catalog and the texts in service/docs/, and the
 * config's JSON Schema (packlintrc.schema.json, at the package's root) from the rule registry.
 */
const root = join(__dirname, "../../../../docs");
const pages = docPages();
for (const f of readdirSync(join(root, "rules"), { withFileTypes: true }).filter((e) => e.isFile())) {
  if (!pages.has(`rules/${f.name}`)) rmSync(join(root, "rules", f.name));
}
for (const [path, text] of pages) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
writeFileSync(join(root, "..", CONFIG_SCHEMA_FILE), configSchemaText());
console.log(`wrote ${pages.size} pages under ${root} and ${CONFIG_SCHEMA_FILE}`);
