import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { WaitlistForm } from "../../src/features/waitlist/components/waitlist-form.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithApp, reply } from "./render.tsx";

/** The toast stack at the corner of the page, where the form's answers appear (spec). */
const toasts = (language: "en" | "de" = "en") => within(screen.getByRole("list", { name: language === "en" ? "Notifications" : "Benachrichtigungen" }));

describe("waitlist form", () => {
  it("refuses an invalid address with a toast and sends nothing", async () => {
    const calls = mockFetch(() => reply(api.waitlist.join.$post, { message: "x" }));
    renderWithApp(<WaitlistForm />);
    await userEvent.type(screen.getByLabelText("Your email address"), "name@salon");
    await userEvent.click(screen.getByRole("button", { name: "Join the waitlist" }));
    expect(await toasts().findByRole("alert")).toHaveTextContent("Please enter a valid email address");
    expect(calls).toHaveLength(0);
  });

  it("shows Joining... with the form disabled, then the server's message", async () => {
    let answer!: (response: Response) => void;
    const calls = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithApp(<WaitlistForm />);
    const input = screen.getByLabelText("Your email address");
    await userEvent.type(input, "Owner@Salon.com");
    await userEvent.click(screen.getByRole("button", { name: "Join the waitlist" }));

    expect(screen.getByRole("button", { name: "Joining..." })).toBeDisabled();
    expect(input).toBeDisabled();
    expect(calls[0]?.body).toEqual({ email: "owner@salon.com" });

    answer(reply(api.waitlist.join.$post, { message: "Thanks for joining our waitlist!" }));
    expect(await toasts().findByRole("status")).toHaveTextContent("Thanks for joining our waitlist!");
    expect(screen.getAllByText("Thanks for joining our waitlist!")).toHaveLength(1);
    expect(input).toBeEnabled();
    expect(input).toHaveValue("");
  });

  it("shows the server's detail when joining fails", async () => {
    mockFetch(() => refusal(429, { detail: "Too many attempts. Try again in a minute." }));
    renderWithApp(<WaitlistForm />);
    await userEvent.type(screen.getByLabelText("Your email address"), "a@b.co");
    await userEvent.click(screen.getByRole("button", { name: "Join the waitlist" }));
    expect(await toasts().findByRole("alert")).toHaveTextContent("Too many attempts. Try again in a minute.");
    expect(screen.getAllByText("Too many attempts. Try again in a minute.")).toHaveLength(1);
  });

  it("falls back to the network error text when the server cannot be reached", async () => {
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    renderWithApp(<WaitlistForm />, { language: "de" });
    await userEvent.type(screen.getByLabelText("Ihre E-Mail-Adresse"), "a@b.de");
    await userEvent.click(screen.getByRole("button", { name: "In die Warteliste eintragen" }));
    await waitFor(() =>
      expect(toasts("de").getByRole("alert")).toHaveTextContent("Netzwerkfehler. Bitte versuchen Sie es später erneut."),
    );
  });
});
