/**
 * The one place that bundles packlint with esbuild, for the npm package (`npm run build`, so `prepare` and
 * `npm pack`: lib/) and for the VS Code extension (client/scripts/package.ts: client/dist/). A bundle holds every
 * library it uses, the rule catalog (server/data/pack-rules.json) included, so an install needs no dependencies.
 * Beside the bundles goes THIRD-PARTY-NOTICES.md: the licence of every package bundled, as their licences ask.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { build, type Metafile } from "esbuild";

/** The repository root, from this module's place in out/scripts/ or client/out/scripts/. */
export const ROOT = findRoot(__dirname);

/** The npm package's bundles, as package.json "bin" names them. */
export const PACKAGE_LIB = join(ROOT, "lib");

/** Entry points (relative to ROOT), each with the name of its bundle. */
export const ENTRIES = {
  cli: "server/src/cli/bin.ts",
  /** pool.ts starts it as `worker.js` beside the CLI. */
  worker: "server/src/cli/worker.ts",
  server: "server/src/lsp/bin.ts",
  /** The language server's workspace index starts it as `index-worker.js` beside the server (workspace/analysis-thread.ts). */
  indexWorker: "server/src/workspace/index-worker.ts",
} as const;

export interface BundleOptions {
  /** Output file name (without .js) → entry point, relative to ROOT. */
  entries: Record<string, string>;
  outdir: string;
  sourcemap?: boolean;
  minify?: boolean;
  external?: string[];
}

/** Bundles each entry point into `outdir/<name>.js` (CommonJS for Node 20) and writes the notices of what went in. */
export async function bundle(opts: BundleOptions): Promise<Metafile> {
  mkdirSync(opts.outdir, { recursive: true });
  const { metafile } = await build({
    entryPoints: Object.fromEntries(Object.entries(opts.entries).map(([name, entry]) => [name, join(ROOT, entry)])),
    outdir: opts.outdir,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
    legalComments: "none",
    sourcemap: opts.sourcemap ?? false,
    // Whitespace and syntax only: identifiers keep their names, so an internal error's stack trace stays readable.
    minifyWhitespace: opts.minify ?? false,
    minifySyntax: opts.minify ?? false,
    external: opts.external,
    absWorkingDir: ROOT,
    metafile: true,
  });
  writeFileSync(join(opts.outdir, "THIRD-PARTY-NOTICES.md"), thirdPartyNotices(metafile));
  return metafile;
}

/** The npm package's bundles: lib/packlint.js, lib/worker.js, lib/packlint-language-server.js, lib/index-worker.js. */
export function bundlePackage(outdir = PACKAGE_LIB): Promise<Metafile> {
  return bundle({
    entries: { packlint: ENTRIES.cli, worker: ENTRIES.worker, "packlint-language-server": ENTRIES.server, "index-worker": ENTRIES.indexWorker },
    outdir,
    minify: true,
  });
}

/** Every package under node_modules that contributed code to the bundles, with its licence text. */
export function thirdPartyNotices(metafile: Metafile): string {
  const packages = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const at = input.lastIndexOf("node_modules/");
    if (at < 0) continue;
    const rest = input.slice(at + "node_modules/".length).split("/");
    const dir = input.slice(0, at) + "node_modules/" + (rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]);
    packages.add(dir);
  }
  const sections = [...packages]
    .map((dir) => {
      const abs = resolve(ROOT, dir);
      const pkg = JSON.parse(readFileSync(join(abs, "package.json"), "utf8")) as { name: string; version: string; license?: string };
      const file = readdirSync(abs).find((f) => /^licen[cs]e(\.(md|txt))?$/i.test(f));
      if (!file) throw new Error(`${pkg.name} has no licence file in ${relative(ROOT, abs).split(sep).join("/")}`);
      return { title: `${pkg.name} ${pkg.version} (${pkg.license ?? "see below"})`, text: readFileSync(join(abs, file), "utf8").trim() };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
  return [
    "# Third-party notices",
    "",
    "These bundles include code from the following packages, under their licences.",
    ...sections.flatMap((s) => ["", `## ${s.title}`, "", "```", s.text, "```"]),
    "",
  ].join("\n");
}

function findRoot(from: string): string {
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, "server", "src")) && existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error(`no repository root above ${from}`);
}

if (require.main === module) {
  const started = Date.now();
  bundlePackage().then(
    () => console.log(`bundled the CLI and the language server into ${relative(process.cwd(), PACKAGE_LIB) || "."}/ in ${Date.now() - started} ms`),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exitCode = 1;
    },
  );
}
