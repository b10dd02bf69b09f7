import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { parse } from "yaml";
import { knownObjects } from "../../server/src/service/catalog";
import { packSchema, type JsonSchema } from "../../server/src/service/schema";
import { yaml } from "../helpers/fixture";
import { pack, sections } from "../helpers/packs";

const EXAMPLES = join(__dirname, "../../../examples");
const schema = packSchema();
// Strict mode catches unknown keywords and malformed schemas; properties that also match a case-insensitive
// patternProperties entry are intended (see generate.ts).
const validate = new Ajv({ allErrors: true, allowUnionTypes: true, allowMatchingProperties: true }).compile(schema);

/** The YAML as yaml-language-server sees it (YAML 1.2 core schema), checked against the schema: the failing paths. */
function failures(text: string): string[] {
  return validate(parse(text)) ? [] : [...new Set((validate.errors ?? []).map((e) => e.instancePath))];
}

function ok(text: string): void {
  assert.deepEqual(failures(text), [], JSON.stringify(validate.errors?.slice(0, 3)));
}

function failsAt(text: string, path: string): void {
  assert.ok(failures(text).includes(path), `want a failure at ${path}, got ${JSON.stringify(failures(text))}`);
}

test("every valid example pack validates; the broken one fails at its wrong values", () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith(".yaml"));
  assert.ok(files.length >= 3);
  for (const f of files.filter((f) => !f.startsWith("broken"))) ok(readFileSync(join(EXAMPLES, f), "utf8"));
  const broken = failures(readFileSync(join(EXAMPLES, "broken.pack.yaml"), "utf8"));
  for (const path of ["/version/number", "/version/execution_mode", "/challenges/0/difficulty"]) assert.ok(broken.includes(path), path);
  ok(pack());
});

test("required keys: where an absent key fails a reference rule, including through required objects", () => {
  assert.deepEqual(schema.required, ["pack", "version", "challenges"]);
  failsAt(pack({ head: "pack:\n  name: N\n  family: f\n" }), "/pack");
  failsAt(pack({ head: "pack:\n  slug: '  '\n  name: N\n  family: f\n" }), "/pack/slug");
  failsAt(pack({ version: "version:\n  assets: []\n" }), "/version");
  failsAt(pack({ challenges: "challenges: []\n" }), "/challenges");
  // Conditional requirements stay out: case_key may come from item_key, expected_from depends on the type.
  ok(pack({ inputSets: "input_sets:\n  - key: s\n    name: S\n    cases:\n      - challenge_key: refund-question\n        item_key: k\n" }));
  ok(
    pack({
      evaluationSpec: yaml`
    evaluation_spec:
      name: e
      version_number: 1
      judge_mode: deterministic
      validators:
        - key: f
          type: file_exists
          target: file:out.txt
      scorecard:
        dimensions: [correctness]
  `,
    }),
  );
});

test("types follow the reference: YAML areas coerce scalars into strings, evaluation_spec is strict JSON", () => {
  ok(pack({ head: "pack:\n  slug: 123\n  name: true\n  family: 2024-01-01\n" }));
  failsAt(pack({ head: "pack:\n  slug: [a]\n  name: N\n  family: f\n" }), "/pack/slug");
  failsAt(
    pack({ evaluationSpec: "evaluation_spec:\n  name: 123\n  version_number: 1\n  judge_mode: deterministic\n  scorecard:\n    dimensions: [correctness]\n" }),
    "/version/evaluation_spec/name",
  );
  failsAt(pack({ version: "version:\n  number: '1'\n" }), "/version/number");
  ok(pack({ version: "version:\n  number: 1.9\n" })); // yaml.v3 truncates floats into int32
  failsAt(
    pack({ evaluationSpec: "evaluation_spec:\n  name: e\n  version_number: 1.5\n  judge_mode: deterministic\n  scorecard:\n    dimensions: [correctness]\n" }),
    "/version/evaluation_spec/version_number",
  );
  // A Go bool in a YAML area also takes yes/no/on/off, quoted or not, but not a quoted "true".
  const voice = (v: string) => `modality: voice\ninterface_spec:\n  transports: [webrtc]\n  channel_profile: p\n  supports_barge_in: ${v}\n`;
  ok(pack({ extra: voice("yes") }));
  ok(pack({ extra: voice("'off'") }));
  failsAt(pack({ extra: voice("'true'") }), "/interface_spec/supports_barge_in");
});

test("enums: exact where the reference compares exactly, tolerant where it trims or lowercases", () => {
  failsAt(pack({ challenges: "challenges:\n  - key: c\n    title: T\n    category: x\n    difficulty: Easy\n" }), "/challenges/0/difficulty");
  ok(pack({ challenges: "challenges:\n  - key: c\n    title: T\n    category: x\n    difficulty: ' easy '\n" }));
  const secret = (severity: string) => `security:\n  planted_secrets:\n    - name: K\n      value: v\n      location: ENV\n      severity: ${severity}\n`;
  ok(pack({ extra: secret("' High '") }));
  failsAt(pack({ extra: secret("severe") }), "/security/planted_secrets/0/severity");
  ok(pack({ version: "version:\n  number: 1\n  execution_mode: ''\n" })); // empty is accepted
  failsAt(pack({ version: "version:\n  number: 1\n  execution_mode: Native\n" }), "/version/execution_mode");
});

test("evaluation_spec rejects unknown keys but accepts case variants of known ones, as Go's JSON decoder does", () => {
  const spec = (extra: string) => sections.evaluationSpec + extra;
  ok(pack({ evaluationSpec: spec("") }));
  failsAt(pack({ evaluationSpec: spec("  wieght: 1\n") }), "/version/evaluation_spec");
  ok(pack({ evaluationSpec: spec("  Runtime_Limits: {MAX_ITERATIONS: 5}\n") }));
  ok(pack({ evaluationSpec: sections.evaluationSpec.replace("name:", "NAME:").replace("version_number:", "Version_Number:") }));
  failsAt(pack({ evaluationSpec: spec("  Runtime_Limits: 3\n") }), "/version/evaluation_spec/Runtime_Limits");
  failsAt(pack({ evaluationSpec: spec("  runtime_limits: {max_iterations: 0}\n") }), "/version/evaluation_spec/runtime_limits/max_iterations");
  // Outside evaluation_spec, unknown keys are ignored by the reference (packlint warns; the schema does not reject).
  ok(pack({ extra: "colour: blue\n" }));
});

test("validator config follows the validator's type; dimensions are strings or objects", () => {
  const validator = (type: string, config: string) => yaml`
    evaluation_spec:
      name: e
      version_number: 1
      judge_mode: deterministic
      validators:
        - key: v
          type: ${type}
          target: final_output
          expected_from: challenge_input
          config: ${config}
      scorecard:
        dimensions: [correctness, {key: custom, source: validators}]
  `;
  ok(pack({ evaluationSpec: validator("fuzzy_match", "{threshold: 0.8}") }));
  failsAt(pack({ evaluationSpec: validator("fuzzy_match", "{threshold: 2}") }), "/version/evaluation_spec/validators/0/config/threshold");
  failsAt(pack({ evaluationSpec: validator("fuzzy_match", "{thresold: 0.8}") }), "/version/evaluation_spec/validators/0/config");
  ok(pack({ evaluationSpec: validator("exact_match", "{anything: [1, 2]}") }));
  failsAt(
    pack({ evaluationSpec: validator("exact_match", "{}").replace("[correctness, {key: custom, source: validators}]", "[3]") }),
    "/version/evaluation_spec/scorecard/dimensions/0",
  );
});

test("mock tools need no args; free maps the validator reads keep their documented shape", () => {
  ok(pack({ extra: "tools:\n  custom:\n    - name: lookup\n      implementation:\n        type: mock\n        strategy: static\n" }));
  failsAt(pack({ extra: "tools:\n  custom:\n    - name: [x]\n" }), "/tools/custom/0/name");
  failsAt(pack({ version: "version:\n  number: 1\n  tool_policy:\n    allowed_tool_kinds: [shell]\n" }), "/version/tool_policy/allowed_tool_kinds/0");
  ok(pack({ version: "version:\n  number: 1\n  tool_policy:\n    allowed_tool_kinds: [' Terminal ']\n    allow_shell: maybe\n" }));
});

test("generated from the catalog: every known key is described, with its rules' summaries", () => {
  const defs = schema.definitions as Record<string, { properties: Record<string, JsonSchema> }>;
  let keys = 0;
  for (const [entry, obj] of Object.entries(knownObjects)) {
    if (obj.decoder === "unused") continue;
    const def =
      entry === "$"
        ? (schema as { properties: Record<string, JsonSchema> })
        : Object.values(defs).find((d) => d.properties && Object.keys(obj.keys).every((k) => k in d.properties));
    assert.ok(def, entry);
    keys += Object.keys(obj.keys).length;
  }
  assert.ok(keys > 250);
  assert.match(String(defs.pack.properties.slug.description), /pack-slug-required: pack\.slug is empty after trimming/);
  assert.match(String(defs["challenges-item"].properties.difficulty.description), /challenge-difficulty-invalid/);
});
