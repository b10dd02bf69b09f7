import type { Finding, Severity, Span } from "../../types";
import type { SkillModel } from "../skill-model-type";

export interface SkillReportExtra {
  related?: { span: Span; message: string }[];
  data?: Record<string, unknown>;
  tags?: number[];
}

/** What a case-file rule sees: the model (views, plain data, location) and a way to report. */
export class SkillRuleContext {
  readonly findings: Finding[] = [];

  constructor(readonly model: SkillModel) {}

  get view() {
    return this.model.view;
  }

  report(code: string, severity: Severity, field: string | null, span: Span, message: string, extra: SkillReportExtra = {}): void {
    this.findings.push({ code, severity, field, message, span, ...extra });
  }
}

export type SkillRule = (ctx: SkillRuleContext) => void;
