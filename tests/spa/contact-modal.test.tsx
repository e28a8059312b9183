import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ContactModal, type ContactModalProps } from "../../src/components/contact/contact-modal.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithApp, reply } from "./render.tsx";

function Harness(props: Partial<ContactModalProps>) {
  const [show, setShow] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShow(true)}>
        reopen
      </button>
      <ContactModal show={show} onClose={() => setShow(false)} {...props} />
    </>
  );
}

describe("contact modal", () => {
  it("opens with the spec's defaults and the email field focused", async () => {
    renderWithApp(<Harness />);
    expect(await screen.findByRole("dialog", { name: "Contact Sales" })).toBeInTheDocument();
    expect(screen.getByLabelText("Your Email")).toHaveFocus();
    expect(screen.getByLabelText("Message")).toHaveAttribute("placeholder", "How can we help you?");
  });

  it("validates both fields before sending", async () => {
    const calls = mockFetch(() => reply(api.waitlist["contact-sales"].$post, {}));
    renderWithApp(<Harness />);
    await userEvent.type(await screen.findByLabelText("Your Email"), "not-an-address");
    await userEvent.type(screen.getByLabelText("Message"), "   ");
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(screen.getByText("Please enter a message.")).toBeInTheDocument();
    expect(screen.getByLabelText("Your Email")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });

  it("keeps the form open and enabled with the server's detail when sending fails", async () => {
    mockFetch(() => refusal(503, { detail: "Mail is down for maintenance." }));
    renderWithApp(<Harness prefilledMessage="I run a dental practice." />);
    await userEvent.type(await screen.findByLabelText("Your Email"), "a@b.co");
    expect(screen.getByLabelText("Message")).toHaveValue("I run a dental practice.");
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Mail is down for maintenance.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("shows Sending..., closes on success with the server's message, and opens again reset", async () => {
    let answer!: (response: Response) => void;
    const calls = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithApp(<Harness title="Contact Support" prefilledMessage="Custom use case: florist" />);
    await userEvent.type(await screen.findByLabelText("Your Email"), "florist@example.com");
    await userEvent.type(screen.getByLabelText("Message"), " with 2 shops");
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(calls[0]?.body).toEqual({ email: "florist@example.com", message: "Custom use case: florist with 2 shops" });

    await act(async () => answer(reply(api.waitlist["contact-sales"].$post, { message: "Your message has been sent successfully!" })));
    expect(await screen.findByText("Your message has been sent successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole("button", { name: "reopen" }));
    expect(await screen.findByLabelText("Your Email")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("Custom use case: florist");
  });

  it("closes on Escape", async () => {
    renderWithApp(<Harness />);
    await screen.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
