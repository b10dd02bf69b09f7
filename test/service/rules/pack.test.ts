import { test } from "node:test";
import { yaml } from "../../helpers/fixture";
import { expectDiagnostics, expectNo, expectValid } from "../../helpers/expect";
import { pack, sections } from "../../helpers/packs";

test("pack-slug/name/family-required: blank values at the value, missing ones at `pack:`", () => {
  expectDiagnostics(
    pack({
      head: yaml`
      pack:
        slug: ⟦"  "⟧
        name: Support Eval
        family: support
    `,
    }),
    { code: "pack-slug-required", field: "pack.slug", message: "is required" },
  );
  expectDiagnostics(
    pack({
      head: yaml`
      ⟦pack⟧:
        slug: support-eval
        family: support
    `,
    }),
    { code: "pack-name-required", field: "pack.name", message: "is required" },
  );
  expectDiagnostics(
    pack({
      head: yaml`
      pack:
        slug: support-eval
        name: Support Eval
        ⟦family⟧:
    `,
    }),
    { code: "pack-family-required", field: "pack.family", message: "is required" },
  );
  expectNo(pack({ head: sections.head }), "pack-slug-required");
});

test("version-number-positive: zero, absent and a float truncated to 0; 1.9 is accepted as 1", () => {
  expectDiagnostics(pack({ version: "version:\n  number: ⟦0.5⟧\n" }), {
    code: "version-number-positive",
    field: "version.number",
    message: "must be greater than 0",
  });
  expectDiagnostics(pack({ version: "⟦version⟧:\n  execution_mode: native\n" }), { code: "version-number-positive" });
  expectValid(pack({ version: "version:\n  number: 1.9\n" }));
});

test("execution-mode-invalid: case-sensitive, the value's range, enum values in data", () => {
  const [d] = expectDiagnostics(pack({ version: "version:\n  number: 1\n  execution_mode: ⟦Native⟧\n" }), {
    code: "execution-mode-invalid",
    field: "version.execution_mode",
    message: 'must be one of "native", "prompt_eval", "responses", "multi_turn"',
  });
  if (!(d.data?.expected as string[]).includes("native")) throw new Error("expected values in data");
  for (const mode of ["native", "prompt_eval", "responses", "multi_turn", "' native '"]) {
    expectNo(pack({ version: `version:\n  number: 1\n  execution_mode: ${mode}\n` }), "execution-mode-invalid");
  }
});

test("prompt_eval forbids tools keys, sandbox and tool_policy keys; responses forbids tools", () => {
  expectDiagnostics(pack({ version: "version:\n  number: 1\n  execution_mode: prompt_eval\n", extra: "⟦tools⟧:\n  custom: []\n" }), {
    code: "prompt-eval-tools-forbidden",
    field: "tools",
    message: "must be empty when version.execution_mode is prompt_eval",
  });
  expectNo(pack({ version: "version:\n  number: 1\n  execution_mode: prompt_eval\n", extra: "tools: {}\n" }), "prompt-eval-tools-forbidden");
  expectDiagnostics(pack({ version: "version:\n  number: 1\n  execution_mode: prompt_eval\n  ⟦sandbox⟧: {}\n" }), {
    code: "prompt-eval-sandbox-forbidden",
    field: "version.sandbox",
    message: "must be omitted when version.execution_mode is prompt_eval",
  });
  expectDiagnostics(pack({ version: "version:\n  number: 1\n  execution_mode: prompt_eval\n  ⟦tool_policy⟧:\n    allowed_tool_kinds: []\n" }), {
    code: "prompt-eval-tool-policy-forbidden",
    field: "version.tool_policy",
    message: "must be empty when version.execution_mode is prompt_eval",
  });
  expectNo(pack({ version: "version:\n  number: 1\n  execution_mode: prompt_eval\n  tool_policy: {}\n" }), "prompt-eval-tool-policy-forbidden");
  expectDiagnostics(pack({ version: "version:\n  number: 1\n  execution_mode: responses\n  sandbox: {}\n", extra: "⟦tools⟧:\n  allowed: [x]\n" }), {
    code: "responses-tools-forbidden",
    field: "tools",
    message: "must be empty when version.execution_mode is responses (use OpenAI Responses tools, not pack-defined tools)",
  });
});
