/**
 * In the web build, in place of docs-location.ts: the docs/rules/ pages shipped with the extension, beside the web
 * server's bundle (its dist/), whose URL is the worker's location.
 */
export function packagedRulesDocs(): string {
  const here = (globalThis as { location?: { href: string } }).location?.href;
  return here ? new URL("docs/rules/", here).href : "";
}
