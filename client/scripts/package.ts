/**
 * `npm run package`: bundles the client and the server with esbuild (scripts/bundle.ts) into client/dist/, copies the grammars of syntaxes/
 * there, writes the JSON Schema that
 * `yamlValidation` points at (the output of `packlint schema`, never written by hand), and packages the .vsix with
 * vsce into dist/ at the repository root. `--no-vsix` stops after the bundles (for the in-host tests and F5).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createVSIX } from "@vscode/vsce";
import { bundle, ENTRIES, thirdPartyNotices, WEB_ENTRIES } from "../../scripts/bundle";
import { CLIENT_DIR, ROOT, vsixPath } from "./paths";

/** The client and the server (the npm package's language server) in one bundle each, by the shared bundler. */
async function bundleExtension(): Promise<void> {
  // Source maps are written next to the bundles for debugging (F5); the .vsix leaves them out (.vscodeignore).
  // The server's index worker beside it; the CLI (and its worker) too, for "Run Skill Test" (packlint skill run in a terminal).
  const outdir = join(CLIENT_DIR, "dist");
  const node = await bundle({
    entries: {
      extension: "client/src/extension.ts",
      server: ENTRIES.server,
      "index-worker": ENTRIES.indexWorker,
      cli: ENTRIES.cli,
      worker: ENTRIES.worker,
    },
    outdir,
    external: ["vscode"],
    sourcemap: true,
    notices: false,
  });
  // The web builds (package.json "browser"): the extension in the browser's extension host, its server in a Web Worker.
  const webClient = await bundle({
    entries: { "extension-web": "client/src/browser-extension.ts" },
    outdir,
    external: ["vscode"],
    sourcemap: true,
    minify: true,
    web: true,
    notices: false,
  });
  // The worker runs its script as it is: no module system around it.
  const webServer = await bundle({
    entries: { "server-web": WEB_ENTRIES.server },
    outdir,
    sourcemap: true,
    minify: true,
    web: true,
    format: "iife",
    notices: false,
  });
  const inputs = { ...node.inputs, ...webClient.inputs, ...webServer.inputs };
  writeFileSync(join(outdir, "THIRD-PARTY-NOTICES.md"), thirdPartyNotices({ inputs, outputs: {} }));
  for (const name of ["extension-web.js", "server-web.js"]) console.log(`${name}: ${(statSync(join(outdir, name)).size / 1024).toFixed(0)} KiB`);
}

/** The extension carries the repository's LICENSE; client/LICENSE is its copy (vsce reads it from client/). */
function checkLicense(): void {
  if (readFileSync(join(ROOT, "LICENSE"), "utf8") !== readFileSync(join(CLIENT_DIR, "LICENSE"), "utf8")) {
    throw new Error("client/LICENSE differs from LICENSE: copy LICENSE to client/LICENSE");
  }
}

/**
 * The TextMate grammars live in the repository's syntaxes/; the extension ships copies in dist/syntaxes/. The docs
 * for pack authors go to dist/docs/, where the bundled server's diagnostics link by default.
 */
function copyGrammarsAndDocs(): void {
  cpSync(join(ROOT, "syntaxes"), join(CLIENT_DIR, "dist", "syntaxes"), { recursive: true });
  cpSync(join(ROOT, "docs"), join(CLIENT_DIR, "dist", "docs"), { recursive: true });
}

/** The schema as `packlint schema` prints it (from the compiled CLI: `npm run build` runs first). */
function writeSchema(): void {
  const run = spawnSync(process.execPath, [join(ROOT, "out", "server", "src", "cli", "bin.js"), "schema"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`packlint schema failed (exit ${run.status}): ${run.stderr}`);
  JSON.parse(run.stdout); // must be JSON
  writeFileSync(join(CLIENT_DIR, "dist", "pack.schema.json"), run.stdout);
  // The config's schema, as npm run docs wrote it (test/workspace/config-schema.test.ts keeps it current).
  cpSync(join(ROOT, "packlintrc.schema.json"), join(CLIENT_DIR, "dist", "packlintrc.schema.json"));
}

async function main(): Promise<void> {
  const started = Date.now();
  mkdirSync(join(CLIENT_DIR, "dist"), { recursive: true });
  checkLicense();
  await bundleExtension();
  copyGrammarsAndDocs();
  writeSchema();
  if (process.argv.includes("--no-vsix")) {
    console.log(`extension bundled into ${join(CLIENT_DIR, "dist")} in ${Date.now() - started} ms`);
    return;
  }
  const version = (JSON.parse(readFileSync(join(CLIENT_DIR, "package.json"), "utf8")) as { version: string }).version;
  const out = vsixPath(version);
  mkdirSync(join(ROOT, "dist"), { recursive: true });
  await createVSIX({
    cwd: CLIENT_DIR,
    packagePath: out,
    dependencies: false,
    // No public repository URL is known yet (package.json has no "repository"); add it there when there is one.
    allowMissingRepository: true,
    // The README's screenshots are in the package (images/); VS Code shows them from the installed extension.
    rewriteRelativeLinks: false,
  });
  console.log(`packaged ${out} in ${Date.now() - started} ms`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
