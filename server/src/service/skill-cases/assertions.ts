/**
 * The simple assertion forms of a case file, which the deterministic checker evaluates against a formatted
 * response: `selected_skill == 'x'`, `'report.json' in artifacts`, `status in ['BLOCKED', 'NEEDS_CONFIRMATION']`,
 * `artifact_exists('x')`, `routing['on_failure'] == 'skill-author'`, combined with `and`, `or`, `not` and parentheses.
 * Anything else is a semantic assertion that needs a reviewer's judgement.
 */

export type Expr =
  | { k: "str"; v: string }
  | { k: "bool"; v: boolean }
  | { k: "num"; v: string }
  | { k: "list"; items: Expr[] }
  | { k: "id"; name: string }
  | { k: "index"; obj: Expr; key: string }
  | { k: "call"; fn: string; args: Expr[] }
  | { k: "cmp"; op: "==" | "!=" | "in" | "not in"; l: Expr; r: Expr }
  | { k: "and" | "or"; l: Expr; r: Expr }
  | { k: "not"; e: Expr };

/** What the checker knows about a response. */
export const IDENTIFIERS: Record<string, string> = {
  selected_skill: "The Skill the response selected (`selected_skill:`), or `''`.",
  status: "The response status: PASS, FAIL, BLOCKED, NEEDS_CONFIRMATION or UNKNOWN.",
  artifacts: "The artifacts the response names (`artifacts:` list).",
  routing: "The routes the response names (`routing:` list), route → target.",
  next_action: "The next concrete action the response names, or `''`.",
};

export const FUNCTIONS: Record<string, string> = {
  artifact_exists: "`artifact_exists('x')`: the response names artifact `x`.",
};

export type ParseResult = { ok: true; expr: Expr } | { ok: false; reason: string };

type Tok = { t: "str"; v: string } | { t: "id"; v: string } | { t: "op"; v: string } | { t: "num"; v: string };

function tokenize(src: string): Tok[] | string {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let v = "";
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j++) {
        if (src[j] === "\\" && j + 1 < src.length) j++;
        v += src[j];
      }
      if (j >= src.length) return "unterminated string";
      out.push({ t: "str", v });
      i = j + 1;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i))![0];
      out.push({ t: "num", v: m });
      i += m.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))![0];
      out.push({ t: "id", v: m });
      i += m.length;
    } else if (src.startsWith("==", i) || src.startsWith("!=", i)) {
      out.push({ t: "op", v: src.slice(i, i + 2) });
      i += 2;
    } else if ("()[],.".includes(c)) {
      out.push({ t: "op", v: c });
      i++;
    } else {
      return `unexpected ${JSON.stringify(c)}`;
    }
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}

  parse(): Expr {
    const e = this.or();
    if (this.i < this.toks.length) throw new Error(`unexpected ${this.show(this.toks[this.i])}`);
    return e;
  }

  private show(t: Tok | undefined): string {
    return t === undefined ? "end" : t.t === "str" ? "string" : t.t === "num" ? "number" : JSON.stringify(t.v);
  }

  private peekWord(w: string, at = this.i): boolean {
    const t = this.toks[at];
    return t !== undefined && t.t === "id" && t.v === w;
  }

  private peekOp(o: string): boolean {
    const t = this.toks[this.i];
    return t !== undefined && t.t === "op" && t.v === o;
  }

  private expectOp(o: string): void {
    if (!this.peekOp(o)) throw new Error(`expected ${JSON.stringify(o)}, found ${this.show(this.toks[this.i])}`);
    this.i++;
  }

  private or(): Expr {
    let l = this.and();
    while (this.peekWord("or")) {
      this.i++;
      l = { k: "or", l, r: this.and() };
    }
    return l;
  }

  private and(): Expr {
    let l = this.not();
    while (this.peekWord("and")) {
      this.i++;
      l = { k: "and", l, r: this.not() };
    }
    return l;
  }

  private not(): Expr {
    if (this.peekWord("not")) {
      this.i++;
      return { k: "not", e: this.not() };
    }
    return this.cmp();
  }

  private cmp(): Expr {
    const l = this.term();
    if (this.peekOp("==") || this.peekOp("!=")) {
      const op = (this.toks[this.i++] as { v: "==" | "!=" }).v;
      return { k: "cmp", op, l, r: this.term() };
    }
    if (this.peekWord("in")) {
      this.i++;
      return { k: "cmp", op: "in", l, r: this.term() };
    }
    if (this.peekWord("not") && this.peekWord("in", this.i + 1)) {
      this.i += 2;
      return { k: "cmp", op: "not in", l, r: this.term() };
    }
    return l;
  }

  private term(): Expr {
    const t = this.toks[this.i];
    if (!t) throw new Error("unexpected end");
    if (t.t === "str") {
      this.i++;
      return { k: "str", v: t.v };
    }
    if (t.t === "num") {
      this.i++;
      return { k: "num", v: t.v };
    }
    if (t.t === "op" && t.v === "(") {
      this.i++;
      const e = this.or();
      this.expectOp(")");
      return e;
    }
    if (t.t === "op" && t.v === "[") {
      this.i++;
      const items: Expr[] = [];
      while (!this.peekOp("]")) {
        items.push(this.term());
        if (!this.peekOp(",")) break;
        this.i++;
      }
      this.expectOp("]");
      return { k: "list", items };
    }
    if (t.t === "id") {
      if (["and", "or", "not", "in"].includes(t.v)) throw new Error(`unexpected ${JSON.stringify(t.v)}`);
      this.i++;
      if (t.v === "True" || t.v === "true") return { k: "bool", v: true };
      if (t.v === "False" || t.v === "false") return { k: "bool", v: false };
      let e: Expr = { k: "id", name: t.v };
      if (this.peekOp("(")) {
        this.i++;
        const args: Expr[] = [];
        while (!this.peekOp(")")) {
          args.push(this.or());
          if (!this.peekOp(",")) break;
          this.i++;
        }
        this.expectOp(")");
        e = { k: "call", fn: t.v, args };
      }
      for (;;) {
        if (this.peekOp("[")) {
          this.i++;
          const key = this.toks[this.i];
          if (!key || key.t !== "str") throw new Error("expected a quoted key");
          this.i++;
          this.expectOp("]");
          e = { k: "index", obj: e, key: key.v };
        } else if (this.peekOp(".")) {
          this.i++;
          const key = this.toks[this.i];
          if (!key || key.t !== "id") throw new Error('expected a name after "."');
          this.i++;
          e = { k: "index", obj: e, key: key.v };
        } else return e;
      }
    }
    throw new Error(`unexpected ${this.show(t)}`);
  }
}

/** Parses an assertion and checks it only uses what the checker knows; otherwise says why it needs judgement. */
export function parseAssertion(src: string): ParseResult {
  // Prose ("the summary reads politely") is a semantic assertion; a mistyped check deserves the parser's details.
  const checkLike = [...Object.keys(IDENTIFIERS), ...Object.keys(FUNCTIONS)].some((n) => new RegExp(`\\b${n}\\b`).test(src));
  const fail = (detail: string): ParseResult => ({ ok: false, reason: checkLike ? detail : "not one of the simple forms" });
  const toks = tokenize(src);
  if (typeof toks === "string") return fail(toks);
  if (toks.length === 0) return { ok: false, reason: "empty assertion" };
  let expr: Expr;
  try {
    expr = new Parser(toks).parse();
  } catch (e) {
    return fail((e as Error).message);
  }
  const unknown = unknownNames(expr);
  if (unknown) return { ok: false, reason: unknown };
  return { ok: true, expr };
}

function unknownNames(e: Expr): string | undefined {
  switch (e.k) {
    case "id":
      return e.name in IDENTIFIERS ? undefined : `unknown name ${JSON.stringify(e.name)}`;
    case "call":
      if (!(e.fn in FUNCTIONS)) return `unknown function ${JSON.stringify(e.fn)}`;
      if (e.args.length !== 1) return `${e.fn} takes one argument`;
      return unknownNames(e.args[0]);
    case "index":
      return e.obj.k === "id" && e.obj.name === "routing" ? undefined : "only routing can be indexed";
    case "list":
      return e.items.map(unknownNames).find((x) => x);
    case "num":
      return "numbers are not compared";
    case "cmp":
    case "and":
    case "or":
      return unknownNames(e.l) ?? unknownNames(e.r);
    case "not":
      return unknownNames(e.e);
    default:
      return undefined;
  }
}

/** The facts an assertion is evaluated against. */
export interface ResponseFacts {
  /** Undefined when the answer's choice is undecided: an assertion that reads it is then undecided too. */
  selected_skill: string | undefined;
  status: string;
  artifacts: string[];
  routing: Record<string, string>;
  next_action: string;
}

type Value = string | boolean | string[] | Record<string, string> | Value[];

/** Evaluates a parsed assertion; undefined when the values do not fit the operator (it then needs judgement). */
export function evaluate(e: Expr, facts: ResponseFacts): boolean | undefined {
  const v = value(e, facts);
  return typeof v === "boolean" ? v : undefined;
}

function value(e: Expr, f: ResponseFacts): Value | undefined {
  switch (e.k) {
    case "str":
    case "bool":
      return e.v;
    case "num":
      return undefined;
    case "list": {
      const items = e.items.map((i) => value(i, f));
      return items.some((i) => i === undefined) ? undefined : (items as Value[]);
    }
    case "id":
      return f[e.name as keyof ResponseFacts];
    case "index":
      return f.routing[e.key] ?? "";
    case "call": {
      const a = value(e.args[0], f);
      return typeof a === "string" ? f.artifacts.some((x) => sameArtifact(x, a)) : undefined;
    }
    case "not": {
      const v = value(e.e, f);
      return typeof v === "boolean" ? !v : undefined;
    }
    case "and":
    case "or": {
      const l = value(e.l, f);
      const r = value(e.r, f);
      if (typeof l !== "boolean" || typeof r !== "boolean") return undefined;
      return e.k === "and" ? l && r : l || r;
    }
    case "cmp": {
      const l = value(e.l, f);
      const r = value(e.r, f);
      if (l === undefined || r === undefined) return undefined;
      if (e.op === "==" || e.op === "!=") {
        const eq = equal(l, r);
        return eq === undefined ? undefined : e.op === "==" ? eq : !eq;
      }
      const inside = contains(r, l);
      return inside === undefined ? undefined : e.op === "in" ? inside : !inside;
    }
  }
}

function equal(a: Value, b: Value): boolean | undefined {
  if (typeof a === "string" && typeof b === "string") return a.trim() === b.trim();
  if (typeof a === "boolean" && typeof b === "boolean") return a === b;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]) === true);
  return undefined;
}

function contains(container: Value, item: Value): boolean | undefined {
  if (typeof item !== "string") return undefined;
  if (typeof container === "string") return container.includes(item);
  if (Array.isArray(container)) {
    return container.some((x) => typeof x === "string" && (x.trim() === item.trim() || sameArtifact(x, item)));
  }
  if (typeof container === "object") return Object.prototype.hasOwnProperty.call(container, item);
  return undefined;
}

/** Artifact names compare without case and surrounding quotes or backticks. */
export function sameArtifact(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .replace(/^[`'"]+|[`'"]+$/g, "")
      .toLowerCase();
  return norm(a) === norm(b);
}

/** The comparisons `selected_skill == 'x'` / `!= 'x'` that must all hold (the top-level conjuncts). */
export function selectedSkillClaims(e: Expr): { op: "==" | "!="; value: string }[] {
  if (e.k === "and") return [...selectedSkillClaims(e.l), ...selectedSkillClaims(e.r)];
  if (e.k !== "cmp" || (e.op !== "==" && e.op !== "!=")) return [];
  if (e.l.k === "id" && e.l.name === "selected_skill" && e.r.k === "str") return [{ op: e.op, value: e.r.v }];
  if (e.r.k === "id" && e.r.name === "selected_skill" && e.l.k === "str") return [{ op: e.op, value: e.l.v }];
  return [];
}

/** Does the assertion mention a string (e.g. a blocking status)? */
export function mentions(e: Expr, s: string): boolean {
  switch (e.k) {
    case "str":
      return e.v.trim().toUpperCase() === s.toUpperCase();
    case "list":
      return e.items.some((i) => mentions(i, s));
    case "call":
      return e.args.some((a) => mentions(a, s));
    case "cmp":
    case "and":
    case "or":
      return mentions(e.l, s) || mentions(e.r, s);
    case "not":
      return mentions(e.e, s);
    default:
      return false;
  }
}
