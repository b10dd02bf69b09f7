import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

test("the extension declares untrusted workspaces supported: it runs nothing from them and reads nothing outside them", () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "client", "package.json"), "utf8")) as {
    capabilities?: { untrustedWorkspaces?: { supported?: unknown } };
  };
  assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, true);
});
