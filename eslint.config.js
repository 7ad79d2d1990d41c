// ESLint flat config: the recommended rules over the page's modules (browser), those that run in
// workers (web/app/worker/: the boot wrapper, the snapshot maker and what they share) and the
// Node build scripts (tools/*.mjs). Formatting is Prettier's job (.prettierrc.json), so no style
// rule here; the size limits keep every module and function small enough to read at once.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/**", "node_modules/**", ".venv/**", "web/app/protocol.d.ts"] },
  js.configs.recommended,
  {
    files: ["web/app/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["web/app/worker/*.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["web/app/**/*.js"],
    rules: {
      "max-lines": ["error", 300],
      "max-lines-per-function": ["error", 60],
    },
  },
  {
    files: ["tools/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
  {
    // Workbox serializes this file's runtime handler into sw.js: it runs in the service worker.
    files: ["tools/workbox.mjs"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
