import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_GREETINGS } from "../../contract/assistant-instructions.ts";
import { AUTOPILOT_REPLY } from "../fakes/realtime.ts";
import { screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { signedInOwner } from "./owner.ts";

// A caller's voice for Chromium's fake microphone, spoken by espeak-ng.
mkdirSync(".data", { recursive: true });
const VOICE = ".data/fake-caller.wav";
execFileSync("espeak-ng", ["-v", "en", "-w", VOICE, "Hello, I would like to book a haircut for tomorrow morning, please."]);

const browser = useBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${VOICE}`]);

describe("the home page's call demo", () => {
  it.each(Object.entries(VIEWPORTS))("answers a live call on %s: the greeting, then the answer to the caller's voice", async (name, viewport) => {
    const { page, context } = await browser.visitor({ viewport });
    // What the page tells the server of its playback, per item of the assistant's speech.
    const played = new Map<string, number[]>();
    page.on("websocket", (socket) =>
      socket.on("framesent", ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; item_id?: string; ms?: number };
        if (message.type === "played") played.set(message.item_id!, [...(played.get(message.item_id!) ?? []), message.ms!]);
      }),
    );
    await page.goto("/en");
    const phone = page.getByTestId("phone-mockup");
    await phone.getByRole("button", { name: "Answer" }).click();
    // The seeded demo assistant greets first (the fake model says the greeting it is given) ...
    await expect.poll(() => phone.getByTestId("call-caption").innerText()).toBe(DEFAULT_GREETINGS.en);
    // ... and the page reports, rising, how much of the greeting's 600 ms of audio it has played.
    await expect.poll(() => [...played.values()][0]?.at(-1)).toBe(600);
    const greeting = [...played.values()][0]!;
    expect(greeting.length).toBeGreaterThan(2);
    expect(greeting).toEqual([...greeting].sort((a, b) => a - b));
    expect(await phone.getAttribute("data-state")).toBe("active");
    // ... and answers once about a second of the caller's microphone has reached it.
    await expect.poll(() => phone.getByTestId("call-caption").innerText()).toBe(AUTOPILOT_REPLY);
    await screenshot(page, `call-demo-active-${name}`, { fullPage: false });
    await phone.getByRole("button", { name: "End call" }).click();
    await expect.poll(() => phone.getAttribute("data-state")).toBe("ended");
    await context.close();
  });

  it("runs the dashboard's test call for a saved assistant, with its live transcript", async () => {
    const { page, context } = await browser.visitor();
    await signedInOwner(page);
    await page.goto("/en/dashboard/assistant");
    await page.getByRole("button", { name: /Create (First )?Assistant/ }).click();
    await page.getByLabel("Assistant Name").fill("Front desk");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("status").filter({ hasText: "New assistant created successfully!" }).first().waitFor();

    await page.getByRole("button", { name: "Test Call" }).click();
    await page.getByRole("status").filter({ hasText: "Connected to Front desk. Start speaking!" }).first().waitFor();
    const transcript = page.getByTestId("test-call-transcript");
    await expect.poll(() => transcript.innerText()).toContain(DEFAULT_GREETINGS.en);
    await expect.poll(() => transcript.innerText()).toContain(AUTOPILOT_REPLY);
    await screenshot(page, "test-call-active-desktop", { fullPage: false });
    await page.getByRole("button", { name: "End Call" }).click();
    await page.getByRole("status").filter({ hasText: "Call ended" }).first().waitFor();
    await page.getByRole("button", { name: "Test Call" }).waitFor();
    await context.close();
  });
});
