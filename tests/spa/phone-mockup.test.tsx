import { act, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import sharedEn from "../../contract/messages/en.json";
import { ActiveScreen } from "../../src/features/call-demo/components/phone-screens.tsx";
import { PhoneMockup } from "../../src/features/call-demo/components/phone-mockup.tsx";
import { CALL_ERROR_DISPLAY_MS, DOTS_TICK_MS, PLACEHOLDER_CONNECT_MS } from "../../src/features/call-demo/constants.ts";
import en from "../../src/i18n/messages/en.json";

const messages = { ...sharedEn, ...en };
const CONNECTION_ERROR = "Could not establish call connection. Please try again later.";

function renderPhone() {
  return render(
    <IntlProvider locale="en" messages={messages}>
      <PhoneMockup />
    </IntlProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const phone = () => screen.getByTestId("phone-mockup");

describe("call demo phone", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("rings with dots that change every 600 ms", () => {
    renderPhone();
    expect(screen.getByText("Incoming call")).toBeInTheDocument();
    const dots = screen.getByTestId("call-dots");
    const before = dots.textContent;
    advance(DOTS_TICK_MS - 1);
    expect(dots.textContent).toBe(before);
    advance(1);
    expect(dots.textContent).not.toBe(before);
  });

  it("keeps ringing when the call is declined", () => {
    renderPhone();
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    advance(5000);
    expect(phone()).toHaveAttribute("data-state", "incoming");
    expect(screen.getByText("Incoming call")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Answer" })).toBeInTheDocument();
  });

  it("answering shows the connection error in the phone for 3 s, then rings again", () => {
    renderPhone();
    fireEvent.click(screen.getByRole("button", { name: "Answer" }));
    expect(screen.getByRole("status")).toHaveTextContent("Connecting...");

    advance(PLACEHOLDER_CONNECT_MS);
    expect(screen.getByRole("alert")).toHaveTextContent(CONNECTION_ERROR);
    expect(screen.queryByRole("button", { name: "Answer" })).not.toBeInTheDocument();

    advance(CALL_ERROR_DISPLAY_MS - 1);
    expect(screen.getByText(CONNECTION_ERROR)).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText(CONNECTION_ERROR)).not.toBeInTheDocument();
    expect(phone()).toHaveAttribute("data-state", "incoming");
    expect(screen.getByRole("button", { name: "Answer" })).toBeInTheDocument();
  });
});

describe("active call caption", () => {
  it("shows the last assistant message cut to 80 characters", () => {
    const long = "a".repeat(79) + "bc";
    render(
      <IntlProvider locale="en" messages={messages}>
        <ActiveScreen lastAssistantMessage={long} onHangUp={() => {}} />
      </IntlProvider>,
    );
    expect(screen.getByTestId("call-caption")).toHaveTextContent(`${"a".repeat(79)}b…`);
  });
});
