import type { RuleBook } from "../types";
import { markIn } from "../util/excerpt";
import { tool, tools, HTTP } from "./excerpts";

const ORDER = "parameters:\n  type: object\n  properties:\n    order_id:\n      type: string\n";

/** Custom tools delegating in a chain of `n` (each tool's primitive is the next tool); the first `marked` primitives marked. */
function delegationChain(n: number, marked = 0): string {
  const lines = ["tools:", "  custom:"];
  for (let i = 1; i <= n; i++) {
    const next = i < n ? `step_${i + 1}` : "http_request";
    lines.push(`    - name: step_${i}`, "      implementation:", `        primitive: ${i <= marked ? `⟦${next}⟧` : next}`, "        args: {}");
  }
  return lines.join("\n") + "\n";
}
/** Composed and mock tools that raise nothing. */
const VALID =
  [
    "tools:",
    "  allowed: [check_inventory]",
    "  custom:",
    "    - name: check_inventory",
    "      description: Check inventory",
    "      parameters:",
    "        type: object",
    "        properties:",
    "          sku: {type: string, pattern: '^[A-Z]{3}-\\d+$'}",
    "        required: [sku]",
    "      implementation:",
    "        primitive: http_request",
    "        args:",
    "          method: GET",
    "          url: https://api.example.com/inventory/${json:sku}?q=${query:sku.id}",
    "          headers:",
    "            Authorization: Bearer ${secrets.INVENTORY_API_KEY}",
    '          body: ["${parameters}"]',
    "    - name: restock",
    "      implementation:",
    "        primitive: check_inventory",
    '        args: {sku: "${sku}"}',
    '      parameters: {properties: {" sku ": {}}}',
    "    - name: fake",
    '      implementation: {type: " MOCK ", strategy: echo}',
  ].join("\n") + "\n";

/** A custom tool `t` with this implementation (a flow value), after `extra` lines. */
const customTool = (implementation: string, extra = "") => `tools:\n  custom:\n    - name: t\n${extra}      implementation: ${implementation}\n`;

/** The rules of `tools.ts`: their pages' text and the examples that show and test them. */
export const toolsBook: RuleBook = [
  {
    code: "tools-not-serializable",
    wrong: "tools:\n  custom:\n    - name: lookup_order\n      parameters:\n        ⟦1⟧: order\n",
    right: tool(HTTP + "  args: {}\n"),
  },
  {
    code: "tools-not-serializable",
    wrong: customTool("{primitive: http, args: {n: ⟦.nan⟧}}"),
    right: customTool("{primitive: http, args: {n: '.nan'}}"),
    message: "must be JSON-serializable: json: unsupported value: NaN",
  },
  {
    code: "tools-not-serializable",
    wrong: customTool("{primitive: http, args: {m: {⟦1⟧: one}}}"),
    right: customTool("{primitive: http, args: {m: {'1': one}}}"),
    message: "must be JSON-serializable: json: unsupported type: map[interface {}]interface {}",
  },
  { code: "tools-invalid-shape", wrong: "tools:\n  custom:\n    - name: ⟦[lookup_order]⟧\n", right: tool(HTTP + "  args: {}\n") },
  {
    code: "tools-invalid-shape",
    wrong: "tools:\n  Custom: ⟦{name: t}⟧\n",
    right: VALID,
    message:
      'must be a valid tools object: json: cannot unmarshal object into Go struct field .custom of type []struct { Name string "json:\\"name\\""; Parameters json.RawMessage "json:\\"parameters\\""; Implementation json.RawMessage "json:\\"implementation\\"" }',
  },
  {
    code: "tools-invalid-shape",
    wrong: "tools:\n  custom:\n    - NAME: ⟦5⟧\n      implementation: {primitive: http, args: {}}\n",
    right: VALID,
    message: "must be a valid tools object: json: cannot unmarshal number into Go struct field .custom.name of type string",
  },
  { code: "tool-implementation-invalid-json", ...markIn(tools("parameters:\n  type: object\n", HTTP + "  args: {}\n"), "- name: lookup_order", "-") },
  {
    code: "tool-implementation-invalid-json",
    wrong: "tools:\n  custom:\n    ⟦-⟧ name: t\n      description: no implementation\n",
    right: VALID,
    message: "must be valid JSON: unexpected end of JSON input",
  },
  {
    code: "tool-implementation-invalid-json",
    wrong: customTool("⟦http_request⟧"),
    right: VALID,
    message:
      'must be valid JSON: json: cannot unmarshal string into Go value of type struct { Type string "json:\\"type\\""; Primitive string "json:\\"primitive\\""; Args json.RawMessage "json:\\"args\\"" }',
  },
  {
    code: "tool-implementation-invalid-json",
    wrong: customTool("{type: [mock], PRIMITIVE: ⟦5⟧, args: {}}"),
    right: VALID,
    message: "must be valid JSON: json: cannot unmarshal number into Go struct field .primitive of type string",
  },
  {
    code: "tool-primitive-required",
    wrong: 'tools:\n  custom:\n    - implementation:\n        primitive: ⟦""⟧',
    right: "tools:\n  custom:\n    - implementation:\n        primitive: http_request",
  },
  { code: "tool-primitive-required", wrong: customTool("{primitive: ⟦' '⟧, args: {}}"), right: customTool("{type: Mock, args: {}}") },
  { code: "tool-primitive-self-reference", ...tools("implementation:\n  primitive: ⟦lookup_order⟧\n  args: {}\n", HTTP + "  args: {}\n") },
  { code: "tool-primitive-self-reference", wrong: customTool("{primitive: ⟦' t '⟧, args: {}}"), right: VALID },
  {
    code: "tool-parameters-invalid-schema",
    ...tools("parameters:\n  type: ⟦5⟧\n" + HTTP + "  args: {}\n", "parameters:\n  type: object\n" + HTTP + "  args: {}\n"),
  },
  {
    code: "tool-parameters-invalid-schema",
    wrong: customTool("{primitive: http, args: {}}", "      parameters: {properties: {n: {type: ⟦5⟧}}}\n"),
    right: customTool("{primitive: http, args: {}}", "      parameters: {properties: {n: {type: strng}}}\n"),
    message: 'must be a valid JSON Schema: invalid value for "type": "5"',
  },
  {
    code: "tool-parameters-unresolvable-schema",
    ...tools(
      'parameters:\n  type: object\n  properties:\n    order_id:\n      type: string\n      pattern: ⟦"[0-9"⟧\n' + HTTP + "  args: {}\n",
      'parameters:\n  type: object\n  properties:\n    order_id:\n      type: string\n      pattern: "[0-9]+"\n' + HTTP + "  args: {}\n",
    ),
  },
  {
    code: "tool-parameters-unresolvable-schema",
    wrong: customTool("{primitive: http, args: {}}", "      parameters: {properties: {n: {pattern: ⟦'(abc'⟧}}}\n"),
    right: VALID,
    message: "must resolve as a valid JSON Schema: jsonschema.Schema: <anonymous schema>: pattern: error parsing regexp: missing closing ): `(abc`",
  },
  {
    code: "tool-parameters-properties-invalid",
    ...tools(
      "parameters:\n  type: object\n  properties: ⟦[order_id]⟧\n" + HTTP + "  args: {}\n",
      "parameters:\n  type: object\n  properties:\n    order_id:\n      type: string\n" + HTTP + "  args: {}\n",
    ),
  },
  {
    code: "tool-parameters-properties-invalid",
    wrong: customTool("{primitive: http, args: {}}", "      parameters:\n        type: object\n        properties: ⟦invalid⟧\n"),
    right: VALID,
    message: "must be valid JSON: json: cannot unmarshal string into Go struct field .properties of type map[string]json.RawMessage",
  },
  {
    code: "tool-parameters-properties-invalid",
    wrong: customTool("{primitive: http, args: {}}", "      parameters: ⟦true⟧\n"),
    right: customTool("{primitive: http, args: {}}", "      parameters: ~\n"),
    message: 'must be valid JSON: json: cannot unmarshal bool into Go value of type struct { Properties map[string]json.RawMessage "json:\\"properties\\"" }',
  },
  { code: "tool-args-required", ...markIn(tools(HTTP, HTTP + "  args: {}\n"), "implementation:", "implementation") },
  {
    code: "tool-args-required",
    wrong: "tools:\n  custom:\n    - name: t\n      ⟦implementation⟧: {primitive: http}\n",
    right: customTool("{primitive: http, args: ~}"),
  },
  { code: "tool-args-not-object", ...tools(HTTP + "  args: ⟦[order_id]⟧\n", HTTP + "  args: {}\n") },
  {
    code: "tool-args-not-object",
    wrong: customTool("{primitive: http, args: ⟦[1, 2]⟧}"),
    right: VALID,
    message: "must be a JSON object: json: cannot unmarshal array into Go value of type map[string]interface {}",
  },
  {
    code: "tool-args-placeholder-unclosed",
    ...tools(
      ORDER + HTTP + "  args:\n    url: https://shop.example/orders/⟦${order_id⟧\n",
      ORDER + HTTP + "  args:\n    url: https://shop.example/orders/${order_id}\n",
    ),
  },
  {
    code: "tool-args-placeholder-unclosed",
    wrong: customTool("{primitive: http, args: {url: 'https://x/⟦${sku⟧'}}"),
    right: VALID,
    message: 'contains an unclosed placeholder: "${sku"',
  },
  {
    code: "tool-args-placeholder-empty",
    ...tools(
      ORDER + HTTP + "  args:\n    url: https://shop.example/orders/⟦${ }⟧\n",
      ORDER + HTTP + "  args:\n    url: https://shop.example/orders/${order_id}\n",
    ),
  },
  {
    code: "tool-args-placeholder-empty",
    wrong: customTool("{primitive: http, args: {list: [a, 'b ⟦${  }⟧ ${x']}}"),
    right: VALID,
    message: 'contains an empty placeholder: "${  }"',
  },
  {
    code: "tool-args-placeholder-unknown",
    ...tools(
      ORDER + HTTP + "  args:\n    url: https://shop.example/orders/⟦${orderid}⟧\n",
      ORDER + HTTP + "  args:\n    url: https://shop.example/orders/${order_id}\n",
    ),
  },
  {
    code: "tool-args-placeholder-unknown",
    wrong: customTool("{primitive: http, args: {url: 'https://x/${sku}/⟦${json:missing}⟧'}}", "      parameters: {properties: {sku: {}}}\n"),
    right: customTool("{primitive: http, args: {url: 'https://x/${sku}/${json:missing}'}}", "      parameters: {properties: {sku: {}, missing: {}}}\n"),
    message: 'contains unknown placeholder "${missing}"',
  },
  { code: "tool-delegation-depth-exceeded", wrong: delegationChain(10, 2), right: delegationChain(8) },
  {
    code: "tool-delegation-cycle",
    wrong:
      "tools:\n  custom:\n    - name: lookup_order\n      implementation:\n        primitive: ⟦find_order⟧\n        args: {}\n    - name: find_order\n      implementation:\n        primitive: ⟦lookup_order⟧\n        args: {}\n",
    right:
      "tools:\n  custom:\n    - name: lookup_order\n      implementation:\n        primitive: find_order\n        args: {}\n    - name: find_order\n      implementation:\n        primitive: http_request\n        args: {}\n",
  },
];
