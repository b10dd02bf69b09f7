import { test } from "node:test";
import assert from "node:assert/strict";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { cli, tempTree } from "../helpers/cli";
import { pack, sections } from "../helpers/packs";

interface JsonOut {
  files: { path: string; diagnostics: { code: string; severity: string; field: string; message: string }[] }[];
}

const withAsset = (path: string) => pack({ version: sections.version.replace("path: assets/policy.pdf", `path: ${path}`) });

test("cli: asset paths are checked relative to the pack; a missing file is a warning with its path from the working directory", async () => {
  const dir = tempTree({
    "repo/packs/ok.pack.yaml": pack(),
    "repo/packs/assets/policy.pdf": "%PDF",
    "repo/packs/missing.pack.yaml": withAsset("assets/gone.pdf"),
    "repo/packs/escaping.pack.yaml": withAsset("../../secret.txt"),
    "repo/packs/linked.pack.yaml": withAsset("link.txt"),
    "secret.txt": "secret",
  });
  symlinkSync(join(dir, "secret.txt"), join(dir, "repo/packs/link.txt"));
  // In-process runs resolve their arguments against the test's own directory: pass them absolute.
  const r = await cli(["--format", "json", join(dir, "repo/packs")], { cwd: join(dir, "repo") });
  assert.equal(r.code, 0, "warnings only");
  const files = (JSON.parse(r.out) as JsonOut).files;
  const found = Object.fromEntries(
    files.map((f) => [f.path.slice(join(dir, "repo/packs").length + 1), f.diagnostics.map((d) => [d.code, d.field, d.message])]),
  );
  assert.deepEqual(found["ok.pack.yaml"], []);
  assert.deepEqual(found["missing.pack.yaml"], [["asset-file-missing", "version.assets[0].path", "refers to a missing file: packs/assets/gone.pdf"]]);
  assert.deepEqual(found["escaping.pack.yaml"], [
    ["asset-path-outside-workspace", "version.assets[0].path", `leads outside the workspace (${join(dir, "secret.txt")}); it is not checked`],
  ]);
  assert.deepEqual(
    found["linked.pack.yaml"].map((d) => d[0]),
    ["asset-path-outside-workspace"],
  );
});

test("cli: --rule and the config set the asset check's level; --max-warnings counts its warnings", async () => {
  const dir = tempTree({ "p.pack.yaml": withAsset("assets/gone.pdf") });
  const strict = await cli(["--rule", "asset-file-missing=error", "--format", "github", join(dir, "p.pack.yaml")], { cwd: dir });
  assert.equal(strict.code, 1);
  assert.match(
    strict.out,
    /^::error file=p\.pack\.yaml,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=asset-file-missing::version\.assets\[0\]\.path refers to a missing file: assets\/gone\.pdf$/m,
  );
  assert.equal((await cli(["--max-warnings", "0", join(dir, "p.pack.yaml")], { cwd: dir })).code, 1);
  const off = tempTree({ ".packlintrc.json": '{ "rules": { "asset-file-missing": "off" } }', "p.pack.yaml": withAsset("assets/gone.pdf") });
  assert.equal((await cli(["--max-warnings", "0", join(off, "p.pack.yaml")], { cwd: off })).code, 0);
});
