import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { checkProjectConfig } from "../../server/src/workspace/project-config";
import { CONFIG_SCHEMA_FILE, configSchema, configSchemaText } from "../../server/src/workspace/config-schema";

const ROOT = join(__dirname, "..", "..", "..");

test("packlintrc.schema.json is current (npm run docs writes it) and ships in the npm package and the .vsix", () => {
  assert.equal(readFileSync(join(ROOT, CONFIG_SCHEMA_FILE), "utf8"), configSchemaText());
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { files: string[] };
  assert.ok(pkg.files.includes(CONFIG_SCHEMA_FILE));
  const client = JSON.parse(readFileSync(join(ROOT, "client", "package.json"), "utf8")) as {
    contributes: { jsonValidation: { fileMatch: string; url: string }[] };
  };
  assert.deepEqual(client.contributes.jsonValidation, [{ fileMatch: ".packlintrc.json", url: `./dist/${CONFIG_SCHEMA_FILE}` }]);
  assert.match(readFileSync(join(ROOT, "client", ".vscodeignore"), "utf8"), new RegExp(`^!dist/${CONFIG_SCHEMA_FILE.replace(".", "\\.")}$`, "m"));
  assert.match(readFileSync(join(ROOT, "client", "scripts", "package.ts"), "utf8"), new RegExp(`"${CONFIG_SCHEMA_FILE.replace(".", "\\.")}"`));
});

test("the config's schema and the CLI's check agree on what a config may say", () => {
  const validate = new Ajv({ strict: false }).compile(configSchema());
  const configs: unknown[] = [
    { $schema: "./node_modules/agentclash-packlint/packlintrc.schema.json", root: true, extends: "../base.json" },
    { rules: { "unknown-key": "error", "legacy-items": "off" }, packs: ["packs/**/*.yaml"], ignore: ["fixtures/**"] },
    { rules: { "unknown-kye": "off" } },
    { rules: { "unknown-key": "loud" } },
    { rules: { toString: "off" } },
    JSON.parse('{ "rules": { "__proto__": "off" } }'),
    { colour: "blue" },
    { constructor: {} },
    { root: "yes" },
    { extends: "" },
    { packs: "*.yaml" },
    { ignore: [""] },
    { $schema: 1 },
    [],
  ];
  for (const config of configs) {
    const text = JSON.stringify(config);
    assert.equal(validate(config), checkProjectConfig(config).problems.length === 0, text);
  }
  assert.equal(validate(configs[0]), true, "the schema accepts something");
  assert.equal(validate(configs[2]), false, "and refuses something");
});
