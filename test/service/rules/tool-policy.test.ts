import { test } from "node:test";
import assert from "node:assert/strict";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../helpers/expect";
import { pack } from "../../helpers/packs";

const withPolicy = (policy: string) => pack({ version: `version:\n  number: 1\n  tool_policy:\n${policy}` });

test("allowed tool kinds: every supported kind, any case, and an empty list are valid", () => {
  expectValid(withPolicy("    allowed_tool_kinds: [browser, build, data, FILE, ' network ', terminal]\n    allow_shell: maybe\n"));
  expectValid(withPolicy("    allowed_tool_kinds: []\n"));
  expectValid(withPolicy("    Allowed_Tool_Kinds: 5\n"));
});

test("tool-policy-kinds-not-array: a scalar, a mapping or null", () => {
  for (const value of ["⟦file⟧", "⟦{file: true}⟧", "⟦~⟧"]) {
    expectDiagnostics(withPolicy(`    allowed_tool_kinds: ${value}\n`), {
      code: "tool-policy-kinds-not-array",
      field: "version.tool_policy.allowed_tool_kinds",
      message: "must be an array of supported tool kind strings",
    });
  }
  expectNo(withPolicy("    allowed_tool_kinds: [file]\n"), "tool-policy-kinds-not-array");
});

test("tool-policy-kind-not-string: numbers, booleans, nulls, blanks, collections and timestamps", () => {
  expectDiagnostics(withPolicy("    allowed_tool_kinds: [file, ⟦1⟧, ⟦true⟧, ⟦~⟧, ⟦' '⟧, ⟦[file]⟧, ⟦2024-01-01⟧]\n"), {
    code: "tool-policy-kind-not-string",
    message: "must be a supported tool kind string",
  });
  const got = diagnose(withPolicy("    allowed_tool_kinds: [file, 1]\n")).filter((d) => d.code === "tool-policy-kind-not-string");
  assert.equal(got[0].field, "version.tool_policy.allowed_tool_kinds[1]");
  expectNo(withPolicy("    allowed_tool_kinds: [file, '2024-01-01']\n"), "tool-policy-kind-not-string");
});

test("tool-policy-kind-unsupported: the message lists five kinds although terminal is accepted", () => {
  expectDiagnostics(withPolicy("    allowed_tool_kinds: [browser, ⟦shell⟧]\n"), {
    code: "tool-policy-kind-unsupported",
    field: "version.tool_policy.allowed_tool_kinds[1]",
    message: "must be one of browser, build, data, file, network",
  });
  expectNo(withPolicy("    allowed_tool_kinds: [Terminal]\n"), "tool-policy-kind-unsupported");
});
