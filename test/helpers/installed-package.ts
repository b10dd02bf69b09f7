import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { bundlePackage, ROOT } from "../../scripts/bundle";

/**
 * The npm package as a user gets it: the tarball `npm pack` makes (bundles rebuilt from the sources first, as
 * `prepare` does), installed with npm into a project of its own or a global prefix, with no registry.
 */

export const PACKAGE_NAME = "agentclash-packlint";

/**
 * The environment npm and the installed commands run in: no npm_* variables of the `npm test` that started us
 * (they would point npm at this repository), never the registry, and the prefix's bin and this Node on PATH.
 */
export function userEnv(extraPath: string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  env.npm_config_offline = "true";
  env.npm_config_audit = "false";
  env.npm_config_fund = "false";
  env.npm_config_update_notifier = "false";
  env.PATH = [...extraPath, dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
  return env;
}

/** Runs npm (the one beside this Node, else the one on PATH); throws with its output when it fails. */
export function npm(args: string[], cwd: string, env = userEnv()): string {
  const r = spawnSync("npm", args, { cwd, env, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0)
    throw new Error(`npm ${args.join(" ")} exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}${r.error ? `\n${r.error.message}` : ""}`);
  return r.stdout;
}

/** Bundles lib/ and packs the tarball into `dest`; returns its path and the files it holds. */
export async function packTarball(dest: string): Promise<{ tarball: string; files: string[] }> {
  await bundlePackage();
  mkdirSync(dest, { recursive: true });
  // --ignore-scripts: `prepare` would run `npm run build` (tsc) over the tests that are running; the bundles it
  // would make are the ones just made.
  const [packed] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dest], ROOT)) as {
    filename: string;
    files: { path: string }[];
  }[];
  return { tarball: join(dest, packed.filename), files: packed.files.map((f) => f.path).sort() };
}

/** Installs the tarball as a devDependency of a new project in `dir`; returns the project's folder. */
export function installInProject(tarball: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "packs", version: "1.0.0", private: true }, null, 2) + "\n");
  npm(["install", "--save-dev", "--offline", "--no-audit", "--no-fund", tarball], dir);
  return realpathSync(dir);
}

/** Installs the tarball globally into the prefix `dir` (`npm install -g --prefix`); returns the prefix's bin folder. */
export function installGlobally(tarball: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  npm(["install", "-g", "--prefix", dir, "--offline", "--no-audit", "--no-fund", tarball], dir);
  return join(realpathSync(dir), "bin");
}

/** Runs an installed command by its path (its `#!/usr/bin/env node` line picks this Node, first on PATH). */
export function runCommand(command: string, args: string[], cwd: string, env = userEnv()): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 << 20 });
}
