import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import type { VisitView } from "../../contract/visit.ts";
import { VisitPage } from "../../src/features/visit/components/visit-page.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithApp, reply } from "./render.tsx";

const HOUR = 3_600_000;

/** A visit starting `hoursAhead` from now, as the API answers it. */
function visit(hoursAhead: number, changes: Partial<VisitView> & { status?: "booked" | "cancelled" } = {}): VisitView {
  const start = new Date(Date.now() + hoursAhead * HOUR);
  const { status = "booked", ...rest } = changes;
  return {
    salon: { name: "Studio Lumen", address: "Dlouhá 12, 110 00 Praha", phone: "+420 777 123 456" },
    appointment: {
      start_datetime: start.toISOString(),
      end_datetime: new Date(start.getTime() + HOUR).toISOString(),
      time_zone: "Europe/Prague",
      services: [{ name: "Haircut", duration: 60 }],
      stylist_name: "Jana Nováková",
      status,
    },
    cancellation_notice_hours: 24,
    can_change: status === "booked" && hoursAhead > 24,
    language: "cs",
    ...rest,
  };
}

/** The page at its address, the API answering `answer`; each test its own token, as each link is its own. */
function openPage(answer: Response, language: Language = "en") {
  const token = crypto.randomUUID();
  mockFetch(() => answer.clone());
  renderWithApp(
    <Routes>
      <Route path="/:lang/visit/:token" element={<VisitPage />} />
    </Routes>,
    { language, path: `/${language}/visit/${token}` },
  );
}

describe("the client's appointment page", () => {
  it("offers a move and a cancellation while the visit is further ahead than the notice", async () => {
    openPage(reply(api.visit[":token"].$get, visit(72)));
    expect(await screen.findByRole("button", { name: "Change the time" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Cancel appointment" })).toBeEnabled();
    expect(screen.getByText("You can change or cancel it here until 24 hours before it begins.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "+420 777 123 456" })).toHaveAttribute("href", "tel:+420777123456");
  });

  it("inside the notice, explains why and gives the salon's number instead of the buttons", async () => {
    openPage(reply(api.visit[":token"].$get, visit(10)));
    expect(await screen.findByRole("heading", { name: "Changes by phone only" })).toBeInTheDocument();
    expect(screen.getByText("Appointments can be changed online until 24 hours before they begin.")).toBeInTheDocument();
    expect(screen.getByText(/To change or cancel it, please call/)).toHaveTextContent("To change or cancel it, please call +420 777 123 456.");
    expect(screen.queryByRole("button", { name: "Change the time" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel appointment" })).toBeNull();
  });

  it("in German, without a salon number, says to get in touch", async () => {
    openPage(reply(api.visit[":token"].$get, visit(10, { salon: { name: "Studio Lumen", address: null, phone: null } })), "de");
    expect(await screen.findByRole("heading", { name: "Änderungen nur noch telefonisch" })).toBeInTheDocument();
    expect(screen.getByText("Für eine Änderung oder Absage wenden Sie sich bitte direkt an den Salon.")).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("shows a visit that is over, or was cancelled, with a way to book again and nothing to change", async () => {
    openPage(reply(api.visit[":token"].$get, visit(-3)));
    expect(await screen.findByRole("heading", { name: "This appointment is in the past" })).toBeInTheDocument();
    expect(screen.getByText(/Would you like a new appointment/)).toHaveTextContent("Would you like a new appointment? Call +420 777 123 456.");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows a cancelled visit as cancelled, its time struck through", async () => {
    openPage(reply(api.visit[":token"].$get, visit(72, { status: "cancelled" })), "cs");
    expect(await screen.findByRole("heading", { name: "Tato rezervace byla zrušena" })).toBeInTheDocument();
    expect(screen.getByText("Obslouží vás")).toBeInTheDocument();
    expect(screen.getByText("Jana Nováková")).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("tells an expired link from one that never worked", async () => {
    openPage(refusal(404, { detail: "This link has expired. Please contact your salon.", code: "link_expired" }));
    expect(await screen.findByRole("heading", { name: "This link has expired" })).toBeInTheDocument();
  });

  it("says a link that does not work does not", async () => {
    openPage(refusal(404, { detail: "This link does not work.", code: "link_invalid" }));
    expect(await screen.findByRole("heading", { name: "This link does not work" })).toBeInTheDocument();
    expect(screen.getByText("Please open the link from the latest message your salon sent you.")).toBeInTheDocument();
  });
});
