import type { Rule, RuleContext } from "./context";
import type { Span } from "../types";
import { goQuote, goTrim } from "../util/go-quote";
import {
  fieldMismatch,
  foldKeys,
  goFold,
  goSortedKeys,
  isJsonObject,
  lastFoldKey,
  pathBelow,
  typeMismatchText,
  valueMismatch,
  type GoTypeError,
} from "../util/go-json";
import { marshalFailures } from "./marshal-failures";
import { jsonSchemaDecodeErrors } from "../util/json-schema-decode";
import { schemaResolveProblems, SchemaProblem, tooLargePatterns } from "./tool-schema";
import { adviseTooLarge } from "./pattern-budget";

/**
 * V09 (`ValidateBundle`, runtime/challengepack/validation.go): the top-level `tools` map. The reference JSON-encodes it and decodes `custom` leniently
 * (case-insensitive keys, unknown keys ignored): each custom tool's implementation, primitive, parameters
 * schema, args and their `${…}` placeholders, then primitive→tool delegation chains.
 */

const CUSTOM_TYPE =
  'struct { Name string "json:\\"name\\""; Parameters json.RawMessage "json:\\"parameters\\""; Implementation json.RawMessage "json:\\"implementation\\"" }';
const IMPLEMENTATION_TYPE = 'struct { Type string "json:\\"type\\""; Primitive string "json:\\"primitive\\""; Args json.RawMessage "json:\\"args\\"" }';
const PROPERTIES_TYPE = 'struct { Properties map[string]json.RawMessage "json:\\"properties\\"" }';
const MAX_DELEGATION_DEPTH = 8;

type AnyMap = Record<string, unknown>;

/** A `tools.custom[i]` entry as the reference decodes it; keys are the ones written (any case). */
interface CustomTool {
  index: number;
  /** Where to report about the entry as a whole: its dash (or the written null). */
  span: Span;
  /** The list entry (undefined for a null entry). */
  entry?: AnyMap;
  name: string;
  nameKey?: string;
  parametersKey?: string;
  implementationKey?: string;
}

interface Implementation {
  obj?: AnyMap;
  type: string;
  primitive: string;
  primitiveKey?: string;
  argsKey?: string;
}

export const toolsRules: Rule = (ctx) => {
  const tools = ctx.bundle.tools;
  if (!tools || Object.keys(tools).length === 0) return;
  const [unserializable] = marshalFailures(tools, ctx.sources, ctx.at);
  if (unserializable) {
    ctx.report("tools-not-serializable", "tools", unserializable.span, { fill: { err: unserializable.message } });
    return;
  }
  const custom = decodeCustom(ctx, tools);
  if (!custom) return;

  const delegates = new Map<string, { primitive: string; span: Span }>();
  for (const tool of custom) {
    const impl = checkTool(ctx, tool);
    if (!impl || isMock(impl)) continue;
    const name = goTrim(tool.name);
    const primitive = goTrim(impl.primitive);
    if (name !== "" && primitive !== "") {
      delegates.set(name, { primitive, span: primitiveSpan(ctx, tool, impl) });
    }
  }
  checkDelegation(ctx, delegates);
};

/** `tools.custom` decoded as Go's json.Unmarshal would, or undefined after reporting its first type error. */
function decodeCustom(ctx: RuleContext, tools: AnyMap): CustomTool[] | undefined {
  let list: unknown[] | undefined;
  let error: (GoTypeError & { span: Span }) | undefined;
  const fail = (e: GoTypeError, span: Span) => (error ??= { ...e, span });
  // Every case variant of `custom` is decoded in Go's key order; the last list written is the one kept.
  for (const key of foldKeys(tools, "custom")) {
    const v = tools[key];
    if (v === null) list = undefined;
    else if (!Array.isArray(v)) fail(fieldMismatch(v, "custom", `[]${CUSTOM_TYPE}`, "tools.custom"), ctx.at.value(tools, key));
    else {
      list = v;
      v.forEach((item, i) => {
        if (item === null) return;
        if (!isJsonObject(item)) return fail(fieldMismatch(item, "custom", CUSTOM_TYPE, `tools.custom[${i}]`), ctx.at.item(v, i));
        for (const k of foldKeys(item, "name")) {
          const name = item[k];
          if (name !== null && typeof name !== "string") fail(fieldMismatch(name, "custom.name", "string", `tools.custom[${i}].name`), ctx.at.value(item, k));
        }
      });
    }
  }
  if (error) {
    ctx.report("tools-invalid-shape", "tools", error.span, { fill: { err: error.message }, text: error.text });
    return undefined;
  }
  const entries = list ?? [];
  return entries.map((item, index) => {
    if (!isJsonObject(item)) return { index, span: ctx.at.item(entries, index), name: "" };
    const span = ctx.at.anchor(item);
    const names = foldKeys(item, "name").filter((k) => typeof item[k] === "string");
    const nameKey = names[names.length - 1];
    return {
      index,
      span,
      entry: item,
      name: nameKey === undefined ? "" : (item[nameKey] as string),
      nameKey,
      parametersKey: lastFoldKey(item, "parameters"),
      implementationKey: lastFoldKey(item, "implementation"),
    };
  });
}

/** Per-tool checks, in the reference's order (`ValidateBundle`, runtime/challengepack/validation.go). Returns the decoded implementation when it decoded. */
function checkTool(ctx: RuleContext, tool: CustomTool): Implementation | undefined {
  const path = `tools.custom[${tool.index}]`;
  const impl = decodeImplementation(ctx, tool, path);
  if (!impl || isMock(impl)) return impl;

  const name = goTrim(tool.name);
  const primitive = goTrim(impl.primitive);
  const primSpan = primitiveSpan(ctx, tool, impl);
  if (primitive === "") ctx.report("tool-primitive-required", `${path}.implementation.primitive`, primSpan);
  if (name !== "" && primitive === name) {
    const nameSpan = ctx.at.value(tool.entry, tool.nameKey!);
    ctx.report("tool-primitive-self-reference", `${path}.implementation.primitive`, primSpan, {
      related: [{ span: nameSpan, message: `the tool's name is ${goQuote(name)}` }],
    });
  }

  const declared = checkParameters(ctx, tool, path);

  const argsPath = `${path}.implementation.args`;
  if (impl.argsKey === undefined) {
    ctx.report("tool-args-required", argsPath, impl.obj ? ctx.at.value(impl.obj, "args") : implementationSpan(ctx, tool));
    return impl;
  }
  const args = impl.obj![impl.argsKey];
  if (args !== null && !isJsonObject(args)) {
    const err = valueMismatch(args, "map[string]interface {}", argsPath);
    ctx.report("tool-args-not-object", argsPath, ctx.at.value(impl.obj, impl.argsKey), { fill: { err: err.message }, text: err.text });
    return impl;
  }
  if (args !== null) checkPlaceholders(ctx, args, argsPath, declared);
  return impl;
}

function isMock(impl: Implementation): boolean {
  return goFold(goTrim(impl.type)) === "mock";
}

function implementationSpan(ctx: RuleContext, tool: CustomTool): Span {
  return tool.entry && tool.implementationKey !== undefined ? ctx.at.value(tool.entry, tool.implementationKey) : tool.span;
}

function primitiveSpan(ctx: RuleContext, tool: CustomTool, impl: Implementation): Span {
  return impl.obj ? ctx.at.value(impl.obj, impl.primitiveKey ?? "primitive") : implementationSpan(ctx, tool);
}

/** `implementation` decoded into {type, primitive, args}; reports and returns undefined when that fails. */
function decodeImplementation(ctx: RuleContext, tool: CustomTool, path: string): Implementation | undefined {
  const report = (err: string | GoTypeError, span: Span) => {
    const extra = typeof err === "string" ? { fill: { err } } : { fill: { err: err.message }, text: err.text };
    ctx.report("tool-implementation-invalid-json", `${path}.implementation`, span, extra);
    return undefined;
  };
  if (!tool.entry || tool.implementationKey === undefined) return report("unexpected end of JSON input", tool.span);
  const v = tool.entry[tool.implementationKey];
  if (v === null) return { type: "", primitive: "" };
  if (!isJsonObject(v)) return report(valueMismatch(v, IMPLEMENTATION_TYPE, `${path}.implementation`), ctx.at.value(tool.entry, tool.implementationKey));
  const impl: Implementation = { obj: v, type: "", primitive: "" };
  for (const k of goSortedKeys(v)) {
    const f = (["type", "primitive"] as const).find((name) => goFold(k) === name);
    if (f === undefined) {
      if (goFold(k) === "args") impl.argsKey = k;
      continue;
    }
    const value = v[k];
    if (value === null) continue;
    if (typeof value !== "string") return report(fieldMismatch(value, f, "string", `${path}.implementation.${f}`), ctx.at.value(v, k));
    impl[f] = value;
    if (f === "primitive") impl.primitiveKey = k;
  }
  return impl;
}

/** The parameters schema checks; returns the declared parameter names (trimmed `properties` keys). */
function checkParameters(ctx: RuleContext, tool: CustomTool, path: string): Set<string> {
  const field = `${path}.parameters`;
  if (tool.parametersKey === undefined) return new Set(); // the default schema: an object without properties
  const owner = tool.entry!;
  const params = owner[tool.parametersKey];
  const spanOf = (p: SchemaProblem) => ctx.at.pathValue(owner, [tool.parametersKey!, ...p.path], p.onKey);

  const decode = jsonSchemaDecodeErrors(params);
  for (const p of decode) {
    const text = p.mismatch && typeMismatchText(pathBelow(field, p.path), p.mismatch.expected, p.mismatch.kind);
    ctx.report("tool-parameters-invalid-schema", field, spanOf(p), { fill: { err: p.message }, text });
  }
  if (decode.length === 0) {
    for (const p of schemaResolveProblems(params)) {
      ctx.report("tool-parameters-unresolvable-schema", field, spanOf(p), { fill: { err: p.message } });
    }
    for (const p of tooLargePatterns(params)) adviseTooLarge(ctx, field, ctx.at.pathValue(owner, [tool.parametersKey!, ...p.path], p.onKey), p.pattern);
  }

  const invalid = (err: GoTypeError, span: Span) => {
    ctx.report("tool-parameters-properties-invalid", field, span, { fill: { err: err.message }, text: err.text });
    return new Set<string>();
  };
  if (params === null) return new Set();
  if (!isJsonObject(params)) return invalid(valueMismatch(params, PROPERTIES_TYPE, field), ctx.at.value(owner, tool.parametersKey));
  let declared = new Set<string>();
  for (const k of foldKeys(params, "properties")) {
    const props = params[k];
    if (props === null) declared = new Set();
    else if (!isJsonObject(props))
      return invalid(fieldMismatch(props, "properties", "map[string]json.RawMessage", `${field}.properties`), ctx.at.value(params, k));
    else for (const name of Object.keys(props)) declared.add(goTrim(name));
  }
  return declared;
}

interface PlaceholderProblem {
  path: string;
  /** The placeholder the catalog's message names. */
  fill: { rest: string } | { token: string };
  span: Span;
  code: "tool-args-placeholder-unclosed" | "tool-args-placeholder-empty" | "tool-args-placeholder-unknown";
}

/**
 * The reference runs two passes over every string in args (Go map order, so its choice of string varies):
 * a syntax pass, then a syntax-and-references pass, each reporting only its first problem. We visit in
 * document order and report the same syntax problem once when both passes find it.
 */
function checkPlaceholders(ctx: RuleContext, args: AnyMap, argsPath: string, declared: ReadonlySet<string>): void {
  const syntax = firstProblem(ctx, args, argsPath, (s, path, span) => syntaxProblem(ctx, s, path, span));
  const any = firstProblem(ctx, args, argsPath, (s, path, span) => syntaxProblem(ctx, s, path, span) ?? referenceProblem(ctx, s, path, span, declared));
  const report = (p: PlaceholderProblem) => ctx.report(p.code, p.path, p.span, { fill: p.fill });
  const same = (a: PlaceholderProblem, b: PlaceholderProblem) => a.path === b.path && a.code === b.code && JSON.stringify(a.fill) === JSON.stringify(b.fill);
  if (syntax) report(syntax);
  if (any && !(syntax && same(syntax, any))) report(any);
}

type StringCheck = (s: string, path: string, span: Span) => PlaceholderProblem | undefined;

function firstProblem(ctx: RuleContext, value: unknown, path: string, check: StringCheck, span?: Span): PlaceholderProblem | undefined {
  if (typeof value === "string") return check(value, path, span!);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = firstProblem(ctx, value[i], `${path}[${i}]`, check, ctx.at.item(value, i));
      if (p) return p;
    }
  } else if (isJsonObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const p = firstProblem(ctx, v, `${path}.${k}`, check, ctx.at.value(value, k));
      if (p) return p;
    }
  }
  return undefined;
}

/** Each `${…}` of a string: its start, and the text between the braces (undefined when unclosed). */
function* placeholders(s: string): Generator<{ start: number; inner?: string }> {
  let from = 0;
  for (;;) {
    const start = s.indexOf("${", from);
    if (start < 0) return;
    const close = s.indexOf("}", start + 2);
    if (close < 0) {
      yield { start };
      return;
    }
    yield { start, inner: s.slice(start + 2, close) };
    from = close + 1;
  }
}

/** Narrows a string value's span to the first occurrence of `needle` in its written text, when it is there. */
function within(ctx: RuleContext, span: Span, needle: string): Span {
  const i = ctx.text.slice(span.start, span.end).indexOf(needle);
  return i < 0 ? span : { start: span.start + i, end: span.start + i + needle.length };
}

function syntaxProblem(ctx: RuleContext, s: string, path: string, span: Span): PlaceholderProblem | undefined {
  for (const p of placeholders(s)) {
    if (p.inner === undefined) {
      const rest = s.slice(p.start);
      return { path, span: within(ctx, span, rest), code: "tool-args-placeholder-unclosed", fill: { rest } };
    }
    if (goTrim(p.inner) === "") {
      const token = "${" + p.inner + "}";
      return { path, span: within(ctx, span, token), code: "tool-args-placeholder-empty", fill: { token } };
    }
  }
  return undefined;
}

function referenceProblem(ctx: RuleContext, s: string, path: string, span: Span, declared: ReadonlySet<string>): PlaceholderProblem | undefined {
  for (const p of placeholders(s)) {
    const expr = stripEncoding(p.inner!);
    if (expr === "parameters") continue;
    if (expr.startsWith("secrets.") && goTrim(expr.slice("secrets.".length)) !== "") continue;
    if (declared.has(expr.split(".")[0])) continue;
    return {
      path,
      span: within(ctx, span, "${" + p.inner + "}"),
      code: "tool-args-placeholder-unknown",
      fill: { token: "${" + expr + "}" },
    };
  }
  return undefined;
}

function stripEncoding(expr: string): string {
  const enc = ["json:", "query:", "path:"].find((e) => expr.startsWith(e));
  return enc ? expr.slice(enc.length) : expr;
}

/** Delegation chains: primitive → custom tool → its primitive …, at most 8 deep and without cycles. */
function checkDelegation(ctx: RuleContext, delegates: Map<string, { primitive: string; span: Span }>): void {
  for (const [name, start] of delegates) {
    const visited = new Set([name]);
    let current = start.primitive;
    for (let depth = 1; ; depth++) {
      if (depth > MAX_DELEGATION_DEPTH) {
        ctx.report("tool-delegation-depth-exceeded", "tools", start.span, { fill: { name } });
        break;
      }
      if (visited.has(current)) {
        ctx.report("tool-delegation-cycle", "tools", start.span, { fill: { name, current } });
        break;
      }
      const next = delegates.get(current);
      if (!next) break;
      visited.add(current);
      current = next.primitive;
    }
  }
}
