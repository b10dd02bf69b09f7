// Lint rules only: Prettier checks the format (`npm run lint` runs both; see CONTRIBUTING.md).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["out/**", "dist/**", "node_modules/**", "client/out/**", "client/dist/**", "tools/code-server/**", "bench/peer/**", "test/fixtures/**", "test-results/**", "**/*.js", "**/*.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // CommonJS interop for packages whose "exports" classic resolution does not read (see test/helpers/lsp-client.ts).
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Control characters are what several checks are about (YAML's forbidden characters, terminal escapes).
      "no-control-regex": "off",
    },
  },
  {
    // The benchmark reads loosely shaped result records back from JSON.
    files: ["bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
