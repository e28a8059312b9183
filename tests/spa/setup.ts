import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Tests replace fetch with a fake API (mockFetch); each starts with the real one again.
const realFetch = globalThis.fetch;

// Testing Library cleans up by itself only when vitest globals are on; they are not.
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});
