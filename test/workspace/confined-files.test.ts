import { test } from "node:test";
import assert from "node:assert/strict";
import fs, { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { ConfinedFiles } from "../../server/src/workspace/confined-files";
import { assetFilesFor } from "../../server/src/workspace/asset-host";
import { tempTree } from "../helpers/cli";

/**
 * A workspace `ws/` with a pack folder, and a sibling `outside/` holding a secret. Symbolic links lead out
 * of the workspace, within it, in circles and nowhere.
 */
const top = tempTree({
  "ws/packs/support.pack.yaml": "pack: {}\n",
  "ws/packs/assets/policy.pdf": "%PDF",
  "ws/shared/data.json": "{}",
  "ws/packs/assets/odd\uFFFDname.json": "{}",
  "outside/secret.txt": "secret",
  "outside/dir/inner.txt": "inner",
});
const ws = join(top, "ws");
const packs = join(ws, "packs");
const outside = join(top, "outside");
symlinkSync(join(outside, "secret.txt"), join(packs, "secret-link.txt"));
symlinkSync(outside, join(packs, "out-dir"));
symlinkSync("../../outside", join(packs, "out-relative"));
symlinkSync("../shared", join(packs, "shared-link"));
symlinkSync(join(realpathSync(ws), "shared", "data.json"), join(packs, "data-by-real-path.json"));
symlinkSync("nowhere.txt", join(packs, "dangling.txt"));
symlinkSync("loop-b", join(packs, "loop-a"));
symlinkSync("loop-a", join(packs, "loop-b"));
mkdirSync(join(packs, "sub"));

/** Every path the file system functions were called with while `fn` ran. */
function touched(fn: () => void): string[] {
  const names = ["lstatSync", "statSync", "readlinkSync", "readFileSync", "realpathSync", "existsSync", "openSync", "readdirSync"] as const;
  const seen: string[] = [];
  const real = names.map((n) => fs[n]);
  names.forEach((n, i) => {
    (fs as unknown as Record<string, unknown>)[n] = (p: unknown, ...rest: unknown[]) => {
      seen.push(String(p));
      return (real[i] as (...a: unknown[]) => unknown)(p, ...rest);
    };
  });
  try {
    fn();
  } finally {
    names.forEach((n, i) => ((fs as unknown as Record<string, unknown>)[n] = real[i]));
  }
  return seen;
}

const files = new ConfinedFiles([ws]);
const look = (written: string) => files.lookup(packs, written);
const outsideReal = realpathSync(outside);
const isOutside = (p: string) => {
  const r = resolve(p);
  return [outside, outsideReal].some((o) => r === o || r.startsWith(o + sep));
};

test("confinement: paths inside the workspace resolve; `..` may climb as long as it stays inside", () => {
  assert.deepEqual(look("assets/policy.pdf"), { state: "file", path: join(packs, "assets/policy.pdf"), real: join(realpathSync(packs), "assets/policy.pdf") });
  assert.equal(look("./sub/../assets/policy.pdf").state, "file");
  assert.equal(look("../shared/data.json").state, "file");
  assert.equal(look("../../ws/shared/data.json").state, "file", "out of the root and straight back in: nothing outside is looked at");
  assert.equal(look("assets").state, "directory");
  assert.deepEqual(look("assets/missing.pdf"), { state: "missing", path: join(packs, "assets/missing.pdf") });
  assert.equal(look("assets/policy.pdf/below").state, "missing", "a component below a file");
});

test("confinement: `..` escapes and absolute paths are refused without touching anything outside", () => {
  const seen = touched(() => {
    assert.deepEqual(look("../../etc/passwd"), { state: "outside", path: resolve(packs, "../../etc/passwd"), reason: "escapes" });
    assert.deepEqual(look("../../outside/secret.txt"), { state: "outside", path: join(outside, "secret.txt"), reason: "escapes" });
    assert.equal(look("../../../../../../../../etc/passwd").state, "outside");
    assert.deepEqual(look("/etc/passwd"), { state: "outside", path: "/etc/passwd", reason: "absolute" });
    assert.equal(look(join(ws, "shared/data.json")).state, "outside", "absolute even when it points inside: not portable");
    assert.equal(look("C:\\Windows\\win.ini").state, "outside");
    assert.equal(look("..").state, "directory");
    assert.equal(look("../..").state, "outside");
  });
  assert.deepEqual(seen.filter(isOutside), []);
  assert.ok(!seen.some((p) => p.startsWith("/etc")), seen.join(", "));
});

test("confinement: symbolic links are followed only inside the workspace", () => {
  const seen = touched(() => {
    assert.deepEqual(look("secret-link.txt"), { state: "outside", path: join(packs, "secret-link.txt"), reason: "symlink" });
    assert.equal(look("out-dir/secret.txt").state, "outside");
    assert.equal(look("out-dir/dir/../secret.txt").state, "outside");
    assert.equal(look("out-relative/secret.txt").state, "outside");
    // `..` after a link goes up from the link's target, as the OS does: shared-link/.. is ws/, not packs/.
    assert.equal(look("shared-link/data.json").state, "file");
    assert.equal(look("shared-link/../shared/data.json").state, "file");
    assert.equal(look("shared-link/../packs/assets/policy.pdf").state, "file");
    assert.equal(look("data-by-real-path.json").state, "file", "an absolute link target inside the workspace, by its real path");
    assert.equal(look("dangling.txt").state, "missing");
    assert.equal(look("loop-a").state, "missing");
  });
  assert.ok(
    seen.some((p) => p.endsWith("secret-link.txt")),
    "the links themselves are looked at",
  );
  assert.deepEqual(seen.filter(isOutside), [], "nothing outside the workspace is stat'ed, read or followed");
});

test("confinement: reading goes through the same check; a file outside every root is confined to its own folder", () => {
  assert.equal(files.readFile(join(packs, "assets/policy.pdf")), "%PDF");
  assert.equal(files.readFile(join(packs, "secret-link.txt")), undefined);
  assert.equal(files.readFile(join(outside, "secret.txt")), undefined);
  assert.equal(files.exists(join(ws, "shared")), true);
  assert.equal(files.exists(join(outside, "dir")), false);
  const own = files.forFile(join(outside, "dir", "pack.yaml"));
  assert.equal(own.lookup(join(outside, "dir"), "inner.txt").state, "file");
  assert.equal(own.lookup(join(outside, "dir"), "../secret.txt").state, "outside");
  assert.equal(files.forFile(join(packs, "support.pack.yaml")), files);
  assert.equal(new ConfinedFiles([]).lookup(packs, "assets/policy.pdf").state, "outside", "no workspace: nothing is looked at");
});

test("regression (fuzz): a path with a lone surrogate is looked up as the file system sees it, and its link target is a valid URI", () => {
  const written = "assets/odd\uD800name.json"; // a YAML "\ud800" escape
  assert.deepEqual(look(written), {
    state: "file",
    path: join(packs, "assets/odd\uFFFDname.json"),
    real: join(realpathSync(packs), "assets/odd\uFFFDname.json"),
  });
  const found = assetFilesFor(files, join(packs, "support.pack.yaml"))(written);
  assert.equal(found.state, "file");
  assert.match((found as { target: string }).target, /^file:\/\/\/.*\/assets\/odd%EF%BF%BDname\.json$/);
});

test("reading: a file over the byte limit is not read", () => {
  const path = join(packs, "assets/policy.pdf"); // 4 bytes
  assert.equal(files.readFile(path), "%PDF");
  assert.equal(files.readFile(path, 4), "%PDF");
  assert.equal(files.readFile(path, 3), undefined);
});
