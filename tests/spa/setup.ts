import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

// What a test waits for (a list filled, a toast shown) gets far more than Testing Library's one
// second, which a busy two-core machine can spend on a render alone.
configure({ asyncUtilTimeout: 10_000 });

// Tests replace fetch with a fake API (mockFetch); each starts with the real one again.
const realFetch = globalThis.fetch;

// Testing Library cleans up by itself only when vitest globals are on; they are not.
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

// Files of a worker share one page (vitest.config.ts): each starts as a fresh tab would, with
// nothing left on the page or in storage by the file before.
beforeAll(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});
