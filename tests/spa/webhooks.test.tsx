import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEndpoint } from "../../contract/webhooks.ts";
import { WebhooksSection } from "../../src/features/salon-settings/integrations/webhooks-section.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const SECRET = "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtMTIzNA==";
const ID = "44444444-4444-4444-8444-444444444444";

const endpoint = (changes: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ID,
  url: "https://crm.example.com/hooks",
  description: "CRM",
  events: [...WEBHOOK_EVENTS],
  enabled: true,
  secret_prefix: "whsec_c2Vj",
  created_at: "2026-11-20T10:00:00Z",
  last_delivery: null,
  ...changes,
});

const delivery = (changes: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: crypto.randomUUID(),
  event_id: crypto.randomUUID(),
  event_type: "webhook.test",
  status: "delivered",
  attempts: 1,
  response_status: 200,
  error: null,
  created_at: "2026-11-26T09:00:00Z",
  last_attempt_at: "2026-11-26T09:00:00Z",
  next_attempt_at: null,
  ...changes,
});

/** The webhooks API with `list` as the endpoints; POST answered by `created`, a test by `tested`. Returns the bodies sent. */
function fakeApi({ list = [] as WebhookEndpoint[], created, tested }: { list?: WebhookEndpoint[]; created?: () => Response; tested?: () => Response } = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let endpoints = list;
  mockFetch((url, init) => {
    const { pathname } = new URL(url, "http://localhost");
    const method = init.method ?? "GET";
    if (method !== "GET") sent.push({ method, path: pathname, body: init.body ? JSON.parse(String(init.body)) : null });
    if (pathname === "/api/dashboard/webhooks" && method === "GET") return reply(api.dashboard.webhooks.$get, endpoints);
    if (pathname === "/api/dashboard/webhooks" && method === "POST") {
      const answer = created?.();
      if (answer) return answer;
      const body = JSON.parse(String(init.body)) as WebhookEndpoint;
      endpoints = [endpoint({ url: body.url, description: body.description, events: body.events })];
      return reply(api.dashboard.webhooks.$post, { ...endpoints[0], secret: SECRET }, 201);
    }
    if (pathname === `/api/dashboard/webhooks/${ID}/test`) return tested?.() ?? reply(api.dashboard.webhooks[":id"].test.$post, delivery({}), 202);
    if (pathname === `/api/dashboard/webhooks/${ID}/deliveries`) {
      const offset = Number(new URL(url, "http://localhost").searchParams.get("offset"));
      const all = Array.from({ length: 25 }, (_, index) =>
        delivery(index === 0 ? { event_type: "appointment.created", status: "pending", attempts: 2, response_status: 500, error: "http", next_attempt_at: "2026-11-26T09:05:00Z" } : { event_type: "appointment.updated" }),
      );
      return reply(api.dashboard.webhooks[":id"].deliveries.$get, { items: all.slice(offset, offset + 20), total: all.length });
    }
    return refusal(404, { detail: "no such route in the fake" });
  });
  return sent;
}

const render = (language: Language = "en") => renderWithQueries(<WebhooksSection />, { language, path: `/${language}/dashboard/salon-settings` });

describe("Webhooks in Salon Settings", () => {
  it("adds an endpoint with all events and shows its secret once, with a way to copy it", async () => {
    const sent = fakeApi();
    const user = userEvent.setup();
    render();
    expect(await screen.findByText("No endpoints yet. Add one and events start going to it.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Add endpoint" });
    await user.type(within(dialog).getByLabelText(/Address \(URL\)/), "https://crm.example.com/hooks");
    await user.click(within(dialog).getByLabelText("Call completed"));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    const shown = await screen.findByRole("dialog", { name: "Signing secret" });
    expect(within(shown).getByTestId("webhook-secret")).toHaveTextContent(SECRET);
    expect(shown).toHaveTextContent("Copy the signing secret now: it is shown only this once.");
    expect(sent).toEqual([
      { method: "POST", path: "/api/dashboard/webhooks", body: { url: "https://crm.example.com/hooks", description: "", events: WEBHOOK_EVENTS.filter((type) => type !== "call.completed") } },
    ]);
    await user.click(within(shown).getByRole("button", { name: "Copy signing secret" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("https://crm.example.com/hooks")).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it("shows the server's refusal at the address field", async () => {
    const detail = "Webhooks go only to https:// addresses.";
    fakeApi({ created: () => refusal(422, { detail, code: "validation_error", fields: { url: detail } }) });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Add endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Add endpoint" });
    await user.type(within(dialog).getByLabelText(/Address \(URL\)/), "http://crm.example.com");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Address \(URL\)/)).toHaveAttribute("aria-invalid", "true");
  });

  it("tells how a test event went, and pages the log, in Czech", async () => {
    fakeApi({ list: [endpoint({ last_delivery: { status: "failed", response_status: 500, at: "2026-11-26T09:00:00Z" } })], tested: () => reply(api.dashboard.webhooks[":id"].test.$post, delivery({ status: "failed", response_status: 500, error: "http" }), 202) });
    const user = userEvent.setup();
    render("cs");
    expect(await screen.findByText(/Nová rezervace, Změna termínu, Zrušený termín, Dokončený hovor, Nový klient/)).toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent(/Poslední doručení .+: nezdařilo se \(500\)/);
    await user.click(screen.getByRole("button", { name: "Poslat testovací událost na https://crm.example.com/hooks" }));
    expect(await screen.findByText("Vaše adresa odpověděla 500")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Doručení na https://crm.example.com/hooks" }));
    const log = await screen.findByRole("dialog", { name: "Doručení" });
    expect(await within(log).findByText("Nová rezervace")).toBeInTheDocument();
    expect(within(log).getByText(/^další pokus/)).toBeInTheDocument();
    expect(within(log).getByText(/2 pokusy/)).toBeInTheDocument();
    expect(within(log).getAllByRole("listitem")).toHaveLength(20);
    await user.click(within(log).getByRole("button", { name: "Zobrazit další" }));
    await waitFor(() => expect(within(log).getAllByRole("listitem")).toHaveLength(25));
    expect(within(log).queryByRole("button", { name: "Zobrazit další" })).not.toBeInTheDocument();
  });

  it("pauses an endpoint with its switch, and offers no test while it is paused", async () => {
    const sent = fakeApi({ list: [endpoint({ enabled: false })] });
    const user = userEvent.setup();
    render("de");
    expect(await screen.findByText("Pausiert: Ereignisse in dieser Zeit werden nicht hierher gesendet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Testereignis senden: https://crm.example.com/hooks" })).toBeDisabled();
    await user.click(screen.getByRole("switch", { name: "Senden" }));
    await waitFor(() => expect(sent).toEqual([{ method: "PATCH", path: `/api/dashboard/webhooks/${ID}`, body: { enabled: true } }]));
  });
});
