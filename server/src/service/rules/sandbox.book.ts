import type { RuleBook } from "../types";

/** The rules of `sandbox.ts`: their pages' text and the examples that show and test them. */
export const sandboxBook: RuleBook = [
  {
    code: "sandbox-cidr-invalid",
    wrong: "version:\n  sandbox:\n    network_allowlist: [⟦10.0.0.0/33⟧]\n",
    right: "version:\n  sandbox:\n    network_allowlist: [10.0.0.0/8]\n",
  },
  {
    code: "sandbox-env-var-key-invalid",
    wrong: "version:\n  sandbox:\n    env_vars:\n      ⟦api-mode⟧: test\n",
    right: "version:\n  sandbox:\n    env_vars:\n      API_MODE: test\n",
  },
  {
    code: "sandbox-package-invalid",
    wrong: "version:\n  sandbox:\n    additional_packages: [⟦curl=7.88⟧]\n",
    right: "version:\n  sandbox:\n    additional_packages: [curl]\n",
  },
];
