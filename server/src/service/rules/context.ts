import type { Bundle } from "../model/bundle";
import type { PackModel } from "../model/pack-model-type";
import type { Locator } from "../model/locate";
import type { ModelCache } from "../model/model-cache";
import type { SourceMap } from "../model/source";
import type { Finding, Severity, Span } from "../types";
import { fillMessage, hasPlaceholders, rule as catalogRule, type MessageValues } from "../catalog";
import { nameIn } from "../model/symbols";

export interface ReportExtra {
  /** The values of the catalog message's placeholders (fillMessage); needed when it has any. */
  fill?: MessageValues;
  /** A message in place of the catalog's, for a code whose message the catalog does not spell out. */
  message?: string;
  related?: { span: Span; message: string }[];
  data?: Record<string, unknown>;
  /** The problem in an author's words where the message is in Go's (a type error naming Go types). */
  text?: string;
}

/** What a rule sees: the normalized bundle, where each value was written, and a way to report. */
export class RuleContext {
  readonly findings: Finding[] = [];

  constructor(
    readonly bundle: Bundle,
    readonly sources: SourceMap,
    readonly at: Locator,
    readonly text: string,
    /** The cache of the model being built: what one stage works out for later ones (keys, decoded configs). */
    readonly cache: ModelCache,
  ) {}

  /** Reports a reference rule (an error) with the catalog's message, its placeholders filled from `extra.fill`. */
  report(code: string, field: string, span: Span, extra: ReportExtra = {}): void {
    let message = extra.message;
    if (message === undefined) {
      const r = catalogRule(code);
      if (!r) throw new Error(`rule ${code} is not in the catalog`);
      if (hasPlaceholders(r.message) && !extra.fill) throw new Error(`rule ${code} needs the values of its message's placeholders`);
      message = extra.fill ? fillMessage(r.message, extra.fill) : r.message;
    }
    this.findings.push({ code, severity: "error", field, message, span, related: extra.related, data: extra.data, ...(extra.text && { text: extra.text }) });
  }

  /**
   * Reports a decode-phase error (the reference's decode errors carry no field). Validation findings that
   * overlap it are dropped later, as consequences of a value that was already rejected.
   */
  decodeError(code: string, span: Span, message: string, data?: Record<string, unknown>, text?: string): void {
    this.findings.push({ code, severity: "error", field: null, message, span, data, ...(text && { text }) });
  }

  /** Reports one of our own checks (advisories): never an error, so never a change of verdict. */
  advise(
    code: string,
    severity: Exclude<Severity, "error">,
    field: string | null,
    span: Span,
    message: string,
    extra: { data?: Record<string, unknown>; tags?: number[] } = {},
  ): void {
    this.findings.push({ code, severity, field, message, span, ...extra });
  }

  /** The span of `name` inside a scalar value written at `value` (e.g. `prompt` in `source: input:prompt`). */
  nameSpan(value: Span, name: string): Span {
    return nameIn(this.text, value, name);
  }
}

export type Rule = (ctx: RuleContext) => void;

/** An advisory (advisories/): a check of our own beyond the reference, which also sees the model. */
export type Advisory = (ctx: RuleContext, model: PackModel) => void;
