import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../../scripts/paths";
import { installGlobally, packTarball, userEnv } from "../../../test/helpers/installed-package";
import { RunDir } from "./run-dir";
import { need } from "./tools";

const run = promisify(execFile);

/**
 * Neovim (Debian's 0.7) as a second real LSP client: packlint's standalone server over stdio, installed from the
 * npm tarball into a global prefix as the README tells users and started by its command name on PATH, gives the
 * broken example the same diagnostics as the installed `packlint --format json` (position, severity, code, field
 * and message).
 */
test("Neovim: the installed standalone server over stdio gives the broken example the CLI's diagnostics", async () => {
  const dir = new RunDir("neovim");
  try {
    const pack = join(ROOT, "examples", "broken.pack.yaml");
    const { tarball } = await packTarball(join(dir.path, "tarball"));
    const bin = installGlobally(tarball, join(dir.path, "global"));
    const nvim = await run(need("nvim"), ["--headless", "-n", "-i", "NONE", "-u", join(ROOT, "client", "test", "editors", "neovim", "lsp-check.lua"), pack], {
      cwd: dir.path,
      timeout: 60_000,
      env: {
        ...userEnv([bin]),
        XDG_CACHE_HOME: join(dir.path, "cache"),
        XDG_DATA_HOME: join(dir.path, "data"),
        XDG_STATE_HOME: join(dir.path, "state"),
        XDG_CONFIG_HOME: join(dir.path, "config"),
      },
    });
    console.log(
      nvim.stdout
        .split("\n")
        .filter((l) => l.startsWith("["))
        .join("\n"),
    );
    const fromNeovim = nvim.stdout.split("\n").filter((l) => l.startsWith("DIAG "));

    const cli = await run(join(bin, "packlint"), ["--format", "json", pack], { env: userEnv() }).catch((e: { stdout: string }) => e); // exit 1: errors
    const report = JSON.parse(cli.stdout) as { files: { diagnostics: CliDiagnostic[] }[] };
    const severity = { error: 1, warning: 2, information: 3, hint: 4 } as const;
    // The editor shows a diagnostic as people read it: advice (whole sentences) without its field, then the hint.
    const rules = JSON.parse((await run(join(bin, "packlint"), ["rules", "--format", "json"], { env: userEnv() })).stdout) as { code: string; area: string }[];
    const advisory = new Set(rules.filter((r) => r.area === "advisory").map((r) => r.code));
    const shown = (d: CliDiagnostic) => {
      const base = d.field && !advisory.has(d.code) ? `${d.field} ${d.message}` : d.message;
      return d.hint ? (/[.?!]$/.test(base) ? `${base} ${d.hint}` : `${base}. ${d.hint}`) : base;
    };
    const expected = report.files[0].diagnostics
      .slice()
      .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character)
      .map((d) => `DIAG ${d.range.start.line + 1} ${d.range.start.character + 1} ${severity[d.severity]} ${d.code} ${shown(d)}`);
    assert.ok(expected.length >= 8, "the broken example has its errors");
    assert.deepEqual(fromNeovim, expected);
  } catch (e) {
    dir.fail();
    throw e;
  } finally {
    dir.finish();
  }
});

interface CliDiagnostic {
  code: string;
  severity: "error" | "warning" | "information" | "hint";
  field: string | null;
  message: string;
  hint?: string;
  range: { start: { line: number; character: number } };
}
