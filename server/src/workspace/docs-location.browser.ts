/** Told by browser-main.ts from the client's initialization options (a Web Worker cannot see the extension's files). */
let packaged = "";

export function setPackagedRulesDocs(url: string): void {
  packaged = url.endsWith("/") ? url : `${url}/`;
}

/** In the web build, in place of docs-location.ts: the docs/rules/ pages shipped with the extension (its dist/docs/rules/). */
export function packagedRulesDocs(): string {
  return packaged;
}
