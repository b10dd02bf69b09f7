/**
 * `npm run package`: bundles the client and the server with esbuild into client/dist/, copies the grammars of syntaxes/
 * there, writes the JSON Schema that
 * `yamlValidation` points at (the output of `packlint schema`, never written by hand), and packages the .vsix with
 * vsce into dist/ at the repository root. `--no-vsix` stops after the bundles (for the in-host tests and F5).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { createVSIX } from "@vscode/vsce";
import { CLIENT_DIR, ROOT, vsixPath } from "./paths";

async function bundle(): Promise<void> {
  // Source maps are written next to the bundles for debugging (F5); the .vsix leaves them out (.vscodeignore).
  const common = { bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "warning", legalComments: "none", sourcemap: true } as const;
  await Promise.all([
    build({ ...common, entryPoints: [join(CLIENT_DIR, "src", "extension.ts")], external: ["vscode"], outfile: join(CLIENT_DIR, "dist", "extension.js") }),
    build({
      ...common,
      stdin: { contents: 'require("./server/src/lsp/main").main();', resolveDir: ROOT, sourcefile: "server-entry.js", loader: "js" },
      outfile: join(CLIENT_DIR, "dist", "server.js"),
    }),
  ]);
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
  const run = spawnSync(process.execPath, [join(ROOT, "bin", "packlint.js"), "schema"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`packlint schema failed (exit ${run.status}): ${run.stderr}`);
  JSON.parse(run.stdout); // must be JSON
  writeFileSync(join(CLIENT_DIR, "dist", "pack.schema.json"), run.stdout);
}

async function main(): Promise<void> {
  const started = Date.now();
  mkdirSync(join(CLIENT_DIR, "dist"), { recursive: true });
  await bundle();
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
    skipLicense: true,
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
