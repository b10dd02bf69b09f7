import type { RuleContext } from "./context";

/**
 * Remembers the cases on which a rule's per-case checks found nothing, under a context fingerprint (the
 * other facts those checks read, e.g. the declared asset keys). An incremental update keeps the decoded object
 * of every case it did not touch, so those checks are not run again on it while the fingerprint holds. The
 * checks must read only the case (and its sources) and what the fingerprint stands for; a case with findings is
 * always checked again, so its findings get their current fields and ranges.
 */
export class CleanCases {
  private readonly clean = new WeakMap<object, string>();

  check(ctx: RuleContext, c: object, fingerprint: string, checks: () => void): void {
    if (this.clean.get(c) === fingerprint) return;
    const before = ctx.findings.length;
    checks();
    if (ctx.findings.length === before) this.clean.set(c, fingerprint);
    else this.clean.delete(c);
  }
}
