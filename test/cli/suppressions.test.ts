import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, packTree } from "../helpers/cli";
import { pack } from "../helpers/packs";

/** Inline suppression comments through the CLI: what they silence, what they report, and the verdict they leave. */

const WARNED = pack({ extra: "# packlint-disable-next-line unknown-key -- read by our own tooling\ncolour: blue\nflavour: mint\n" });

test("a suppressed warning is not reported; the one on the next node is", async () => {
  const dir = packTree({ "w.pack.yaml": WARNED });
  const r = await cli(["--format", "json", join(dir, "w.pack.yaml")]);
  assert.equal(r.code, 0);
  const file = JSON.parse(r.out).files[0];
  assert.deepEqual(
    (file.diagnostics as { code: string; message: string }[]).map((d) => [d.code, d.message]),
    [["unknown-key", 'Unknown key "flavour"; AgentClash ignores it.']],
  );
  assert.equal(file.valid, true);
});

test("a suppressed error is silenced: the pack is not valid and the run fails", async () => {
  const text = pack().replace("  number: 1", "  # packlint-disable-next-line version-number-positive -- fixed in the next release\n  number: 0");
  const dir = packTree({ "z.pack.yaml": text });
  const r = await cli(["--no-color", join(dir, "z.pack.yaml")]);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.out, /\[version-number-positive\]/);
  assert.match(r.out, /Challenge pack is not valid: 1 reference error silenced; the hosted validator rejects this file/);
});

test("unused and unknown codes are warnings of their own, which --rule can turn off", async () => {
  const text = pack({ extra: "# packlint-disable-next-line unknwn-key, legacy-items\nnotes: x\n" });
  const dir = packTree({ "u.pack.yaml": text });
  const r = await cli(["--format", "json", join(dir, "u.pack.yaml")]);
  const codes = (JSON.parse(r.out).files[0].diagnostics as { code: string }[]).map((d) => d.code);
  assert.deepEqual(codes, ["suppression-invalid", "suppression-unused", "unknown-key"]);
  const off = await cli(["--format", "json", "-r", "suppression-unused=off", "-r", "suppression-invalid=off", join(dir, "u.pack.yaml")]);
  assert.deepEqual(
    (JSON.parse(off.out).files[0].diagnostics as { code: string }[]).map((d) => d.code),
    ["unknown-key"],
  );
});

test("packlint rules lists the suppression codes", async () => {
  const r = await cli(["rules"]);
  assert.match(r.out, /suppression-unused/);
  assert.match(r.out, /suppression-invalid/);
});
