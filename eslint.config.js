import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// ---- the Worker's import zones ---------------------------------------------------------
// SQL lives in worker/data only: nothing else may hold a database driver. The call engine
// (voice) knows no channel; telephony plugs into it through its two interface modules; the
// Durable Object that joins them (call-session) is wired in worker/index.ts alone.
const noDriver = { name: "postgres", message: "Queries live in worker/data; enter it through withTenant or beforeTenant (data/tenant.ts)." };
const noCallSession = { group: ["**/call-session/*"], message: "Only worker/index.ts exports the call's Durable Object." };
const workerZone = (files, { ignores = [], paths = [noDriver], patterns = [] } = {}) => ({
  files,
  ignores,
  rules: { "no-restricted-imports": ["error", { paths, patterns: [noCallSession, ...patterns] }] },
});
const workerZones = [
  workerZone(["worker/**/*.ts"], { ignores: ["worker/data/**", "worker/index.ts"] }),
  workerZone(["worker/data/**/*.ts"], {
    paths: [{ name: "hono", message: "Storage knows nothing of HTTP: throw a DataError (data/errors.ts)." }],
    patterns: [
      {
        regex: "^\\.\\./(?!\\.\\./contract/|availability/free-slots\\.ts$)",
        message: "The data layer depends on the contract alone (and the slot search's input types).",
      },
    ],
  }),
  workerZone(["worker/voice/**/*.ts"], {
    patterns: [{ group: ["**/telephony/*"], message: "The call engine knows no channel: telephony implements voice/caller-channel.ts." }],
  }),
  workerZone(["worker/telephony/**/*.ts"], {
    patterns: [
      {
        regex: "/voice/(?!caller-channel\\.ts$|session-client\\.ts$)",
        message: "Telephony reaches the call engine through voice/caller-channel.ts and voice/session-client.ts only.",
      },
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
  ...workerZones,
);
