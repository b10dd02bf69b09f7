import { resolve } from "node:path";
import type { RuleLevel } from "../../../shared/src/config";
import type { Project } from "../workspace/project";
import { printableLine } from "./format-text";

/**
 * `--show-config FILE`: the config files that apply to FILE, in the order they apply (each over the ones before),
 * then every rule level they and `--rule` set, with where it was set, and their `packs` and `ignore` globs.
 */
export function showConfig(project: Project, file: string, overrides: Record<string, RuleLevel>): string {
  const applied = project.configsFor(resolve(file));
  const files = applied?.files ?? [];
  const lines: string[] = [];
  if (!files.length) lines.push(`No config file applies to ${file}.`);
  else {
    lines.push(`Config files for ${file}, in the order they apply (each over the ones before):`);
    files.forEach((f, i) =>
      lines.push(`  ${i + 1}. ${f.path}${f.config.root ? ' ("root": true)' : ""}${f.config.extends ? ` (extends ${f.config.extends})` : ""}`),
    );
  }
  const levels = new Map<string, { level: RuleLevel; from: string }>();
  for (const f of files) for (const [code, level] of Object.entries(f.config.rules ?? {})) levels.set(code, { level, from: f.path });
  for (const [code, level] of Object.entries(overrides)) levels.set(code, { level, from: "--rule" });
  if (!levels.size) lines.push("Rule levels: every rule at its default level.");
  else {
    lines.push("Rule levels (every other rule at its default level):");
    for (const [code, { level, from }] of [...levels].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) lines.push(`  ${code}: ${level} (${from})`);
  }
  for (const key of ["packs", "ignore"] as const) {
    const globs = files.flatMap((f) => (f.config[key] ?? []).map((g) => `  ${g} (${f.path})`));
    if (globs.length) lines.push(`${key === "packs" ? "Packs" : "Ignore"} globs:`, ...globs);
  }
  return lines.map(printableLine).join("\n") + "\n";
}
