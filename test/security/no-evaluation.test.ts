import { test } from "node:test";
import assert from "node:assert/strict";
import { RE2JS } from "re2js";
import * as svc from "../../server/src/service/pack";
import { yaml } from "../helpers/fixture";
import { evalPack } from "../helpers/eval-spec";
import { rng } from "../fuzz/mutate";
import { checkPackFeatures } from "../fuzz/check-features";

/**
 * Nothing from a pack is evaluated: its regexes are only compiled, with re2js (linear-time RE2, no backtracking),
 * never handed to JavaScript's RegExp and never run; its JSON Schemas are data checked against our own schemas,
 * never compiled to code; its templates are never rendered. Every pack value below carries the marker ZQX, and the
 * test watches RegExp, string matching, Function, eval and re2js while the service and every feature run.
 */
const MARK = "ZQX";

const spec = evalPack({
  validators: yaml`
    - key: post
      type: postcondition
      target: file:out
      config: {condition: regex_match, value: "${MARK}(c+)+$"}
    - key: run
      type: code_execution
      target: file:out
      config: {test_command: "pytest {{ ${MARK} }} {{input.${MARK}}}"}
  `,
  checks: yaml`
    - key: out
      type: file_capture
      path: /workspace/out.txt
  `,
});

const PACK =
  spec +
  yaml`
    security:
      forbidden_outputs:
        - description: no key
          pattern: "${MARK}(a+)+$"
        - description: lookahead
          pattern: "(?=${MARK})"
      adversarial_prompts:
        - name: ask
          text: "{{ ${MARK} }}"
          expected_refusal_pattern: "(?i)${MARK}(x+x+)+y"
    tools:
      custom:
        - name: t
          parameters:
            type: object
            properties:
              a: {type: string, pattern: "${MARK}(a|aa)+$", format: "${MARK}"}
            patternProperties:
              "${MARK}(b+)+$": {}
          implementation: {primitive: http_request, args: {url: "https://x/\${json:${MARK}}"}}
  `;

interface Watch {
  regexps: string[];
  functions: string[];
  re2Compiled: string[];
  re2Run: string[];
}

/** Runs `fn` with RegExp, String.prototype.match/matchAll/search, Function, eval and re2js watched. */
function watching(fn: () => void): Watch {
  const w: Watch = { regexps: [], functions: [], re2Compiled: [], re2Run: [] };
  const g = globalThis as unknown as Record<string, unknown>;
  const saved = { RegExp: g.RegExp, Function: g.Function, eval: g.eval };
  const source = (p: unknown) => (p instanceof (saved.RegExp as RegExpConstructor) ? p.source : String(p));
  g.RegExp = new Proxy(saved.RegExp as RegExpConstructor, {
    construct: (t, args) => (w.regexps.push(source(args[0])), Reflect.construct(t, args)),
    apply: (t, self, args) => (w.regexps.push(source(args[0])), Reflect.apply(t, self, args)),
  });
  g.Function = new Proxy(saved.Function as FunctionConstructor, {
    construct: (t, args) => (w.functions.push(args.join("\n")), Reflect.construct(t, args)),
    apply: (t, self, args) => (w.functions.push(args.join("\n")), Reflect.apply(t, self, args)),
  });
  g.eval = (code: unknown) => {
    w.functions.push(String(code));
    return (saved.eval as (c: unknown) => unknown)(code);
  };
  const proto = String.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const strings = { match: proto.match, matchAll: proto.matchAll, search: proto.search };
  for (const [name, original] of Object.entries(strings)) {
    proto[name] = function (this: string, p: unknown, ...rest: unknown[]) {
      if (typeof p === "string") w.regexps.push(p); // a string pattern is compiled as a RegExp
      return original.call(this, p, ...rest);
    };
  }
  const compile = RE2JS.compile;
  (RE2JS as unknown as { compile: unknown }).compile = (p: string, ...rest: unknown[]) => {
    w.re2Compiled.push(p);
    return (compile as (...a: unknown[]) => RE2JS).call(RE2JS, p, ...rest);
  };
  const re2 = RE2JS.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const running = ["matches", "matcher", "test", "testExact", "exec", "split", "matchAll"];
  const savedRe2 = running.map((n) => re2[n]);
  running.forEach((n, i) => {
    re2[n] = function (this: RE2JS, ...args: unknown[]) {
      w.re2Run.push(this.pattern());
      return savedRe2[i].apply(this, args);
    };
  });
  try {
    fn();
  } finally {
    Object.assign(g, saved);
    Object.assign(proto, strings);
    (RE2JS as unknown as { compile: unknown }).compile = compile;
    running.forEach((n, i) => (re2[n] = savedRe2[i]));
  }
  return w;
}

test("a pack's regexes are compiled by re2js only, never run; nothing of the pack reaches RegExp, Function or eval", () => {
  let diagnostics: svc.PackDiagnostic[] = [];
  const w = watching(() => {
    const model = svc.buildPackModel(PACK, "file:///ws/pack.yaml");
    diagnostics = svc.packDiagnostics(model);
    checkPackFeatures(PACK, rng(3), 60, undefined);
  });
  const marked = (xs: string[]) => xs.filter((x) => x.includes(MARK));
  assert.deepEqual(marked(w.regexps), [], "no pack text became a JavaScript RegExp");
  assert.deepEqual(marked(w.functions), [], "no pack text became code");
  assert.deepEqual(marked(w.re2Run), [], "no pack regex was run");
  for (const p of [`${MARK}(a+)+$`, `(?i)${MARK}(x+x+)+y`, `${MARK}(a|aa)+$`, `${MARK}(b+)+$`, `${MARK}(c+)+$`]) {
    assert.ok(w.re2Compiled.includes(p), `${p} was compiled by re2js`);
  }
  // RE2 syntax decides: a lookahead is an error with Go's message.
  const lookahead = diagnostics.find((d) => d.code === "forbidden-output-pattern-invalid-regexp");
  assert.equal(lookahead?.message, "invalid regexp: error parsing regexp: invalid or unsupported Perl syntax: `(?=`");
});
