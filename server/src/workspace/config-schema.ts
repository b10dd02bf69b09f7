import { CONFIG_FILE_NAME, RULE_LEVELS } from "../../../shared/src/config";
import { allRules } from "../service";

/** Where the config's JSON Schema is published: the npm package's root, and the .vsix's dist/ (for `.packlintrc.json`). */
export const CONFIG_SCHEMA_FILE = "packlintrc.schema.json";

const globs = (what: string) => ({ type: "array", items: { type: "string", minLength: 1, pattern: "\\S" }, description: what });

/**
 * The JSON Schema (draft-07) of `.packlintrc.json` (and of package.json's "packlint" key): what checkConfig accepts,
 * with every rule code packlint knows, so that an editor flags a mistyped key or code as the CLI does.
 */
export function configSchema(): object {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: `https://agentclash.dev/packlint/${CONFIG_SCHEMA_FILE}`,
    title: `packlint project config (${CONFIG_FILE_NAME})`,
    type: "object",
    additionalProperties: false,
    properties: {
      $schema: { type: "string", description: `The JSON Schema editors check this file against: ${CONFIG_SCHEMA_FILE} (packlint does not read it).` },
      root: {
        type: "boolean",
        description: "true: this config does not extend the configs of the folders above it (by default the nearest config extends them).",
      },
      extends: {
        type: "string",
        minLength: 1,
        pattern: "\\S",
        description: "A config file, relative to this one's folder, whose settings apply first; this config's apply over them.",
      },
      rules: {
        type: "object",
        description: "Severity per rule code (packlint rules lists them), or off.",
        propertyNames: { enum: allRules().map((r) => r.code) },
        additionalProperties: { enum: [...RULE_LEVELS] },
      },
      packs: globs("Globs, relative to this config's folder, of files that are packs even when their content does not look like one."),
      ignore: globs("Globs, relative to this config's folder, of files and folders a directory run and the editor's index leave out."),
      docsBaseUrl: {
        type: "string",
        pattern: "^[A-Za-z][A-Za-z0-9+.-]*://\\S+$",
        description: "Where rule links lead (SARIF helpUri, the editor's links): this URL + CODE.md, e.g. a team's hosted copy of docs/rules/.",
      },
    },
  };
}

/** The schema file's text, as published. */
export function configSchemaText(): string {
  return JSON.stringify(configSchema(), null, 2) + "\n";
}
