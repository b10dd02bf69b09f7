import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { checkConfig } from "../../shared/src/config";
import { checkProjectConfig } from "../../server/src/workspace/project-config";
import { cli, packTree } from "../helpers/cli";
import { pack } from "../helpers/packs";

const WARNED = pack({ extra: "colour: blue\n" }); // one unknown-key warning
const BROKEN = pack({ version: "version:\n  number: 0\n" }); // one version-number-positive error

interface JsonOut {
  files: { path: string; valid: boolean; diagnostics: { code: string; severity: string }[] }[];
}

async function json(args: string[]) {
  const r = await cli(["--format", "json", ...args]);
  return { ...r, files: r.code < 2 ? (JSON.parse(r.out) as JsonOut).files : [] };
}

test("config: .packlintrc.json in the pack's folder sets rule severities", async () => {
  const dir = packTree({ ".packlintrc.json": '{ "rules": { "unknown-key": "error" } }', "p.pack.yaml": WARNED });
  const r = await json([join(dir, "p.pack.yaml")]);
  assert.equal(r.code, 1);
  assert.deepEqual(
    r.files[0].diagnostics.map((d) => [d.code, d.severity]),
    [["unknown-key", "error"]],
  );
});

test("config: found from the file's folder upward; the nearest one wins; rules can be turned off", async () => {
  const dir = packTree({
    ".packlintrc.json": '{ "rules": { "version-number-positive": "warning" } }',
    "team/sub/p.pack.yaml": BROKEN,
    "other/.packlintrc.json": '{ "rules": { "version-number-positive": "off" } }',
    "other/p.pack.yaml": BROKEN,
  });
  const r = await json([join(dir, "team/sub/p.pack.yaml"), join(dir, "other/p.pack.yaml")]);
  // Both read their config; an error turned down or off is silenced, which keeps each file from being valid.
  assert.equal(r.code, 1, r.err);
  assert.deepEqual(
    r.files[0].diagnostics.map((d) => d.severity),
    ["warning"],
  );
  assert.deepEqual(r.files[1].diagnostics, []);
  assert.deepEqual(
    r.files.map((f) => f.valid),
    [false, false],
  );
});

test("config: a packlint key in package.json; .packlintrc.json in the same folder takes precedence", async () => {
  const pkg = packTree({ "package.json": JSON.stringify({ name: "packs", packlint: { rules: { "unknown-key": "off" } } }), "p.pack.yaml": WARNED });
  assert.deepEqual((await json([join(pkg, "p.pack.yaml")])).files[0].diagnostics, []);
  const both = packTree({
    "package.json": JSON.stringify({ packlint: { rules: { "unknown-key": "off" } } }),
    ".packlintrc.json": '{ "rules": { "unknown-key": "hint" } }',
    "p.pack.yaml": WARNED,
  });
  assert.deepEqual(
    (await json([join(both, "p.pack.yaml")])).files[0].diagnostics.map((d) => d.severity),
    ["hint"],
  );
  // A package.json without the key does not stop the search upward.
  const upward = packTree({ ".packlintrc.json": '{ "rules": { "unknown-key": "off" } }', "app/package.json": '{ "name": "app" }', "app/p.pack.yaml": WARNED });
  assert.deepEqual((await json([join(upward, "app/p.pack.yaml")])).files[0].diagnostics, []);
});

test("config: --rule overrides the config; --config replaces the search", async () => {
  const dir = packTree({
    ".packlintrc.json": '{ "rules": { "unknown-key": "off" } }',
    "p.pack.yaml": WARNED,
    "strict.json": '{ "rules": { "unknown-key": "error" } }',
  });
  assert.deepEqual(
    (await json(["--rule", "unknown-key=information", join(dir, "p.pack.yaml")])).files[0].diagnostics.map((d) => d.severity),
    ["information"],
  );
  const explicit = await json(["--config", join(dir, "strict.json"), join(dir, "p.pack.yaml")]);
  assert.equal(explicit.code, 1);
  assert.deepEqual(
    explicit.files[0].diagnostics.map((d) => d.severity),
    ["error"],
  );
});

test("config: packs globs add files a directory run would not sniff; ignore globs skip files", async () => {
  const dir = packTree({
    ".packlintrc.json": JSON.stringify({ packs: ["packs/**/*.yml"], ignore: ["fixtures/**"] }),
    "packs/a/not-sniffed.yml": "# a pack so broken it has no pack: key\nversion: 1\n",
    "packs/b.pack.yaml": pack(),
    "fixtures/broken.pack.yaml": BROKEN,
    "notes.yaml": "title: not a pack\n",
  });
  const r = await json([dir]);
  assert.deepEqual(
    r.files.map((f) => f.path.slice(dir.length + 1)),
    [join("packs", "a", "not-sniffed.yml"), join("packs", "b.pack.yaml")],
  );
  // An ignored file named on the command line is still validated.
  assert.equal((await json([join(dir, "fixtures/broken.pack.yaml")])).code, 1);
});

test("config: invalid configs are usage errors (exit 2) that name the file and the key", async () => {
  const cases: [string, RegExp][] = [
    ["{ not json", /invalid config .*\.packlintrc\.json: .*JSON/],
    ['{ "rules": { "unknown-key": "loud" } }', /rules\.unknown-key: must be one of off, error, warning, information, hint \(got "loud"\)/],
    ['{ "rules": { "unknown-kye": "off" } }', /rules\.unknown-kye: unknown rule code \(did you mean unknown-key\?\)/],
    ['{ "packs": "*.yaml" }', /packs: must be a list of non-empty glob strings/],
    ['{ "severity": {} }', /severity: unknown key/],
    ["[]", /must be a JSON object/],
  ];
  for (const [text, want] of cases) {
    const dir = packTree({ ".packlintrc.json": text, "p.pack.yaml": pack() });
    const r = await cli([join(dir, "p.pack.yaml")]);
    assert.equal(r.code, 2, text);
    assert.match(r.err, want);
    assert.equal(r.out, "");
  }
  assert.match((await cli(["--config", "/no/such.json", "x"])).err, /cannot read config \/no\/such\.json/);
});

test("config: a rule code is checked as an own key: __proto__, toString and constructor are unknown codes alike", async () => {
  for (const code of ["__proto__", "toString", "constructor", "hasOwnProperty"]) {
    const text = `{ "rules": { "${code}": "off" } }`;
    const dir = packTree({ ".packlintrc.json": text, "p.pack.yaml": pack() });
    const r = await cli([join(dir, "p.pack.yaml")]);
    assert.equal(r.code, 2, text);
    assert.match(r.err, new RegExp(`rules\\.${code}: unknown rule code`), text);
    // The server's check of the same config (it applies the well-formed rest and reports the problem).
    const check = checkProjectConfig(JSON.parse(text));
    assert.deepEqual(
      check.problems.map((p) => p.replace(/ \(did you mean [^)]*\)/, "")),
      [`rules.${code}: unknown rule code; packlint rules lists them all`],
    );
    assert.ok(Object.hasOwn(check.config.rules!, code), code);
    assert.equal(Object.getPrototypeOf(check.config.rules), Object.prototype, "no prototype set from a config");
  }
});

test("checkConfig keeps the well-formed parts and lists every problem", () => {
  const { config, problems } = checkConfig({ rules: { a: "off", b: 3 }, packs: ["x/**"], ignore: [""] });
  assert.deepEqual(config, { rules: { a: "off" }, packs: ["x/**"] });
  assert.deepEqual(problems, ["rules.b: must be one of off, error, warning, information, hint (got 3)", "ignore: must be a list of non-empty glob strings"]);
  assert.deepEqual(checkConfig(null).problems, ["must be a JSON object"]);
});

test("config: read as confined as the server reads one: a link out of the project, a FIFO or /dev/zero is a usage error, never read", async () => {
  const outside = packTree({ "secret.json": '{ "rules": { "unknown-key": "off" } }' });
  const linked = packTree({ "p.pack.yaml": BROKEN });
  symlinkSync("/etc/passwd", join(linked, ".packlintrc.json"));
  const passwd = await cli([join(linked, "p.pack.yaml")], { cwd: linked });
  assert.equal(passwd.code, 2);
  assert.match(passwd.err, /\.packlintrc\.json is a symbolic link leading outside the project; it is not read/);
  assert.doesNotMatch(passwd.err, /root:/, "nothing of the target is printed");

  const elsewhere = packTree({ "p.pack.yaml": BROKEN });
  symlinkSync(join(outside, "secret.json"), join(elsewhere, ".packlintrc.json"));
  assert.equal((await cli([join(elsewhere, "p.pack.yaml")], { cwd: elsewhere })).code, 2);

  const inside = packTree({ "shared.json": '{ "rules": { "version-number-positive": "off" } }', "p.pack.yaml": BROKEN });
  symlinkSync(join(inside, "shared.json"), join(inside, ".packlintrc.json"));
  // Followed: the config turned the error off (the verdict says it was silenced, not that the pack has errors).
  const followed = await cli([join(inside, "p.pack.yaml")], { cwd: inside });
  assert.equal(followed.code, 1);
  assert.match(followed.out, /Challenge pack is not valid: 1 reference error silenced/, "a link inside the project is followed");

  for (const special of ["/dev/zero", "fifo"]) {
    const dir = packTree({ "p.pack.yaml": BROKEN });
    if (special === "fifo") execFileSync("mkfifo", [join(dir, "package.json")]);
    else symlinkSync(special, join(dir, "package.json"));
    const r = await cli([join(dir, "p.pack.yaml")], { cwd: dir });
    assert.equal(r.code, 2, special);
    assert.match(r.err, /package\.json(: not a regular file| is a symbolic link leading outside)/, special);
  }
  const zero = await cli(["-c", "/dev/zero", join(inside, "p.pack.yaml")]);
  assert.equal(zero.code, 2);
  assert.match(zero.err, /cannot read config \/dev\/zero: not a regular file/);
});

test("a FIFO or device named on the command line is a usage error at once, never read", async () => {
  const dir = packTree({});
  execFileSync("mkfifo", [join(dir, "pipe.pack.yaml")]);
  for (const path of [join(dir, "pipe.pack.yaml"), "/dev/zero"]) {
    const r = await cli([path]);
    assert.equal(r.code, 2, path);
    assert.match(r.err, /not a regular file/, path);
  }
});

test("config: a nested config extends the configs above it: the root config's other levels still apply", async () => {
  const dir = packTree({
    ".packlintrc.json": '{ "rules": { "version-number-positive": "warning", "unknown-key": "off" } }',
    "team/.packlintrc.json": '{ "rules": { "unknown-key": "error" } }',
    "team/p.pack.yaml": BROKEN,
    "team/q.pack.yaml": WARNED,
  });
  const r = await json([join(dir, "team/p.pack.yaml"), join(dir, "team/q.pack.yaml")]);
  assert.equal(r.code, 1, r.err);
  assert.deepEqual(
    r.files.map((f) => f.diagnostics.map((d) => [d.code, d.severity])),
    [[["version-number-positive", "warning"]], [["unknown-key", "error"]]],
    "the root's level for version-number-positive is kept (it used to be dropped: an error); the nearest wins for unknown-key",
  );
});

test('config: "root": true stops the cascade; "extends" applies a file first; "$schema" is accepted', async () => {
  const dir = packTree({
    ".packlintrc.json": '{ "rules": { "version-number-positive": "off" } }',
    "alone/.packlintrc.json": '{ "$schema": "../packlintrc.schema.json", "root": true }',
    "alone/p.pack.yaml": BROKEN,
    "shared/strict.json": '{ "rules": { "unknown-key": "error" } }',
    "ext/.packlintrc.json": '{ "extends": "../shared/strict.json" }',
    "ext/p.pack.yaml": WARNED,
  });
  const alone = await json([join(dir, "alone/p.pack.yaml")]);
  assert.deepEqual(
    alone.files[0].diagnostics.map((d) => [d.code, d.severity]),
    [["version-number-positive", "error"]],
    "the parent's off does not reach past a root config",
  );
  const ext = await json([join(dir, "ext/p.pack.yaml")]);
  assert.deepEqual(
    ext.files[0].diagnostics.map((d) => [d.code, d.severity]),
    [["unknown-key", "error"]],
  );
  const missing = packTree({ ".packlintrc.json": '{ "extends": "./nowhere.json" }', "p.pack.yaml": pack() });
  const r = await cli([join(missing, "p.pack.yaml")]);
  assert.equal(r.code, 2);
  assert.match(r.err, /invalid config .*\.packlintrc\.json:\n {2}extends: \.\/nowhere\.json \(.*nowhere\.json\): no such file/);
  for (const bad of ['{ "root": "yes" }', '{ "extends": 3 }', '{ "$schema": 1 }']) {
    const d = packTree({ ".packlintrc.json": bad, "p.pack.yaml": pack() });
    assert.equal((await cli([join(d, "p.pack.yaml")])).code, 2, bad);
  }
});

test("--show-config FILE prints the config files that apply, in order, and the levels they make", async () => {
  const dir = packTree({
    ".packlintrc.json": '{ "rules": { "version-number-positive": "warning" }, "ignore": ["fixtures/**"] }',
    "shared/base.json": '{ "rules": { "unknown-key": "hint" } }',
    "team/.packlintrc.json": '{ "extends": "../shared/base.json", "rules": { "asset-file-missing": "off" } }',
  });
  const r = await cli(["--show-config", join(dir, "team/p.pack.yaml"), "-r", "unknown-key=error"]);
  assert.equal(r.code, 0, r.err);
  assert.equal(
    r.out,
    [
      `Config files for ${join(dir, "team/p.pack.yaml")}, in the order they apply (each over the ones before):`,
      `  1. ${join(dir, ".packlintrc.json")}`,
      `  2. ${join(dir, "shared/base.json")}`,
      `  3. ${join(dir, "team/.packlintrc.json")} (extends ../shared/base.json)`,
      "Rule levels (every other rule at its default level):",
      `  asset-file-missing: off (${join(dir, "team/.packlintrc.json")})`,
      "  unknown-key: error (--rule)",
      `  version-number-positive: warning (${join(dir, ".packlintrc.json")})`,
      "Ignore globs:",
      `  fixtures/** (${join(dir, ".packlintrc.json")})`,
      "",
    ].join("\n"),
  );
  const none = await cli(["--show-config", "/p.pack.yaml"]);
  assert.match(none.out, /^No config file applies to \/p\.pack\.yaml\.\nRule levels: every rule at its default level\.\n$/);
  assert.equal((await cli(["--show-config", join(dir, "p.pack.yaml"), dir])).code, 2, "no other paths");
});

test("config: top-level keys are checked as own keys: __proto__, constructor and toString are unknown keys alike", async () => {
  for (const key of ["__proto__", "constructor", "toString"]) {
    const text = `{ "${key}": { "rules": { "unknown-key": "off" } } }`;
    const dir = packTree({ ".packlintrc.json": text, "p.pack.yaml": WARNED });
    const r = await cli([join(dir, "p.pack.yaml")]);
    assert.equal(r.code, 2, text);
    assert.match(r.err, new RegExp(`${key}: unknown key \\(known: \\$schema, rules, packs, ignore, root, extends, docsBaseUrl\\)`), text);
    const check = checkConfig(JSON.parse(text));
    assert.deepEqual(check.config, {}, "nothing of it is read");
  }
  // A package.json whose "packlint" key sits only on a prototype has no config.
  const pkg = packTree({ "package.json": '{ "__proto__": { "packlint": { "rules": { "unknown-key": "off" } } } }', "p.pack.yaml": WARNED });
  const r = await json([join(pkg, "p.pack.yaml")]);
  assert.deepEqual(
    r.files[0].diagnostics.map((d) => d.code),
    ["unknown-key"],
  );
});
