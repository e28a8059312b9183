import { readdirSync } from "node:fs";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Which folders may import which, checked on the resolved files rather than on how an import is spelt. */
const zones = [
  {
    target: "./contract",
    from: ["./worker", "./src"],
    message: "The contract is shared by the Worker and the SPA, so it depends on neither.",
  },
  {
    target: "./src",
    from: "./worker",
    except: ["./app.ts"],
    message: "The SPA knows the Worker only through the type of its routes: `import type { App } from worker/app.ts`.",
  },
  // A feature is free to change its insides; what two features share lives in src/components or src/lib.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature does not import another feature's files; move what both need to src/components or src/lib.",
  })),

  // ---- The Worker's zones -----------------------------------------------------------
  // Added with the Worker's restructuring: worker/voice and worker/telephony meeting only
  // through their interface, routes that write no SQL, and the like.
];

export default tseslint.config(
  { ignores: ["dist", ".wrangler", ".data", "node_modules", "worker-configuration.d.ts", "test-results"] },
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["contract/**/*.ts", "src/**/*.{ts,tsx}", "worker/**/*.ts"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver()] },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones }],
    },
  },
  {
    // The zone above lets src/ reach worker/app.ts; only its types may come along, never the Worker's code.
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)worker/app\\.ts$", allowTypeImports: true, message: "Import only the type `App` from worker/app.ts." }] },
      ],
    },
  },
);
