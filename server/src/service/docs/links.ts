/** The address of a rule's page (docs/rules/CODE.md) under a base URL ending in `/`. */
export function ruleDocHref(base: string, code: string): string {
  return `${base}${encodeURIComponent(code)}.md`;
}
