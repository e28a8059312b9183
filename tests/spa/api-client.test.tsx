import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiRequestError, api, read } from "../../src/lib/api-client.ts";
import { getAccessToken, resumeSession, startSession } from "../../src/lib/auth/session.ts";
import { refreshAccessToken } from "../../src/lib/api-client.ts";
import { json, mockFetch, refusal, reply } from "./render.tsx";

const user = { email: "Owner@Salon.com", is_active: true, email_verified: true };

beforeEach(() => startSession("old-token", user));
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe("api client sessions", () => {
  it("sends the bearer token, refreshes once on a 401 and retries with the new token", async () => {
    const calls = mockFetch((url, init) => {
      if (url === "/api/auth/refresh") return reply(api.auth.refresh.$post, { access_token: "new-token" });
      const auth = new Headers(init.headers).get("authorization");
      return auth === "Bearer new-token" ? json(200, { ok: true }) : refusal(401, { detail: "expired" });
    });
    expect(await read(api.dashboard.salon.$get())).toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual(["/api/dashboard/salon", "/api/auth/refresh", "/api/dashboard/salon"]);
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer old-token");
    expect(getAccessToken()).toBe("new-token");
  });

  it("shares one refresh between requests that fail together", async () => {
    const calls = mockFetch((url, init) => {
      if (url === "/api/auth/refresh") return reply(api.auth.refresh.$post, { access_token: "new-token" });
      return new Headers(init.headers).get("authorization") === "Bearer new-token" ? json(200, {}) : json(401, {});
    });
    await Promise.all([read(api.dashboard.salon.$get()), read(api.dashboard.stylists.$get()), read(api.dashboard.services.$get())]);
    expect(calls.filter((call) => call.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("signs out when the refresh fails, and does not retry", async () => {
    const calls = mockFetch((url) => (url === "/api/auth/refresh" ? json(401, {}) : refusal(401, { detail: "Please log in to continue." })));
    await expect(read(api.dashboard.salon.$get())).rejects.toEqual(new ApiRequestError(401, "Please log in to continue."));
    expect(calls).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("renews a new tab's token from the cookie, or signs out when it cannot", async () => {
    sessionStorage.clear();
    mockFetch(() => reply(api.auth.refresh.$post, { access_token: "tab-token" }));
    await resumeSession(refreshAccessToken);
    expect(getAccessToken()).toBe("tab-token");

    sessionStorage.clear();
    mockFetch(() => json(401, {}));
    await resumeSession(refreshAccessToken);
    expect(localStorage.getItem("user")).toBeNull();
  });
});
