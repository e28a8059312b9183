import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { WebhookPayload } from "../../contract/webhooks.ts";
import { startWebhookReceiver, type ReceivedWebhook } from "../fakes/webhook-receiver.ts";
import { accessibilityProblems } from "./axe.ts";
import { fitsWidth, screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { signedInOwner } from "./call-api.ts";
import { logIn } from "./owner.ts";

// The salon's other system: a loopback server the product posts its events to.
const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const received = async (name: string) => (await (await fetch(`${receiver.url}/__received/${name}`)).json()) as ReceivedWebhook[];
/** Waits until the address has got `count` requests, and reads them as the receiver's library would, checking each signature. */
const verifiedEvents = async (name: string, secret: string, count: number) => {
  const got = await vi.waitFor(
    async () => {
      const all = await received(name);
      if (all.length < count) throw new Error(`${all.length} of ${count} received`);
      return all;
    },
    { timeout: 30_000, interval: 250 },
  );
  return got.map((one) => new Webhook(secret).verify(one.body, one.headers) as WebhookPayload);
};

describe("Webhooks", () => {
  it("are added in English on a laptop, answer a test event, and deliver a booking signed", async () => {
    const owner = await signedInOwner();
    const stylist = (await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } })).json.id as string;
    const service = (await owner.call("/api/dashboard/services", { body: { name: "Haircut", duration: 45, price: 30 } })).json.id as string;
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.goto("/en/salon-settings?tab=integrations");
    await page.getByText("No endpoints yet. Add one and events start going to it.").waitFor();

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add endpoint" });
    const url = `${receiver.url}/salon`;
    await dialog.getByLabel("Address (URL)").fill(url);
    await dialog.getByLabel("Description (optional)").fill("Bookkeeping");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    const shown = page.getByRole("dialog", { name: "Signing secret" });
    const secret = await shown.getByTestId("webhook-secret").innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "webhook-secret-en-1366", { fullPage: false });
    await page.keyboard.press("Escape");
    await shown.waitFor({ state: "detached" });

    const row = page.getByRole("listitem").filter({ hasText: url });
    await row.getByText("Nothing sent yet").waitFor();
    await page.getByRole("button", { name: `Send test event to ${url}` }).click();
    await page.getByText("Test event delivered (200)").waitFor();
    const [test] = await verifiedEvents("salon", secret, 1);
    expect(test!.type).toBe("webhook.test");

    // A booking made in the dashboard reaches the other system, signed, with its times.
    const booked = await owner.call("/api/dashboard/appointments", {
      body: {
        customer_name: "Eva Dvořáková",
        customer_phone: "+420601234567",
        stylist,
        start_datetime: "2027-03-02T09:00:00.000Z",
        end_datetime: "2027-03-02T09:45:00.000Z",
        services: [{ service, price_at_booking: null, duration_at_booking: null }],
      },
    });
    expect(booked.status).toBe(201);
    const events = await verifiedEvents("salon", secret, 3);
    const types = events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(["webhook.test", "client.created", "appointment.created"]));
    const appointment = events.find((event) => event.type === "appointment.created")!.data as { id: string; start: string; end: string };
    expect(appointment).toMatchObject({ id: booked.json.id, start: "2027-03-02T09:00:00.000Z", end: "2027-03-02T09:45:00.000Z" });

    await page.reload();
    await row.getByText(/Last delivery .+: delivered \(200\)/).waitFor();
    await page.getByRole("button", { name: `Deliveries to ${url}` }).click();
    const log = page.getByRole("dialog", { name: "Deliveries" });
    await log.getByText("Appointment booked").waitFor();
    expect(await log.getByText("Test event").count()).toBe(1);
    expect(await log.getByText("Delivered (200)").count()).toBe(3);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "webhook-log-en-1366", { fullPage: false });
    await page.keyboard.press("Escape");
    await log.waitFor({ state: "detached" });
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "webhooks-en-1366");
  });

  it("say in Czech on a phone when the endpoint answers with an error, and refuse a plain http address", async () => {
    const owner = await signedInOwner();
    await fetch(`${receiver.url}/__answer/broken`, { method: "PUT", body: JSON.stringify({ status: 500 }) });
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/cs/salon-settings?tab=integrations");
    await page.getByRole("button", { name: "Přidat adresu" }).click();
    const dialog = page.getByRole("dialog", { name: "Přidat adresu" });
    // Plain http goes only to the hosts the environment allows (here the loopback receiver).
    await dialog.getByLabel("Adresa (URL)").fill("http://crm.example.com/hooks");
    await dialog.getByRole("button", { name: "Přidat", exact: true }).click();
    await dialog.locator('[aria-invalid="true"]').waitFor();
    const url = `${receiver.url}/broken`;
    await dialog.getByLabel("Adresa (URL)").fill(url);
    await dialog.getByRole("button", { name: "Přidat", exact: true }).click();
    await page.getByRole("dialog", { name: "Podpisový klíč" }).getByRole("button", { name: "Hotovo" }).click();

    await page.getByRole("button", { name: `Poslat testovací událost na ${url}` }).click();
    await page.getByText("Vaše adresa odpověděla 500").waitFor();
    await page.getByRole("listitem").filter({ hasText: url }).getByText(/Poslední doručení .+: nezdařilo se \(500\)/).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "webhooks-cs-390");
  });
});
