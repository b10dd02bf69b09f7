import type { Span } from "../types";
import type { LinePad } from "./padded-parse";

/**
 * What the reference's YAML reader (yaml.v3, a port of libyaml: YAML 1.1) sees in a text that the yaml package
 * (YAML 1.2) does not: where it stops reading, and the scanner and directive errors it fails the whole file for.
 *
 * yaml.Unmarshal reads the first document only, and stops as soon as its root node is complete: a line
 * indented less than a root block collection, `...` or `---` at column 0, or a `%` directive at column 0 end it,
 * and nothing after is read (only the one token that ended the root is scanned). The yaml package reads
 * everything, so packlint parses the text up to that point.
 *
 * This is a scanner in libyaml's terms (flow level, indentation stack, simple keys), kept to what these
 * checks need: it follows scalars, flow collections and block scalars to know where tokens start, and
 * leaves the structure (and its errors) to the yaml package.
 */
export interface ReaderScan {
  /** Offset where the reference stops reading: text.length when it reads to the end. */
  end: number;
  /** The first error the reference's scanner (or its directive check) would stop at, if any. */
  problems: ReaderProblem[];
  /** Lines inside a flow collection or a quoted scalar indented no more than the block collection around them. */
  shallowLines: LinePad[];
}

export interface ReaderProblem {
  span: Span;
  message: string;
}

/**
 * The text as the reference's reader breaks lines: YAML 1.1 also breaks at NEL (U+0085), LS (U+2028) and
 * PS (U+2029), and a lone CR breaks a line too. Each becomes a LF, so offsets do not change.
 */
export function withReaderLineBreaks(text: string): string {
  return /[\r\u0085\u2028\u2029]/.test(text) ? text.replace(/\r(?!\n)|[\u0085\u2028\u2029]/g, "\n") : text;
}

/** Scans `source` (line breaks already normalized by withReaderLineBreaks) as the reference's reader does. */
export function scanAsReference(source: string): ReaderScan {
  const scanner = new Scanner(source);
  try {
    scanner.run();
  } catch (e) {
    if (!(e instanceof ReaderError)) throw e;
    return { end: scanner.end, problems: [e.problem], shallowLines: scanner.shallowLines };
  }
  return { end: scanner.end, problems: [], shallowLines: scanner.shallowLines };
}

class ReaderError extends Error {
  constructor(readonly problem: ReaderProblem) {
    super(problem.message);
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** Characters of a tag's URI (libyaml's set: alphanumerics, `-_` and these). */
const URI_CHAR = /[0-9A-Za-z\-_;/?:@&=+$,.!~*'()[\]%]/;
const FLOW_INDICATOR = /[,[\]{}]/;
const HEX = /^[0-9A-Fa-f]+$/;
/** Runs of characters that need no decision: the rest of a line, and the ordinary text of scalars. */
const LINE_REST = /[^\r\n]*/y;
const SINGLE_QUOTED_RUN = /[^'\s]*/y;
const DOUBLE_QUOTED_RUN = /[^"\\\s]*/y;
const BLOCK_PLAIN_RUN = /[^:\s]*/y;
const FLOW_PLAIN_RUN = /[^:,?[\]{}\s]*/y;
const ESCAPES = new Set([..."0abt\tnvfre \"'\\N_LP"]);

interface SimpleKey {
  column: number;
  lineStart: number;
  pos: number;
}

class Scanner {
  private pos = 0;
  private lineStart = 0;
  private flow = 0;
  private indent = -1;
  private readonly indents: number[] = [];
  private simpleKeyAllowed = true;
  /** Column and line start of the token that may be a simple key (a scalar, alias or flow collection start). */
  private simpleKey: SimpleKey | undefined;
  /** The simple keys of the enclosing flow levels (a flow collection may itself be a key). */
  private readonly outerKeys: (SimpleKey | undefined)[] = [];
  /** The document's root node has begun (a token after the prologue). */
  private started = false;
  /** A root node that is not a block collection is complete: the next token ends the document. */
  private rootDone = false;
  /** A block collection was opened at the top level: closing it completes the root. */
  private hadBlockRoot = false;
  /** The token being scanned ends the document: it is scanned, then reading stops. */
  private stopping = false;
  private inQuote = false;
  readonly shallowLines: LinePad[] = [];
  private seenYaml = false;
  private readonly tagHandles = new Set<string>();
  end: number;

  constructor(private readonly s: string) {
    this.end = s.length;
    if (s.charCodeAt(0) === 0xfeff) this.pos = this.lineStart = 1; // the encoding mark; columns count from after it
  }

  run(): void {
    for (;;) {
      this.skipToToken();
      if (this.pos >= this.s.length) return;
      if (this.fetch()) return;
    }
  }

  private get column(): number {
    return this.pos - this.lineStart;
  }

  private code(at = this.pos): number {
    return at < this.s.length ? this.s.charCodeAt(at) : -1;
  }

  private isBlankz(at: number): boolean {
    const c = this.code(at);
    return c === SPACE || c === TAB || c === LF || c === CR || c === -1;
  }

  /** The end of the run `re` (a sticky regex that may match nothing) matches at `at`. */
  private skip(re: RegExp, at: number): number {
    re.lastIndex = at;
    re.test(this.s);
    return re.lastIndex;
  }

  private isBreak(at = this.pos): boolean {
    const c = this.code(at);
    return c === LF || c === CR;
  }

  private skipBreak(): void {
    if (this.code() === CR && this.code(this.pos + 1) === LF) this.pos++;
    this.pos++;
    this.lineStart = this.pos;
    if (this.flow > 0 || this.inQuote) {
      let i = this.pos;
      while (this.code(i) === SPACE) i++;
      const pad = this.indent + 1 - (i - this.pos);
      if (pad > 0 && !this.isBreak(i) && i < this.s.length) this.shallowLines.push({ at: this.pos, pad });
    }
  }

  private fail(at: number, message: string): never {
    throw new ReaderError({ span: { start: at, end: Math.min(this.s.length, at + 1) }, message });
  }

  /** libyaml's scan_to_next_token: blanks (tabs only where a simple key cannot start), comments, line breaks. */
  private skipToToken(): void {
    for (;;) {
      for (;;) {
        const c = this.code();
        if (c === SPACE || (c === TAB && (this.flow > 0 || !this.simpleKeyAllowed))) this.pos++;
        else break;
      }
      if (this.code() === 0x23 /* # */) this.pos = this.restOfLine();
      if (!this.isBreak()) return;
      this.skipBreak();
      if (this.flow === 0) this.simpleKeyAllowed = true;
    }
  }

  /** Scans one token; returns true when reading stops here. */
  private fetch(): boolean {
    const start = this.pos;
    const column = this.column;
    const c = this.s[this.pos];
    const lineStart = this.lineStart;
    // A simple key must end on its line (and within 1024 characters): a later line's token drops it.
    if (this.simpleKey && (this.simpleKey.lineStart !== lineStart || this.pos - this.simpleKey.pos > 1024)) this.simpleKey = undefined;
    if (this.flow === 0) this.unroll(column);
    const atColumn0 = column === 0;
    const docIndicator = atColumn0 && (this.s.startsWith("---", start) || this.s.startsWith("...", start)) && this.isBlankz(start + 3);
    if (this.started && (this.rootDone || (this.flow === 0 && this.indent === -1 && this.indents.length === 0 && this.hadBlockRoot) || docIndicator || (atColumn0 && c === "%"))) {
      // The root node is complete: the parser takes this token as the document's implicit end, after scanning it.
      this.end = start;
      this.stopping = true;
    }
    if (atColumn0 && c === "%") {
      this.directive();
      return this.stopping;
    }
    if (docIndicator) {
      if (this.stopping) return true;
      this.simpleKeyAllowed = false;
      this.simpleKey = undefined;
      this.pos += 3;
      // `---` starts the document (a node may follow on its line); leading `...` lines are skipped.
      if (c === "-") this.started = true;
      return false;
    }
    this.started = true;
    switch (c) {
      case "[":
      case "{":
        this.saveSimpleKey(column, lineStart, start);
        this.outerKeys.push(this.simpleKey);
        this.simpleKey = undefined;
        this.flow++;
        this.simpleKeyAllowed = true;
        this.pos++;
        return this.stopping;
      case "]":
      case "}":
        this.simpleKey = this.outerKeys.pop();
        if (this.flow > 0) this.flow--;
        this.simpleKeyAllowed = false;
        this.pos++;
        this.nodeEnd();
        return this.stopping;
      case ",":
        this.simpleKey = undefined;
        this.simpleKeyAllowed = true;
        this.pos++;
        return this.stopping;
    }
    if ((c === "-" && this.isBlankz(start + 1)) || ((c === "?" || c === ":") && (this.flow > 0 || this.isBlankz(start + 1)))) {
      if (c === ":" && this.simpleKey) {
        // The value of a simple key: its column opens a block mapping.
        if (this.flow === 0) this.roll(this.simpleKey.column);
        this.simpleKey = undefined;
        this.simpleKeyAllowed = false;
      } else {
        if (this.flow === 0) {
          if (c === "-" && !this.simpleKeyAllowed) this.fail(start, "block sequence entries are not allowed in this context");
          if (c === ":" && !this.simpleKeyAllowed) this.fail(start, "mapping values are not allowed in this context");
          this.roll(column);
        }
        this.simpleKey = undefined;
        this.simpleKeyAllowed = c === "-" || this.flow === 0;
      }
      this.pos++;
      return this.stopping;
    }
    switch (c) {
      case "*":
      case "&":
        this.saveSimpleKey(column, lineStart, start);
        this.simpleKeyAllowed = false;
        this.pos++;
        while (!this.isBlankz(this.pos) && !FLOW_INDICATOR.test(this.s[this.pos])) this.pos++;
        if (c === "*") this.nodeEnd();
        return this.stopping;
      case "!":
        this.saveSimpleKey(column, lineStart, start);
        this.simpleKeyAllowed = false;
        this.tag();
        return this.stopping;
      case "|":
      case ">":
        if (this.flow === 0) {
          this.simpleKey = undefined;
          this.simpleKeyAllowed = true;
          this.blockScalar();
          this.nodeEnd();
          return this.stopping;
        }
        break;
      case "'":
      case '"':
        this.saveSimpleKey(column, lineStart, start);
        this.simpleKeyAllowed = false;
        this.inQuote = true;
        this.quoted(c === "'");
        this.inQuote = false;
        this.nodeEnd();
        return this.stopping;
    }
    const startsPlain = (!this.isBlankz(start) && !/[-?:,[\]{}#&*!|>'"%@`]/.test(c)) || (/[-?:]/.test(c) && !this.isBlankz(start + 1));
    if (!startsPlain) {
      this.fail(start, c === "\t" ? "a tab character is not allowed at the start of a line: indent with spaces" : `found character that cannot start any token: ${JSON.stringify(c)}`);
    }
    this.saveSimpleKey(column, lineStart, start);
    this.simpleKeyAllowed = false;
    this.plain();
    this.nodeEnd();
    return this.stopping;
  }

  private saveSimpleKey(column: number, lineStart: number, pos: number): void {
    if (this.simpleKeyAllowed) this.simpleKey = { column, lineStart, pos };
  }

  /** After a scalar, alias or flow collection: at the top level, it is the root node, unless a `:` makes it a simple key. */
  private nodeEnd(): void {
    if (this.flow > 0 || this.indent !== -1 || this.indents.length > 0) return;
    let i = this.pos;
    while (this.code(i) === SPACE || this.code(i) === TAB) i++;
    if (this.simpleKey?.lineStart === this.lineStart && this.s[i] === ":" && this.isBlankz(i + 1)) return;
    this.rootDone = true;
  }

  private roll(column: number): void {
    if (this.indent < column) {
      this.indents.push(this.indent);
      this.indent = column;
      this.hadBlockRoot = true;
    }
  }

  private unroll(column: number): void {
    while (this.indent > column) this.indent = this.indents.pop()!;
  }

  /** A `%` directive line: its name and arguments, and the prologue's rules (only YAML 1.1, no duplicates). */
  private directive(): void {
    const start = this.pos;
    this.simpleKey = undefined;
    this.simpleKeyAllowed = false;
    this.unroll(-1);
    const m = /^%([0-9A-Za-z_-]*)/.exec(this.s.slice(start, start + 256))!;
    const name = m[1];
    this.pos = start + m[0].length;
    if (name === "") this.fail(start, "could not find expected directive name");
    if (!this.isBlankz(this.pos)) this.fail(start, "found unexpected non-alphabetical character in a directive name");
    const lineEnd = this.restOfLine();
    const args = this.s.slice(this.pos, lineEnd).replace(/[ \t]+#.*$/, "").trim();
    const prologue = !this.stopping;
    if (name === "YAML") {
      const v = /^(\d+)\.(\d+)$/.exec(args);
      if (!v) this.fail(start, "did not find a YAML version number of the form `1.1` in the %YAML directive");
      if (prologue && this.seenYaml) this.fail(start, "found duplicate %YAML directive");
      if (prologue && (v[1] !== "1" || v[2] !== "1")) this.fail(start, `found incompatible YAML document: the reference reads YAML 1.1 only, not ${args}`);
      this.seenYaml = true;
    } else if (name === "TAG") {
      const t = /^(!(?:[0-9A-Za-z_-]*!)?)[ \t]+(\S+)$/.exec(args);
      if (!t) this.fail(start, "did not find a tag handle and prefix in the %TAG directive");
      if (prologue && this.tagHandles.has(t[1])) this.fail(start, "found duplicate %TAG directive");
      this.tagHandles.add(t[1]);
    } else {
      this.fail(start, `found unknown directive name %${name} (only %YAML and %TAG are allowed)`);
    }
    this.pos = lineEnd;
  }

  private restOfLine(): number {
    return this.skip(LINE_REST, this.pos);
  }

  /** A tag: verbatim `!<uri>`, or a handle and suffix; it must be followed by a blank. */
  private tag(): void {
    const start = this.pos;
    if (this.s[start + 1] === "<") {
      this.pos += 2;
      while (this.pos < this.s.length && URI_CHAR.test(this.s[this.pos]) && this.s[this.pos] !== ">") this.pos++;
      if (this.pos === start + 2) this.fail(start, "did not find expected tag URI");
      if (this.s[this.pos] !== ">") this.fail(start, "did not find the expected '>' of a verbatim tag");
      this.pos++;
    } else {
      const handle = /^!(?:[0-9A-Za-z_-]*!)?/.exec(this.s.slice(start, start + 256))![0];
      this.pos = start + handle.length;
      const suffixStart = this.pos;
      while (this.pos < this.s.length && URI_CHAR.test(this.s[this.pos])) this.pos++;
      if (handle.length > 1 && handle.endsWith("!") && this.pos === suffixStart) this.fail(start, "did not find expected tag URI");
    }
    if (!this.isBlankz(this.pos)) this.fail(start, "did not find expected whitespace or line break after a tag");
  }

  /** A single- or double-quoted scalar, over as many lines as it takes (libyaml checks no indentation). */
  private quoted(single: boolean): void {
    const start = this.pos;
    this.pos++;
    for (;;) {
      if (this.column === 0 && (this.s.startsWith("---", this.pos) || this.s.startsWith("...", this.pos)) && this.isBlankz(this.pos + 3)) {
        this.fail(this.pos, "found unexpected document indicator in a quoted scalar");
      }
      if (this.pos >= this.s.length) this.fail(start, "found unexpected end of stream in a quoted scalar");
      while (!this.isBlankz(this.pos)) {
        this.pos = this.skip(single ? SINGLE_QUOTED_RUN : DOUBLE_QUOTED_RUN, this.pos);
        if (this.isBlankz(this.pos)) break;
        const c = this.s[this.pos];
        if (single) {
          if (c === "'" && this.s[this.pos + 1] === "'") this.pos += 2;
          else if (c === "'") return void this.pos++;
          else this.pos++;
          continue;
        }
        if (c === '"') return void this.pos++;
        if (c !== "\\") {
          this.pos++;
          continue;
        }
        if (this.isBreak(this.pos + 1)) {
          this.pos++;
          break; // an escaped line break
        }
        this.escape();
      }
      while (this.code() === SPACE || this.code() === TAB || this.isBreak()) {
        if (this.isBreak()) this.skipBreak();
        else this.pos++;
      }
    }
  }

  /** An escape in a double-quoted scalar: a known one, and a code point that is not a surrogate or past U+10FFFF. */
  private escape(): void {
    const at = this.pos;
    const e = this.s[at + 1];
    const width = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
    if (!width && (e === undefined || !ESCAPES.has(e))) this.fail(at, `found unknown escape character ${JSON.stringify("\\" + (e ?? ""))}`);
    this.pos += 2;
    if (!width) return;
    const digits = this.s.slice(this.pos, this.pos + width);
    if (digits.length < width || !HEX.test(digits)) this.fail(at, "did not find expected hexadecimal number in an escape");
    const value = parseInt(digits, 16);
    if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff) this.fail(at, `found invalid Unicode character escape code \\${e}${digits}`);
    this.pos += width;
  }

  /** A plain scalar, with its continuation lines (indented past the enclosing collection, or in a flow). */
  private plain(): void {
    const indent = this.indent + 1;
    let leadingBlanks = false;
    for (;;) {
      if (this.column === 0 && (this.s.startsWith("---", this.pos) || this.s.startsWith("...", this.pos)) && this.isBlankz(this.pos + 3)) break;
      if (this.s[this.pos] === "#") break;
      while (!this.isBlankz(this.pos)) {
        const run = this.skip(this.flow > 0 ? FLOW_PLAIN_RUN : BLOCK_PLAIN_RUN, this.pos);
        if (run > this.pos) {
          leadingBlanks = false;
          this.pos = run;
          continue;
        }
        const c = this.s[this.pos];
        if ((c === ":" && this.isBlankz(this.pos + 1)) || (this.flow > 0 && /[,?[\]{}]/.test(c))) break;
        leadingBlanks = false;
        this.pos++;
      }
      if (!this.isBlankz(this.pos) || this.pos >= this.s.length) break;
      while (this.code() === SPACE || this.code() === TAB || this.isBreak()) {
        if (this.isBreak()) {
          this.skipBreak();
          leadingBlanks = true;
        } else {
          if (leadingBlanks && this.column < indent && this.code() === TAB) this.fail(this.pos, "found a tab character that violates indentation: indent with spaces");
          this.pos++;
        }
      }
      if (this.flow === 0 && this.column < indent) break;
    }
    if (leadingBlanks) this.simpleKeyAllowed = true;
  }

  /** A literal or folded block scalar: its header, then the lines indented at least as its first one. */
  private blockScalar(): void {
    const start = this.pos;
    this.pos++;
    let increment = 0;
    for (let k = 0; k < 2; k++) {
      const c = this.s[this.pos];
      if (c === "+" || c === "-") this.pos++;
      else if (c >= "0" && c <= "9") {
        if (c === "0") this.fail(this.pos, "found an indentation indicator equal to 0");
        increment = Number(c);
        this.pos++;
      }
    }
    while (this.code() === SPACE || this.code() === TAB) this.pos++;
    if (this.s[this.pos] === "#") this.pos = this.restOfLine();
    if (this.pos < this.s.length && !this.isBreak()) this.fail(start, "did not find expected comment or line break after a block scalar header");
    if (this.pos >= this.s.length) return;
    this.skipBreak();
    let indent = increment ? (this.indent >= 0 ? this.indent + increment : increment) : 0;
    indent = this.blockBreaks(indent);
    while (this.column === indent && this.pos < this.s.length) {
      this.pos = this.restOfLine();
      if (this.pos >= this.s.length) break;
      this.skipBreak();
      this.blockBreaks(indent);
    }
  }

  /** The indentation and blank lines before a block scalar's next line; the block's indentation once known. */
  private blockBreaks(indent: number): number {
    let maxIndent = 0;
    for (;;) {
      while ((indent === 0 || this.column < indent) && this.code() === SPACE) this.pos++;
      if (this.column > maxIndent) maxIndent = this.column;
      if ((indent === 0 || this.column < indent) && this.code() === TAB) this.fail(this.pos, "found a tab character where an indentation space is expected");
      if (!this.isBreak()) break;
      this.skipBreak();
    }
    if (indent === 0) indent = Math.max(maxIndent, this.indent + 1, 1);
    return indent;
  }
}
