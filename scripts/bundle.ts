/**
 * The one place that bundles packlint with esbuild, for the npm package (`npm run build`, so `prepare` and
 * `npm pack`: lib/) and for the VS Code extension (client/scripts/package.ts: client/dist/). A bundle holds every
 * library it uses, the rule catalog (server/data/pack-rules.json) included, so an install needs no dependencies.
 * Beside the bundles goes THIRD-PARTY-NOTICES.md: the licence of every package bundled, as their licences ask.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";

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

/** The web builds' entry points (the VS Code extension's `browser` entry and its server in a Web Worker). */
export const WEB_ENTRIES = {
  server: "server/src/lsp/browser-main.ts",
} as const;

export interface BundleOptions {
  /** Output file name (without .js) → entry point, relative to ROOT. */
  entries: Record<string, string>;
  outdir: string;
  sourcemap?: boolean;
  minify?: boolean;
  external?: string[];
  /**
   * For a browser (a Web Worker): no Node built-in but `path` (path-browserify); a module with a `.browser.ts` twin
   * beside it is replaced by the twin; vscode-languageserver and -client use their browser builds.
   */
  web?: boolean;
  /** `iife` for a script a Web Worker runs as it is (the web server); CommonJS by default. */
  format?: "cjs" | "iife";
  /** Writes THIRD-PARTY-NOTICES.md beside the bundles (default); off when the caller writes them for several builds. */
  notices?: boolean;
}

/** Bundles each entry point into `outdir/<name>.js` (CommonJS for Node 20) and writes the notices of what went in. */
export async function bundle(opts: BundleOptions): Promise<Metafile> {
  mkdirSync(opts.outdir, { recursive: true });
  const { metafile } = await build({
    entryPoints: Object.fromEntries(Object.entries(opts.entries).map(([name, entry]) => [name, join(ROOT, entry)])),
    outdir: opts.outdir,
    bundle: true,
    platform: opts.web ? "browser" : "node",
    format: opts.format ?? "cjs",
    target: opts.web ? "es2022" : "node20",
    ...(opts.web && {
      alias: {
        path: "path-browserify",
        "node:path": "path-browserify",
        "vscode-languageserver/node": "vscode-languageserver/browser",
        "vscode-languageclient/node": "vscode-languageclient/browser",
      },
      define: { PACKLINT_VERSION: JSON.stringify(packageVersion()) },
      plugins: [browserTwins],
    }),
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
  if (opts.notices !== false) writeFileSync(join(opts.outdir, "THIRD-PARTY-NOTICES.md"), thirdPartyNotices(metafile));
  return metafile;
}

/**
 * The web build's resolution of our own modules: `x.ts` is bundled as `x.browser.ts` when that twin exists (the
 * platform edge: file system, analysis thread, version, docs, runtime), and any Node built-in but `path` fails the
 * build, so that nothing of Node is polyfilled in bulk.
 */
const browserTwins: Plugin = {
  name: "browser-twins",
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z_]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, "");
      if (!NODE_BUILTINS.has(name) || name === "path") return undefined;
      return { errors: [{ text: `${args.path} is a Node built-in, which a browser does not have (imported by ${relative(ROOT, args.importer)})` }] };
    });
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (!args.importer.startsWith(join(ROOT, "server")) && !args.importer.startsWith(join(ROOT, "client"))) return undefined;
      const twin = resolve(args.resolveDir, `${args.path}.browser.ts`);
      return existsSync(twin) ? { path: twin } : undefined;
    });
  },
};

const NODE_BUILTINS = new Set(builtinModules);

/** The npm package's version (the web build writes it into its bundle: a Web Worker cannot read package.json). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
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
