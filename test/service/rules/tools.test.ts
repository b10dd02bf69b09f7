import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../helpers/expect";
import { pack } from "../../helpers/packs";
import { schemaResolveProblems } from "../../../server/src/service/rules/tool-schema";

const withTools = (block: string) => pack({ extra: block });

const VALID = yaml`
  tools:
    allowed: [check_inventory]
    custom:
      - name: check_inventory
        description: Check inventory
        parameters:
          type: object
          properties:
            sku: {type: string, pattern: '^[A-Z]{3}-\\d+$'}
          required: [sku]
        implementation:
          primitive: http_request
          args:
            method: GET
            url: https://api.example.com/inventory/\${json:sku}?q=\${query:sku.id}
            headers:
              Authorization: Bearer \${secrets.INVENTORY_API_KEY}
            body: ["\${parameters}"]
      - name: restock
        implementation:
          primitive: check_inventory
          args: {sku: "\${sku}"}
        parameters: {properties: {" sku ": {}}}
      - name: fake
        implementation: {type: " MOCK ", strategy: echo}
`;

test("a pack with valid composed and mock tools is valid", () => {
  expectValid(withTools(VALID));
});

/** A custom tool `t` with this implementation (a flow value), after `extra` lines. */
const tool = (impl: string, extra = "") => `tools:\n  custom:\n    - name: t\n${extra}      implementation: ${impl}\n`;

test("tools: nothing is checked without keys, and only `custom` is read", () => {
  expectValid(withTools("tools: {}\n"));
  expectValid(withTools("tools:\n  denied: {anything: [1, 2]}\n"));
});

test("tool-delegation-cycle: every tool on or leading into the cycle reports it, at its primitive", () => {
  const m = marked(
    withTools(yaml`
      tools:
        custom:
          - name: toolA
            implementation: {primitive: ⟦toolB⟧, args: {}}
          - name: toolB
            implementation: {primitive: ⟦toolA⟧, args: {}}
          - name: toolC
            implementation: {primitive: ⟦toolA⟧, args: {}}
    `),
  );
  const got = diagnose(m.text).filter((d) => d.code === "tool-delegation-cycle");
  assert.deepEqual(
    got.map((d) => [d.field, d.message, d.range]),
    [
      ["tools", 'tool "toolA" has a delegation cycle through "toolA"', m.ranges[0]],
      ["tools", 'tool "toolB" has a delegation cycle through "toolB"', m.ranges[1]],
      ["tools", 'tool "toolC" has a delegation cycle through "toolA"', m.ranges[2]],
    ],
  );
  expectNo(withTools(VALID), "tool-delegation-cycle");
});

test("tool-delegation-depth-exceeded: nine delegating tools in a chain", () => {
  const chain = (n: number, marker: boolean) =>
    "tools:\n  custom:\n" +
    Array.from({ length: n }, (_, i) => {
      const primitive = i === n - 1 ? "http_request" : `t${i + 2}`;
      const shown = i === 0 && marker ? `⟦${primitive}⟧` : primitive;
      return `    - name: t${i + 1}\n      implementation: {primitive: ${shown}, args: {}}\n`;
    }).join("");
  expectDiagnostics(withTools(chain(9, true)), {
    code: "tool-delegation-depth-exceeded",
    field: "tools",
    message: 'tool "t1" exceeds maximum delegation depth of 8',
  });
  expectNo(withTools(chain(8, false)), "tool-delegation-depth-exceeded");
});

test("delegation ignores mock tools, tools without a name and undecodable implementations", () => {
  const src = yaml`
    tools:
      custom:
        - name: a
          implementation: {primitive: b, args: {}}
        - name: b
          implementation: {type: mock, primitive: a}
        - implementation: {primitive: a, args: {}}
  `;
  expectNo(withTools(src), "tool-delegation-cycle");
});

test("a placeholder syntax error found by both of the reference's passes is reported once", () => {
  const got = diagnose(withTools(tool("{primitive: http, args: {a: '${}', b: '${nope}'}}"))).filter((d) => d.code.startsWith("tool-args-placeholder"));
  assert.deepEqual(
    got.map((d) => [d.code, d.field]),
    [["tool-args-placeholder-empty", "tools.custom[0].implementation.args.a"]],
  );
});

test("each pass reports its first problem: a later syntax error and an earlier unknown reference both show", () => {
  const got = diagnose(withTools(tool("{primitive: http, args: {a: '${nope}', b: ['${x']}}"))).filter((d) => d.code.startsWith("tool-args-placeholder"));
  assert.deepEqual(
    got.map((d) => [d.code, d.field]),
    [
      ["tool-args-placeholder-unknown", "tools.custom[0].implementation.args.a"],
      ["tool-args-placeholder-unclosed", "tools.custom[0].implementation.args.b[0]"],
    ],
  );
});

test("placeholder references: parameters, secrets.<name>, declared roots; expressions are not trimmed", () => {
  const args = (url: string) => tool(`{primitive: http, args: {u: '${url}'}}`, "      parameters: {properties: {sku: {}}}\n");
  for (const ok of ["${parameters}", "${secrets.K}", "${sku.id}", "${path:sku}", "${query:parameters}"]) {
    expectNo(withTools(args(ok)), "tool-args-placeholder-unknown");
  }
  for (const [bad, shown] of [
    ["${ sku }", "${ sku }"],
    ["${secrets. }", "${secrets. }"],
    ["${parameters.x}", "${parameters.x}"],
    ["${json:json:sku}", "${json:sku}"],
  ]) {
    const got = diagnose(withTools(args(bad))).filter((d) => d.code === "tool-args-placeholder-unknown");
    assert.equal(got.length, 1, bad);
    assert.equal(got[0].message, `contains unknown placeholder "${shown}"`);
  }
});

test("the tools mapping is read case-insensitively, as Go's encoding/json does", () => {
  const src = yaml`
    tools:
      CUSTOM:
        - Name: t
          Parameters: {PROPERTIES: {q: {}}}
          Implementation: {Primitive: ⟦t⟧, ARGS: {u: "\${q}"}}
  `;
  expectDiagnostics(withTools(src), { code: "tool-primitive-self-reference", field: "tools.custom[0].implementation.primitive" });
  expectNo(withTools(src), "tool-args-placeholder-unknown");
});

test("jsonschema-go Resolve: nil subschemas, $defs with definitions, $vocabulary, regexps, $id and $ref", () => {
  const fails: [unknown, string][] = [
    [{ properties: { a: null } }, "jsonschema: schema at /properties/a is nil"],
    [{ $defs: {}, definitions: {} }, "both Defs and Definitions are set; at most one should be"],
    [{ $vocabulary: {} }, "jsonschema.Schema: <anonymous schema>: cannot validate a schema with $vocabulary"],
    [{ patternProperties: { "a(": {} } }, 'jsonschema.Schema: <anonymous schema>: patternProperties["a("]: error parsing regexp: missing closing ): `a(`'],
    [{ $id: "x.json" }, '$id x.json does not resolve to an absolute URI (base is "")'],
    [{ $id: "https://e.com/s#frag" }, "$id https://e.com/s#frag must not have a fragment"],
    [{ $ref: "other.json" }, "loading /other.json: cannot resolve remote schemas: no loader passed to Schema.Resolve"],
    [{ $ref: "#/properties/b" }, 'JSON Pointer "/properties/b": no key "b" in map'],
    [{ $ref: "#/minLength" }, 'JSON Pointer "/minLength": does not refer to a schema'],
    [{ $ref: "#nowhere" }, 'no anchor "nowhere" in <anonymous schema>'],
  ];
  for (const [s, message] of fails)
    assert.deepEqual(
      schemaResolveProblems(s).map((p) => p.message),
      [message],
      JSON.stringify(s),
    );
  const resolves: unknown[] = [
    null,
    false,
    { $defs: { a: { type: "string" } }, properties: { x: { $ref: "#/$defs/a" }, y: { $ref: "#" }, z: { $ref: "#/items" } } },
    { $schema: "https://json-schema.org/draft/2020-12/schema", $vocabulary: { x: true } },
    { $id: "https://e.com/root.json", $defs: { a: { $anchor: "A" } }, properties: { x: { $ref: "#A" }, y: { $ref: "root.json#/$defs/a" } } },
    { allOf: [{ $ref: "#/allOf/1" }, false], not: { $ref: "#/allOf/1/not" } },
    { pattern: "(?P<n>a)" },
  ];
  for (const s of resolves) assert.deepEqual(schemaResolveProblems(s), [], JSON.stringify(s));
});

test("schema problems point at the offending value, even under case-variant keys", () => {
  expectDiagnostics(withTools(tool("{primitive: http, args: {}}", "      parameters: {Properties: {a: ⟦~⟧}}\n")), {
    code: "tool-parameters-unresolvable-schema",
    field: "tools.custom[0].parameters",
    message: "must resolve as a valid JSON Schema: jsonschema: schema at /properties/a is nil",
  });
});
