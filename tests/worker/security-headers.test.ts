import { describe, expect, it } from "vitest";
import { api } from "./helpers.ts";

const expectSecured = (headers: Headers) => {
  const policy = headers.get("content-security-policy") ?? "";
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/connect-src 'self' ws:\/\/localhost(;|$)/);
  expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d{8}/);
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy")).toContain("microphone=(self)");
};

describe("security headers", () => {
  it("are on API answers, refusals included", async () => {
    expectSecured((await api("/api/health")).headers);
    const refused = await api("/api/dashboard/salon");
    expect(refused.status).toBe(401);
    expectSecured(refused.headers);
  });

  it("are on pages and assets, which the Worker serves too", async () => {
    for (const path of ["/", "/en/pricing", "/favicon.svg"]) expectSecured((await api(path)).headers);
  });

  it("let other sites frame a salon's booking page, and nothing else", async () => {
    const page = (await api("/cs/book/studio-lumen")).headers;
    expect(page.get("content-security-policy")).toContain("frame-ancestors *");
    expect(page.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.get("x-frame-options")).toBeNull();
    for (const path of ["/cs/pricing", "/cs/book", "/xx/book/studio-lumen", "/cs/book/studio-lumen/more", "/api/book/studio-lumen"]) {
      const headers = (await api(path)).headers;
      expect(headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(headers.get("x-frame-options"), path).toBe("DENY");
    }
  });
});
