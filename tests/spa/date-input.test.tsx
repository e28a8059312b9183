import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import { DateInput } from "../../src/lib/forms/date-input.tsx";
import { renderWithApp } from "./render.tsx";

/** A date box and, beside it, the draft's value it sends. */
function Draft({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="day">Day</label>
      <DateInput id="day" value={value} onChange={setValue} />
      <output aria-label="Draft">{value}</output>
    </>
  );
}

const draft = () => screen.getByRole("status", { name: "Draft" });

describe("the date box", () => {
  it.each<[Language, string, string, string]>([
    ["en", "11/26/2026", "MM/DD/YYYY", "Format: MM/DD/YYYY, e.g. 11/26/"],
    ["de", "26.11.2026", "TT.MM.JJJJ", "Format: TT.MM.JJJJ, z. B. 26.11."],
    ["cs", "26. 11. 2026", "DD. MM. RRRR", "Formát: DD. MM. RRRR, např. 26. 11."],
  ])("in %s shows %j and names its format", (language, shown, pattern, description) => {
    renderWithApp(<Draft initial="2026-11-26" />, { language });
    const box = screen.getByRole("textbox");
    expect(box).toHaveValue(shown);
    expect(box).toHaveAttribute("placeholder", pattern);
    expect(box).toHaveAccessibleDescription(expect.stringContaining(description));
  });

  it("reads what is typed the language's way, and shows it so once focus leaves", async () => {
    renderWithApp(<Draft initial="" />, { language: "de" });
    const box = screen.getByRole("textbox");
    await userEvent.type(box, "3.1.27");
    expect(draft()).toHaveTextContent("2027-01-03");
    fireEvent.blur(box);
    expect(box).toHaveValue("3.1.2027");
    expect(box).toHaveAttribute("aria-invalid", "false");
  });

  it("flags text that is no date at once, and keeps it as typed", async () => {
    renderWithApp(<Draft initial="2026-11-26" />, { language: "cs" });
    const box = screen.getByRole("textbox");
    await userEvent.clear(box);
    await userEvent.type(box, "31. 2.");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription(expect.stringMatching(/^Toto není platné datum\. Formát/));
    expect(draft()).toHaveTextContent("31. 2.");
    fireEvent.blur(box);
    expect(box).toHaveValue("31. 2.");
  });

  it("steps a day with the arrow keys, across a month's end", async () => {
    renderWithApp(<Draft initial="2026-11-30" />, { language: "en" });
    const box = screen.getByRole("textbox");
    await userEvent.click(box);
    await userEvent.keyboard("{ArrowUp}");
    expect(draft()).toHaveTextContent("2026-12-01");
    expect(box).toHaveValue("12/1/2026");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(draft()).toHaveTextContent("2026-11-29");
  });
});
