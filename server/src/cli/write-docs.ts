import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { docPages } from "../service";

/** `npm run docs`: writes docs/keys.md and docs/rules/ from the rule catalog and the texts in service/docs/. */
const root = join(__dirname, "../../../../docs");
const pages = docPages();
for (const f of readdirSync(join(root, "rules"), { withFileTypes: true }).filter((e) => e.isFile())) {
  if (!pages.has(`rules/${f.name}`)) rmSync(join(root, "rules", f.name));
}
for (const [path, text] of pages) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
console.log(`wrote ${pages.size} pages under ${root}`);
