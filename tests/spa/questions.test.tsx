import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Question, QuestionState } from "../../contract/questions.ts";
import { QuestionsSection } from "../../src/features/questions/components/questions-section.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const PARKING: Question = {
  id: "11111111-1111-4111-8111-111111111111",
  question: "Can I park near the salon?",
  answer: null,
  state: "open",
  created_at: "2026-11-20T09:00:00Z",
  updated_at: "2026-11-25T13:05:00Z",
  asked_count: 3,
  calls: [
    // 14:05 and 10:30 in Prague.
    { call_id: "c0000000-0000-4000-8000-000000000003", asked: "Can I park near the salon?", call_started_at: "2026-11-25T13:05:00Z", from_number: "+420603111222" },
    { call_id: "c0000000-0000-4000-8000-000000000002", asked: "Where do I park?", call_started_at: "2026-11-24T09:30:00Z", from_number: "browser" },
  ],
};
const DOGS: Question = { ...PARKING, id: "22222222-2222-4222-8222-222222222222", question: "May I bring my dog?", asked_count: 1, calls: [], updated_at: "2026-11-23T10:00:00Z" };
const CARDS: Question = { ...PARKING, id: "33333333-3333-4333-8333-333333333333", question: "Do you take cards?", answer: "Yes, cards and phones.", state: "answered", asked_count: 0, calls: [] };

/** The questions API over rows kept in memory, moving them between states as the server does. */
function fakeQuestionsApi(initial: Question[]) {
  const rows = new Map(initial.map((row) => [row.id, { ...row }]));
  const writes: { method: string; pathname: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, "http://localhost");
    const method = init.method ?? "GET";
    const body = init.body ? (JSON.parse(String(init.body)) as { question: string; answer: string }) : undefined;
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: "Europe/Prague", currency: "CZK" });
    if (pathname === "/api/dashboard/questions" && method === "GET") {
      const state = (searchParams.get("state") ?? "open") as QuestionState;
      return reply(api.dashboard.questions.$get, { items: [...rows.values()].filter((row) => row.state === state) });
    }
    writes.push({ method, pathname, body });
    const [, id, action] = /^\/api\/dashboard\/questions\/([^/]+)(?:\/(\w+))?$/.exec(pathname) ?? [];
    const row = id ? rows.get(id) : undefined;
    if (pathname === "/api/dashboard/questions" && method === "POST") {
      const created: Question = { ...CARDS, id: crypto.randomUUID(), question: body!.question, answer: body!.answer };
      rows.set(created.id, created);
      return reply(api.dashboard.questions.$post, created, 201);
    }
    if (!row) return refusal(404, { detail: "Not found. It may have been deleted." });
    if (method === "PUT") Object.assign(row, { question: body!.question, answer: body!.answer, state: "answered" });
    else if (action === "dismiss") row.state = "dismissed";
    else if (action === "reopen") row.state = "open";
    else if (method === "DELETE") {
      rows.delete(row.id);
      return new Response(null, { status: 204 });
    }
    return reply(api.dashboard.questions[":id"].$put, row);
  });
  return writes;
}

const unanswered = () => screen.getByRole("region", { name: "Unanswered questions" });
const faq = () => screen.getByRole("region", { name: "Your FAQ" });

afterEach(() => vi.restoreAllMocks());

describe("the questions callers asked", () => {
  it("shows how often and when each was asked, on the salon's clock, with links to the calls", async () => {
    fakeQuestionsApi([PARKING, DOGS, CARDS]);
    renderWithQueries(<QuestionsSection />);
    const parking = (await within(unanswered()).findByText("Can I park near the salon?")).closest("li")!;
    expect(within(parking).getByText("Asked 3 times")).toBeTruthy();
    expect(within(parking).getByText(/last asked Nov 25, 2026, 2:05/)).toBeTruthy();
    const links = within(parking).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/en/dashboard/calls?call=c0000000-0000-4000-8000-000000000003",
      "/en/dashboard/calls?call=c0000000-0000-4000-8000-000000000002",
    ]);
    expect(links[0]!.textContent).toContain("+420 603 111 222");
    expect(links[1]!.textContent).toContain("test call");
    expect(within(parking).getByText("and 1 earlier call")).toBeTruthy();
    expect(within(unanswered()).getByRole("tab", { name: "Open (2)" })).toBeTruthy();
    expect(within(faq()).getByText("Yes, cards and phones.")).toBeTruthy();
    expect(screen.getByText("Your assistant uses these answers on every call.")).toBeTruthy();
  });

  it("moves a question to the FAQ once it is answered, in the owner's words", async () => {
    const user = userEvent.setup();
    const writes = fakeQuestionsApi([PARKING, DOGS, CARDS]);
    renderWithQueries(<QuestionsSection />);
    await user.click(await within(unanswered()).findByRole("button", { name: "Answer “Can I park near the salon?”" }));
    const dialog = await screen.findByRole("dialog", { name: "Answer the question" });
    const question = within(dialog).getByLabelText(/Question/);
    expect((question as HTMLTextAreaElement).value).toBe("Can I park near the salon?");
    // Nothing to save before there is an answer.
    expect(within(dialog).getByRole("button", { name: "Save answer" }).hasAttribute("disabled")).toBe(true);
    await user.clear(question);
    await user.type(question, "Where can I park?");
    await user.type(within(dialog).getByLabelText(/^Answer/), "In the courtyard behind the salon.");
    await user.click(within(dialog).getByRole("button", { name: "Save answer" }));

    await screen.findByText("Answer saved. Your assistant will use it from the next call on.");
    expect(writes).toEqual([{ method: "PUT", pathname: `/api/dashboard/questions/${PARKING.id}`, body: { question: "Where can I park?", answer: "In the courtyard behind the salon." } }]);
    await within(faq()).findByText("In the courtyard behind the salon.");
    expect(within(faq()).getByText("Where can I park?")).toBeTruthy();
    await waitFor(() => expect(within(unanswered()).queryByText("Can I park near the salon?")).toBeNull());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("refuses an answer left blank, with the reason under the field", async () => {
    const user = userEvent.setup();
    const writes = fakeQuestionsApi([PARKING]);
    renderWithQueries(<QuestionsSection />);
    await user.click(await screen.findByRole("button", { name: "Add a question" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a question" });
    await user.type(within(dialog).getByLabelText(/^Answer/), "Yes.");
    await user.click(within(dialog).getByRole("button", { name: "Save answer" }));
    expect(await within(dialog).findByText("Write the question.")).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it("sets a question aside under Dismissed and takes it back", async () => {
    const user = userEvent.setup();
    fakeQuestionsApi([PARKING, DOGS]);
    renderWithQueries(<QuestionsSection />);
    await user.click(await within(unanswered()).findByRole("button", { name: "Dismiss “May I bring my dog?”" }));
    await screen.findByText("Question dismissed. You'll find it under Dismissed.");
    await waitFor(() => expect(within(unanswered()).queryByText("May I bring my dog?")).toBeNull());

    await user.click(within(unanswered()).getByRole("tab", { name: "Dismissed (1)" }));
    await user.click(await within(unanswered()).findByRole("button", { name: "Reopen “May I bring my dog?”" }));
    await screen.findByText("Question reopened.");
    await waitFor(() => expect(within(unanswered()).getByText("Nothing dismissed. Questions you dismiss wait here, in case you want to answer them after all.")).toBeTruthy());
    await user.click(within(unanswered()).getByRole("tab", { name: "Open (2)" }));
    expect(within(unanswered()).getByText("May I bring my dog?")).toBeTruthy();
  });

  it("deletes an FAQ entry only once the owner confirms", async () => {
    const user = userEvent.setup();
    const writes = fakeQuestionsApi([CARDS]);
    renderWithQueries(<QuestionsSection />);
    await user.click(await within(faq()).findByRole("button", { name: "Delete “Do you take cards?”" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete this question?" });
    expect(within(dialog).getByText("Your assistant will no longer give this answer. This cannot be undone.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes).toEqual([]);
    expect(within(faq()).getByText("Do you take cards?")).toBeTruthy();

    await user.click(within(faq()).getByRole("button", { name: "Delete “Do you take cards?”" }));
    dialog = await screen.findByRole("dialog", { name: "Delete this question?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await screen.findByText("Question deleted.");
    expect(writes).toEqual([{ method: "DELETE", pathname: `/api/dashboard/questions/${CARDS.id}`, body: undefined }]);
    await within(faq()).findByText(/No answers yet/);
  });

  it("tells the owner what will appear when there is nothing yet, in Czech", async () => {
    fakeQuestionsApi([]);
    renderWithQueries(<QuestionsSection />, { language: "cs" });
    expect(await screen.findByText(/^Žádné otevřené otázky\./)).toBeTruthy();
    expect(await screen.findByText(/^Zatím tu nejsou žádné odpovědi\./)).toBeTruthy();
    expect(screen.getByText("Tyto odpovědi asistent používá při každém hovoru.")).toBeTruthy();
  });
});
