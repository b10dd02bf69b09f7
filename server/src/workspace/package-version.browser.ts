/** Set by the web build (scripts/bundle.ts) from package.json: a Web Worker cannot read it. */
declare const PACKLINT_VERSION: string | undefined;

/** In the web build, in place of package-version.ts: packlint's version, written into the bundle. */
export function packageVersion(): string {
  return typeof PACKLINT_VERSION === "string" ? PACKLINT_VERSION : "unknown";
}
