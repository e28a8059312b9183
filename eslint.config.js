import { readdirSync } from "node:fs";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// ---- Import zones ------------------------------------------------------------------------
// Checked on the import's specifier: every import in the project is relative and spelt
// with its extension, so where it leads can be read from the path itself.

/** The folders of src/features: each may import only from itself (and shared code). */
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A zone: files that may not import what `patterns` describe, nor the packages in `paths`. */
const zone = (files, { ignores = [], paths = [], patterns = [], rule = "no-restricted-imports" }) => ({
  files,
  ignores,
  rules: { [rule]: ["error", { paths, patterns }] },
});

const noDriver = { name: "postgres", message: "Queries live in worker/data; enter it through withTenant or beforeTenant (data/tenant.ts)." };
const noCallSession = {
  regex: "(^|/)session/call-session\\.ts$",
  message: "Only worker/index.ts exports the call's Durable Object; reach a call through calls/session/client.ts.",
};

const workerBorder = [
  { regex: "^(\\.\\./)+worker/(?!app\\.ts$)", message: "The SPA knows the Worker only through `import type { App } from worker/app.ts`." },
  { regex: "^(\\.\\./)+worker/app\\.ts$", allowTypeImports: true, message: "Import only the type `App` from worker/app.ts." },
];

const zones = [
  zone(["contract/**/*.ts"], {
    patterns: [{ regex: "^(\\.\\./)+(src|worker)/", message: "The contract is shared by the Worker and the SPA, so it depends on neither." }],
  }),
  // The SPA knows the Worker only through the type of its routes; the second rule below lets
  // nothing but that type come along.
  zone(["src/**/*.{ts,tsx}"], { rule: "@typescript-eslint/no-restricted-imports", patterns: workerBorder }),
  // Shared code serves every feature and knows none; the app (src/app) composes them.
  zone(["src/components/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}"], {
    rule: "@typescript-eslint/no-restricted-imports",
    patterns: [...workerBorder, { regex: "(^|/)features/", message: "Shared SPA code imports no feature; src/app composes them." }],
  }),
  // A feature is free to change its insides; what two features share lives in src/components or src/lib.
  ...features.map((feature) =>
    zone([`src/features/${feature}/**/*.{ts,tsx}`], {
      rule: "@typescript-eslint/no-restricted-imports",
      patterns: [
        ...workerBorder,
        {
          regex: `^(\\.\\./)+(${features.filter((other) => other !== feature).join("|")})/`,
          message: "A feature does not import another feature's files; move what both need to src/components or src/lib.",
        },
      ],
    }),
  ),
  // ---- The Worker's zones -----------------------------------------------------------
  // SQL lives in worker/data only: nothing else holds a database driver. The call engine
  // (calls/engine) knows no channel; telephony plugs into it through its channel interface and
  // reaches a call through calls/session/client.ts, with a plan of calls/engine/call-plan.ts's
  // types; the Durable Object that joins them (calls/session/call-session.ts) is wired in
  // worker/index.ts alone.
  zone(["worker/**/*.ts"], { ignores: ["worker/data/**", "worker/index.ts"], paths: [noDriver], patterns: [noCallSession] }),
  zone(["worker/data/**/*.ts"], {
    paths: [{ name: "hono", message: "Storage knows nothing of HTTP: throw a DataError (data/errors.ts)." }],
    patterns: [
      {
        regex: "^\\.\\./(?!\\.\\./contract/|appointments/availability/free-slots\\.ts$)",
        message: "The data layer depends on the contract alone (and the slot search's input types).",
      },
    ],
  }),
  zone(["worker/calls/engine/**/*.ts"], {
    paths: [noDriver],
    patterns: [
      noCallSession,
      { regex: "(^|/)(telephony|browser)/", message: "The call engine knows no channel: a channel implements calls/engine/caller-channel.ts." },
    ],
  }),
  // Telephony builds the plan a phone call runs, so it may name the plan's types, and only those.
  // A rule of its own, beside worker/**'s, which still keeps the driver and the Durable Object out.
  zone(["worker/calls/telephony/**/*.ts"], {
    rule: "@typescript-eslint/no-restricted-imports",
    patterns: [
      {
        regex: "(^|/)engine/(?!caller-channel\\.ts$|call-plan\\.ts$)",
        message: "Telephony reaches the call engine through calls/engine/caller-channel.ts and calls/session/client.ts only.",
      },
      { regex: "(^|/)engine/call-plan\\.ts$", allowTypeImports: true, message: "Telephony takes only the types of a call's plan from calls/engine/call-plan.ts." },
    ],
  }),
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
  ...zones,
);
