import { test } from "node:test";
import assert from "node:assert/strict";
import { marked } from "../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../helpers/expect";
import { pack } from "../../helpers/packs";

const withDefaults = (dd: string) => pack({ version: `version:\n  number: 1\n  deployment_defaults:\n${dd}` });

test("deployment defaults with a default lineup are valid; keys and values are trimmed first", () => {
  expectValid(
    withDefaults("    aliases:\n      ' candidate ': ' Candidate Agent '\n    lineups:\n      ' default ': [' candidate ', baseline]\n      extra: [x]\n"),
  );
  expectValid(withDefaults("    aliases: {}\n    lineups: {}\n"));
});

test("deployment-alias-key-required: a key that trims to empty", () => {
  expectDiagnostics(withDefaults("    aliases:\n      ⟦' '⟧: agent\n    lineups: {default: [a]}\n"), {
    code: "deployment-alias-key-required",
    field: 'version.deployment_defaults.aliases[""]',
    message: "key is required",
  });
  expectNo(withDefaults("    aliases: {a: agent}\n    lineups: {default: [a]}\n"), "deployment-alias-key-required");
});

test("deployment-alias-selector-required: a blank or null value", () => {
  expectDiagnostics(withDefaults("    aliases:\n      candidate: ⟦'  '⟧\n      ⟦other⟧:\n    lineups: {default: [a]}\n"), {
    code: "deployment-alias-selector-required",
    message: "selector is required",
  });
  const got = diagnose(withDefaults("    aliases:\n      candidate: ''\n    lineups: {default: [a]}\n")).find(
    (d) => d.code === "deployment-alias-selector-required",
  );
  assert.equal(got?.field, 'version.deployment_defaults.aliases["candidate"]');
  expectNo(withDefaults("    aliases: {candidate: agent}\n    lineups: {default: [candidate]}\n"), "deployment-alias-selector-required");
});

test("deployment-lineups-empty: aliases without lineups", () => {
  expectDiagnostics(withDefaults("    aliases: {a: agent}\n    ⟦lineups⟧:\n"), {
    code: "deployment-lineups-empty",
    field: "version.deployment_defaults.lineups",
    message: "must include at least a default lineup",
  });
  expectDiagnostics(pack({ version: "version:\n  number: 1\n  ⟦deployment_defaults⟧:\n    aliases: {a: agent}\n" }), {
    code: "deployment-lineups-empty",
  });
  expectNo(withDefaults("    aliases: {a: agent}\n    lineups: {default: [a]}\n"), "deployment-lineups-empty");
});

test("deployment-lineup-default-required: at the lineups key", () => {
  expectDiagnostics(withDefaults("    ⟦lineups⟧:\n      main: [a]\n"), {
    code: "deployment-lineup-default-required",
    field: "version.deployment_defaults.lineups.default",
    message: "is required",
  });
  expectNo(withDefaults("    lineups:\n      ' default': [a]\n"), "deployment-lineup-default-required");
});

test("deployment-lineup-key-required: a lineup key that trims to empty", () => {
  expectDiagnostics(withDefaults("    lineups:\n      default: [a]\n      ⟦'  '⟧: [b]\n"), {
    code: "deployment-lineup-key-required",
    field: 'version.deployment_defaults.lineups[""]',
    message: "key is required",
  });
  expectNo(withDefaults("    lineups:\n      default: [a]\n"), "deployment-lineup-key-required");
});

test("deployment-lineup-empty: an empty or null list", () => {
  expectDiagnostics(withDefaults("    lineups:\n      default: ⟦[]⟧\n      ⟦other⟧:\n"), {
    code: "deployment-lineup-empty",
    message: "must include at least one deployment selector",
  });
  const got = diagnose(withDefaults("    lineups:\n      default: []\n")).find((d) => d.code === "deployment-lineup-empty");
  assert.equal(got?.field, 'version.deployment_defaults.lineups["default"]');
  expectNo(withDefaults("    lineups:\n      default: [a]\n"), "deployment-lineup-empty");
});

test("deployment-lineup-selector-required: blank entries, indexed after dropped nulls", () => {
  const m = marked(withDefaults("    lineups:\n      default: [a, ~, ⟦'  '⟧]\n"));
  const got = diagnose(m.text).filter((d) => d.code === "deployment-lineup-selector-required");
  assert.deepEqual(
    got.map((d) => [d.field, d.message, d.range]),
    [['version.deployment_defaults.lineups["default"][1]', "selector is required", m.ranges[0]]],
  );
  expectNo(withDefaults("    lineups:\n      default: [a, b]\n"), "deployment-lineup-selector-required");
});

test("errors from several keys come in document order", () => {
  const got = diagnose(withDefaults("    aliases:\n      z: ''\n      a: ''\n    lineups:\n      default: ['']\n"))
    .filter((d) => d.field?.startsWith("version.deployment_defaults"))
    .map((d) => d.field);
  assert.deepEqual(got, [
    'version.deployment_defaults.aliases["z"]',
    'version.deployment_defaults.aliases["a"]',
    'version.deployment_defaults.lineups["default"][0]',
  ]);
});
