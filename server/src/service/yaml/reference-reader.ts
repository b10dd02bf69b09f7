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
  /** How far its scanner looked, when it stopped before the end (the token that ended the document, and a few characters). */
  lookedAt: number;
  /** The first error the reference's scanner (or its directive check) would stop at, if any. */
  problems: ReaderProblem[];
  /**
   * Lines inside a flow collection or a quoted scalar indented no more than the block collection around them; and
   * the `:` right after an alias name (`*a: x`), which the yaml package needs a space before to end the name.
   */
  shallowLines: LinePad[];
  /** Where a later scan of an edited text can resume (rescanAsReference), in text order. */
  checkpoints: Checkpoint[];
  /** Characters the reader skips because of a byte order mark inside the text (bom-blocks.ts), and those marks. */
  markSkips?: { skipped: number[]; marks: number[] };
}

/** The scanner's state at the first token of a line outside flow collections: scanning can resume there. */
interface Checkpoint {
  at: number;
  lineStart: number;
  simpleKeyAllowed: boolean;
  indent: number;
  indents: number[];
  level: Level;
  levels: Level[];
  started: boolean;
  rootDone: boolean;
  hadBlockRoot: boolean;
  seenYaml: boolean;
  tagHandles: string[];
  /** How many shallow lines come before it. */
  shallowCount: number;
}

/**
 * What yaml.v3 asks of its reader while scanning (bom-blocks.ts), recorded on request: at each position, how many
 * characters it needs decoded from there (at least 1), and the line starts where it checks for a byte order mark.
 */
export interface ReadAheadTrace {
  ahead: Uint16Array;
  lineChecks: number[];
}

/** Checkpoints are kept at most this often (characters): an edit rescans from the one before it. */
const CHECKPOINT_SPACING = 2048;

export interface ReaderProblem {
  span: Span;
  message: string;
}

/** Scans `source` as the reference's reader does; with `trace`, records its read-ahead there. */
export function scanAsReference(source: string, trace?: ReadAheadTrace): ReaderScan {
  const scanner = new Scanner(source, undefined, undefined, trace);
  const problem = scanner.runToEnd();
  return {
    end: scanner.end,
    lookedAt: scanner.lookedAt,
    problems: problem ? [problem] : [],
    shallowLines: scanner.shallowLines,
    checkpoints: scanner.checkpoints,
  };
}

/**
 * scanAsReference(source) for a text that `previous` scanned before an edit replaced [start, oldEnd) with
 * [start, newEnd): the scan resumes at the last checkpoint before the edit, and stops as soon as it is back
 * in the state the previous scan had at the same text after the edit (the rest is the previous scan's, shifted).
 */
export function rescanAsReference(source: string, previous: ReaderScan, edit: { start: number; oldEnd: number; newEnd: number }): ReaderScan {
  const delta = edit.newEnd - edit.oldEnd;
  const oldLength = source.length - delta;
  const cps = previous.checkpoints;
  let k = cps.length - 1;
  while (k >= 0 && cps[k].at > edit.start) k--;
  if (previous.problems.length > 0 || previous.end < oldLength || k < 0) return scanAsReference(source);
  const from = cps[k];
  const later = new Map<number, number>();
  for (let i = k + 1; i < cps.length; i++) if (cps[i].at >= edit.oldEnd) later.set(cps[i].at, i);
  const scanner = new Scanner(source, from, (at, state) => {
    if (at < edit.newEnd) return undefined;
    const i = later.get(at - delta);
    return i !== undefined && sameState(cps[i], state()) ? i : undefined;
  });
  const problem = scanner.runToEnd();
  const shallowLines = [...previous.shallowLines.slice(0, from.shallowCount), ...scanner.shallowLines];
  const checkpoints = [...cps.slice(0, k + 1), ...scanner.checkpoints];
  if (problem || scanner.resyncedAt === undefined)
    return { end: scanner.end, lookedAt: scanner.lookedAt, problems: problem ? [problem] : [], shallowLines, checkpoints };
  const old = cps[scanner.resyncedAt];
  const extra = shallowLines.length - old.shallowCount;
  for (const p of previous.shallowLines.slice(old.shallowCount)) shallowLines.push({ at: p.at + delta, pad: p.pad });
  for (const c of cps.slice(scanner.resyncedAt))
    checkpoints.push({ ...c, at: c.at + delta, lineStart: c.lineStart + delta, shallowCount: c.shallowCount + extra });
  return { end: source.length, lookedAt: source.length, problems: [], shallowLines, checkpoints };
}

function sameState(a: Checkpoint, b: Checkpoint): boolean {
  return (
    a.at - a.lineStart === b.at - b.lineStart &&
    a.simpleKeyAllowed === b.simpleKeyAllowed &&
    a.indent === b.indent &&
    a.started === b.started &&
    a.rootDone === b.rootDone &&
    a.hadBlockRoot === b.hadBlockRoot &&
    a.seenYaml === b.seenYaml &&
    a.indents.length === b.indents.length &&
    a.indents.every((v, i) => v === b.indents[i]) &&
    a.level === b.level &&
    a.levels.every((v, i) => v === b.levels[i]) &&
    a.tagHandles.length === b.tagHandles.length &&
    a.tagHandles.every((v, i) => v === b.tagHandles[i])
  );
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
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
const ANCHOR_CHAR = /[0-9A-Za-z_-]/;
const HEX = /^[0-9A-Fa-f]+$/;
/** Runs of characters that need no decision: the rest of a line, and the ordinary text of scalars. */
const LINE_REST = /[^\r\n\u0085\u2028\u2029]*/y;
const SINGLE_QUOTED_RUN = /[^'\s\u0085]*/y;
const DOUBLE_QUOTED_RUN = /[^"\\\s\u0085]*/y;
const BLOCK_PLAIN_RUN = /[^:\s\u0085]*/y;
const FLOW_PLAIN_RUN = /[^:,?[\]{}\s\u0085]*/y;
const ESCAPES = new Set([..."0abt\tnvfre \"'\\N_LP"]);

/**
 * The block collection at an indentation: a sequence, a mapping, a mapping whose `?` key awaits its `:`
 * ("key"), or none (before the root).
 */
type Level = "seq" | "map" | "key" | "none";

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
  private indents: number[] = [];
  private level: Level = "none";
  /** The levels of the enclosing indentations (`indents`). */
  private levels: Level[] = [];
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
  /** A `?` started the current flow entry: its value may follow a key over several lines. */
  private explicitKey = false;
  /** Tokens scanned (libyaml's, counting the ones it inserts); and how many when the document's end was found. */
  private tokens = 0;
  private tokensAtEnd = 0;
  /** Where the line of the last token started (a token on another line is the first of its line). */
  private lastTokenLine = -1;
  /** The line (its start) on which a `#` is the line comment of the token before it; -1 when none. */
  private lineCommentLine = -1;
  /** Set by fetch when its token takes no line comment: `-`, `---`, `...`, or a scalar that ended on a later line. */
  private noLineComment = false;
  readonly shallowLines: LinePad[] = [];
  private seenYaml = false;
  private tagHandles = new Set<string>();
  readonly checkpoints: Checkpoint[] = [];
  private shallowBase = 0;
  private lastCheckpoint = -CHECKPOINT_SPACING;
  /** The index of the previous scan's checkpoint this scan caught up with (rescanAsReference). */
  resyncedAt: number | undefined;
  end: number;

  constructor(
    private readonly s: string,
    from?: Checkpoint,
    /** At each line start where a checkpoint could be: the previous scan's checkpoint with the same state there, if any. */
    private readonly resync?: (at: number, state: () => Checkpoint) => number | undefined,
    private readonly trace?: ReadAheadTrace,
  ) {
    this.end = s.length;
    if (from) {
      this.pos = this.lastCheckpoint = from.at;
      this.lineStart = from.lineStart;
      this.simpleKeyAllowed = from.simpleKeyAllowed;
      this.indent = from.indent;
      this.indents = [...from.indents];
      this.level = from.level;
      this.levels = [...from.levels];
      this.started = from.started;
      this.rootDone = from.rootDone;
      this.hadBlockRoot = from.hadBlockRoot;
      this.seenYaml = from.seenYaml;
      this.tagHandles = new Set(from.tagHandles);
      this.shallowBase = from.shallowCount;
    } else if (s.charCodeAt(0) === 0xfeff) this.pos = this.lineStart = 1; // the encoding mark; columns count from after it
  }

  /** Scans to the end (or to where reading stops, or to where a rescan caught up); returns the error it stopped at. */
  runToEnd(): ReaderProblem | undefined {
    try {
      return this.scan();
    } finally {
      // libyaml asks its reader for up to 4 characters ahead of the one it looks at.
      this.lookedAt = Math.min(this.s.length, Math.max(this.pos, this.end) + 4);
    }
  }

  lookedAt = 0;

  private scan(): ReaderProblem | undefined {
    try {
      for (;;) {
        this.skipToToken();
        if (this.pos >= this.s.length) return undefined;
        if (this.flow === 0 && this.lineStart !== this.lastTokenLine && !this.stopping) {
          this.firstTokenOfLine();
          if (this.resyncedAt !== undefined) return undefined;
        }
        this.lastTokenLine = this.lineStart;
        const before = this.stopping;
        this.noLineComment = false;
        const tokenStart = this.pos;
        this.fetch();
        this.lineCommentLine = this.noLineComment ? -1 : this.lineStart;
        if (this.trace) this.traceToken(tokenStart);
        this.tokens++;
        if (!before && this.stopping) this.tokensAtEnd = this.tokens;
        // yaml.v3 keeps two tokens ahead of the parser (for comments), more while the head may be a simple key.
        if (this.stopping && this.tokens - this.tokensAtEnd >= 2 && !this.endIsPendingKey()) return undefined;
      }
    } catch (e) {
      if (!(e instanceof ReaderError)) throw e;
      return e.problem;
    }
  }

  /**
   * yaml.v3's requests around a token: 4 characters at its start; 2 inside a scalar's words (4 at each word's start);
   * after it, the line-comment look-ahead up to the next non-blank character.
   */
  private traceToken(start: number): void {
    const need = (at: number, n: number) => {
      if (at < this.trace!.ahead.length && this.trace!.ahead[at] < n) this.trace!.ahead[at] = n;
    };
    need(start, 4);
    const c = this.s[start];
    if (c === '"' || c === "'" || (this.s[start] !== "|" && this.s[start] !== ">" && !/[-?:,[\]{}&*!%]/.test(c ?? ""))) {
      for (let p = start + 1; p < this.pos; p++) {
        const prev = this.code(p - 1);
        const blankBefore = prev === SPACE || prev === TAB || this.isBreak(p - 1);
        const here = this.code(p);
        if (c === '"' && here === 0x5c /* \ */) {
          // An escape is skipped whole: 2 characters looked at, then the hex digits of \x, \u, \U at once.
          if (this.isBreak(p + 1)) {
            need(p, 3);
            continue;
          }
          const width = { x: 2, u: 4, U: 8 }[this.s[p + 1]] ?? 0;
          need(p, 2);
          if (width) need(p + 2, width);
          p += 1 + width;
          continue;
        }
        if (here === SPACE || here === TAB) need(p, blankBefore ? 1 : 2);
        else if (!this.isBreak(p)) need(p, blankBefore || (p === start + 1 && (c === '"' || c === "'")) ? 4 : 2);
      }
    }
    if (!this.noLineComment) {
      let i = this.pos;
      while (this.code(i) === SPACE || this.code(i) === TAB) i++;
      need(this.pos, i - this.pos + 1);
    }
  }

  private state(): Checkpoint {
    return {
      at: this.pos,
      lineStart: this.lineStart,
      simpleKeyAllowed: this.simpleKeyAllowed,
      indent: this.indent,
      indents: [...this.indents],
      level: this.level,
      levels: [...this.levels],
      started: this.started,
      rootDone: this.rootDone,
      hadBlockRoot: this.hadBlockRoot,
      seenYaml: this.seenYaml,
      tagHandles: [...this.tagHandles],
      shallowCount: this.shallowBase + this.shallowLines.length,
    };
  }

  /** At a line's first token outside flow collections: a checkpoint now and then, and a rescan's chance to catch up. */
  private firstTokenOfLine(): void {
    if (this.resync) {
      const i = this.resync(this.pos, () => this.state());
      if (i !== undefined) {
        this.resyncedAt = i;
        return;
      }
    }
    if (this.pos - this.lastCheckpoint >= CHECKPOINT_SPACING) {
      this.checkpoints.push(this.state());
      this.lastCheckpoint = this.pos;
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
    return c === SPACE || c === TAB || c === -1 || this.isBreak(at);
  }

  /** The end of the run `re` (a sticky regex that may match nothing) matches at `at`. */
  private skip(re: RegExp, at: number): number {
    re.lastIndex = at;
    re.test(this.s);
    return re.lastIndex;
  }

  /** YAML 1.1 line breaks: LF, CR, NEL, LS and PS. */
  private isBreak(at = this.pos): boolean {
    const c = this.code(at);
    return c === LF || c === CR || c === 0x85 || c === 0x2028 || c === 0x2029;
  }

  private skipBreak(): void {
    if (this.trace && this.trace.ahead[this.pos] < 2) this.trace.ahead[this.pos] = 2;
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
      if (this.trace && this.pos === this.lineStart) this.trace.lineChecks.push(this.pos);
      for (;;) {
        const c = this.code();
        if (c === SPACE || (c === TAB && (this.flow > 0 || !this.simpleKeyAllowed))) this.pos++;
        else break;
      }
      if (this.code() === 0x23 /* # */) {
        const lineComment = this.lineStart === this.lineCommentLine;
        this.pos = this.restOfLine();
        if (!lineComment) this.commentLines();
      }
      if (!this.isBreak()) return;
      this.skipBreak();
      if (this.flow === 0) this.simpleKeyAllowed = true;
    }
  }

  /**
   * yaml.v3 reads ahead after a comment that starts its line (not a line comment after a token), to group comments:
   * when another comment line follows within 511 bytes of blank lines (spaces, tabs, LF and CR only), everything up
   * to the end of that comment line is consumed, tabs included. Leaves the position at the line break after the last
   * comment so consumed; blank lines after it are scanned as usual (a tab at the start of one is an error).
   */
  private commentLines(): void {
    for (;;) {
      const c = this.code();
      if (c !== LF && c !== CR) return;
      let i = this.pos + 1;
      const limit = this.pos + 512;
      while (i < limit && (this.code(i) === SPACE || this.code(i) === TAB || this.code(i) === LF || this.code(i) === CR)) i++;
      if (this.trace) this.trace.ahead[this.pos] = Math.max(this.trace.ahead[this.pos], Math.min(i + 1, limit) - this.pos);
      if (i >= limit || this.code(i) !== 0x23) return;
      while (this.pos < i) {
        if (this.isBreak()) this.skipBreak();
        else this.pos++;
      }
      this.pos = this.restOfLine();
    }
  }

  /** Scans one token. */
  private fetch(): void {
    const start = this.pos;
    const column = this.column;
    const c = this.s[this.pos];
    const lineStart = this.lineStart;
    // A simple key must end on its line (and within 1024 characters): a later line's token drops it.
    if (this.simpleKey && (this.simpleKey.lineStart !== lineStart || this.pastKeyLimit(this.simpleKey.pos))) this.simpleKey = undefined;
    if (this.flow === 0) this.unroll(column);
    const atColumn0 = column === 0;
    const docIndicator = atColumn0 && (this.s.startsWith("---", start) || this.s.startsWith("...", start)) && this.isBlankz(start + 3);
    if (
      !this.stopping &&
      this.started &&
      (this.rootDone || (this.flow === 0 && this.indent === -1 && this.indents.length === 0 && this.hadBlockRoot) || docIndicator || (atColumn0 && c === "%"))
    ) {
      // The root node is complete: the parser takes this token as the document's implicit end, after scanning it.
      this.end = start;
      this.stopping = true;
    }
    if (atColumn0 && c === "%") {
      this.directive();
      return;
    }
    if (docIndicator) {
      this.unroll(-1);
      this.simpleKeyAllowed = false;
      this.simpleKey = undefined;
      this.pos += 3;
      // `---` starts the document (a node may follow on its line); leading `...` lines are skipped.
      if (c === "-") this.started = true;
      this.noLineComment = true;
      return;
    }
    this.started = true;
    switch (c) {
      case "[":
      case "{":
        this.saveSimpleKey(column, lineStart, start);
        this.outerKeys.push(this.simpleKey);
        this.simpleKey = undefined;
        this.explicitKey = false;
        this.flow++;
        this.simpleKeyAllowed = true;
        this.pos++;
        return;
      case "]":
      case "}":
        this.simpleKey = this.outerKeys.pop();
        if (this.flow > 0) this.flow--;
        this.simpleKeyAllowed = false;
        this.pos++;
        this.nodeEnd();
        return;
      case ",":
        this.explicitKey = false;
        this.simpleKey = undefined;
        this.simpleKeyAllowed = true;
        this.pos++;
        return;
    }
    if ((c === "-" && this.isBlankz(start + 1)) || ((c === "?" || c === ":") && (this.flow > 0 || this.isBlankz(start + 1)))) {
      if (c === ":" && this.simpleKey) {
        // The value of a simple key: the key is inserted before it, and its column may open a block mapping.
        this.tokens++;
        if (this.flow === 0) {
          this.roll(this.simpleKey.column, "map");
          if (this.level === "key") this.level = "map"; // the `?` key before it had no value
        }
        this.simpleKey = undefined;
        this.simpleKeyAllowed = false;
      } else {
        // In a flow collection, a value needs a key: a simple one on its line, or one after `?`.
        if (c === ":" && this.flow > 0 && !this.explicitKey)
          this.fail(start, "did not find expected ',' or '}': a key in a flow collection must be on one line");
        if (c === "?" && this.flow > 0) this.explicitKey = true;
        if (this.flow === 0) {
          if (c === "-" && !this.simpleKeyAllowed) this.fail(start, "block sequence entries are not allowed in this context");
          if (c === ":" && !this.simpleKeyAllowed) this.fail(start, "mapping values are not allowed in this context");
          const opened = this.roll(column, c === "-" ? "seq" : "map");
          // yaml.v3's parser wants a key before a value in a block mapping: a simple key, or a `?` one.
          if (c === ":" && (opened || this.level === "map") && !this.stopping)
            this.fail(start, "did not find expected key: a `:` with no key before it on its line (nor a `?` key above it)");
          if (c !== "-" && this.level === "seq" && !this.stopping) this.fail(start, "did not find expected '-' indicator: a list's items each start with `-`");
          if (this.level !== "seq") this.level = c === "?" ? "key" : "map";
        }
        this.simpleKey = undefined;
        this.simpleKeyAllowed = c === "-" || this.flow === 0;
        if (c === "-") this.noLineComment = true; // a block entry alone takes no line comment
      }
      this.pos++;
      return;
    }
    switch (c) {
      case "*":
      case "&":
        this.saveSimpleKey(column, lineStart, start);
        this.simpleKeyAllowed = false;
        this.pos++;
        {
          // libyaml's anchor names: letters, digits, `-` and `_`, then a blank or one of `?:,]}%@\``.
          const name = this.pos;
          while (ANCHOR_CHAR.test(this.s[this.pos] ?? "")) this.pos++;
          if (this.pos === name || !(this.isBlankz(this.pos) || "?:,]}%@`".includes(this.s[this.pos])))
            this.fail(start, "did not find expected alphabetic or numeric character: an anchor or alias name is letters, digits, - and _");
          // `*a: x` is the alias `a` as a key for yaml.v3; the yaml package (YAML 1.2) would read the alias `a:`.
          if (c === "*" && this.s[this.pos] === ":" && (this.flow > 0 || this.isBlankz(this.pos + 1))) {
            this.shallowLines.push({ at: this.pos, pad: 1 });
            // In a flow collection the `:` needs no space after it either (`{*a:1}`); the yaml package wants one.
            if (!this.isBlankz(this.pos + 1) && !",]}".includes(this.s[this.pos + 1])) this.shallowLines.push({ at: this.pos + 1, pad: 1 });
          }
        }
        if (c === "*") this.nodeEnd();
        return;
      case "!":
        this.saveSimpleKey(column, lineStart, start);
        this.simpleKeyAllowed = false;
        this.tag();
        return;
      case "|":
      case ">":
        if (this.flow === 0) {
          this.simpleKey = undefined;
          this.simpleKeyAllowed = true;
          this.blockScalar();
          this.noLineComment = true;
          this.nodeEnd();
          return;
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
        return;
    }
    const startsPlain = (!this.isBlankz(start) && !/[-?:,[\]{}#&*!|>'"%@`]/.test(c)) || (/[-?:]/.test(c) && !this.isBlankz(start + 1));
    if (!startsPlain) {
      this.fail(
        start,
        c === "\t"
          ? "a tab character is not allowed at the start of a line: indent with spaces"
          : `found character that cannot start any token: ${JSON.stringify(c)}`,
      );
    }
    this.saveSimpleKey(column, lineStart, start);
    this.simpleKeyAllowed = false;
    this.plain();
    this.nodeEnd();
    return;
  }

  /** Whether the token that ended the document may still be a simple key (the scanner reads on to its `:`). */
  private endIsPendingKey(): boolean {
    const key = this.simpleKey;
    return key !== undefined && key.pos === this.end && key.lineStart === this.lineStart && !this.pastKeyLimit(key.pos);
  }

  /** Whether the scanner is more than 1024 characters past a simple key's start: yaml.v3 counts code points. */
  private pastKeyLimit(keyPos: number): boolean {
    if (this.pos - keyPos <= 1024) return false;
    let points = 0;
    for (let i = keyPos; i < this.pos; i++) {
      const c = this.s.charCodeAt(i);
      if (c < 0xdc00 || c > 0xdfff || i === keyPos || !isHighSurrogate(this.s.charCodeAt(i - 1))) points++;
      if (points > 1024) return true;
    }
    return false;
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

  /** Opens a block collection of `kind` at `column` if it is deeper than the current one; true if it did. */
  private roll(column: number, kind: Level): boolean {
    if (this.indent >= column) return false;
    this.tokens++; // BLOCK-MAPPING-START or BLOCK-SEQUENCE-START
    this.indents.push(this.indent);
    this.levels.push(this.level);
    this.indent = column;
    this.level = kind;
    this.hadBlockRoot = true;
    return true;
  }

  private unroll(column: number): void {
    while (this.indent > column) {
      this.indent = this.indents.pop()!;
      this.level = this.levels.pop()!;
      this.tokens++; // BLOCK-END
    }
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
    const args = this.s
      .slice(this.pos, lineEnd)
      .replace(/[ \t]+#.*$/, "")
      .trim();
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
    // The directive takes its line break: the next line cannot start a simple key or a block sequence entry.
    if (this.isBreak()) this.skipBreak();
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
      // The parser resolves a named handle (`!e!`) with the document's %TAG directives (`!` and `!!` are built in).
      if (handle.length > 2 && handle.endsWith("!") && !this.stopping && !this.tagHandles.has(handle))
        this.fail(start, `found undefined tag handle ${handle}: declare it with a %TAG directive`);
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
          if (leadingBlanks && this.column < indent && this.code() === TAB)
            this.fail(this.pos, "found a tab character that violates indentation: indent with spaces");
          this.pos++;
        }
      }
      if (this.flow === 0 && this.column < indent) break;
    }
    if (leadingBlanks) {
      this.simpleKeyAllowed = true;
      this.noLineComment = true;
    }
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
