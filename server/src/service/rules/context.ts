import type { Bundle } from "../model/bundle";
import type { PackModel } from "../model/pack-model-type";
import type { Locator } from "../model/locate";
import type { SourceMap } from "../model/source";
import type { Finding, Severity, Span } from "../types";
import { rule as catalogRule } from "../catalog";
import { nameIn } from "../model/symbols";

export interface ReportExtra {
  /** Needed when the catalog's message has placeholders. */
  message?: string;
  related?: { span: Span; message: string }[];
  data?: Record<string, unknown>;
}

/** What a rule sees: the normalized bundle, where each value was written, and a way to report. */
export class RuleContext {
  readonly findings: Finding[] = [];

  constructor(
    readonly bundle: Bundle,
    readonly sources: SourceMap,
    readonly at: Locator,
    readonly text: string,
  ) {}

  /** Reports a reference rule (an error). The message defaults to the catalog's when it has no placeholders. */
  report(code: string, field: string, span: Span, extra: ReportExtra = {}): void {
    let message = extra.message;
    if (message === undefined) {
      const r = catalogRule(code);
      if (!r) throw new Error(`rule ${code} is not in the catalog`);
      if (/\{[a-z_]+\}/.test(r.message)) throw new Error(`rule ${code} needs an explicit message`);
      message = r.message;
    }
    this.findings.push({ code, severity: "error", field, message, span, related: extra.related, data: extra.data });
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
