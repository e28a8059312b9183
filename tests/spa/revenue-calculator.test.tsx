import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RevenueCalculator } from "../../src/features/blog/components/revenue-calculator.tsx";
import { renderWithApp } from "./render.tsx";

// Intl separates thousands and the currency with no-break spaces; compare with plain ones.
const shownLoss = () => screen.getByTestId("yearly-loss").textContent?.replace(/\s/g, " ");

describe("revenue calculator", () => {
  it("starts at 4 calls × €30 × 250 days and follows the sliders, in euros", () => {
    renderWithApp(<RevenueCalculator />, { language: "en" });
    expect(shownLoss()).toBe("€30,000");

    fireEvent.change(screen.getByLabelText("Missed calls per day"), { target: { value: "10" } });
    expect(shownLoss()).toBe("€75,000");

    fireEvent.change(screen.getByLabelText("Average service cost"), { target: { value: "50" } });
    expect(shownLoss()).toBe("€125,000");
    expect(screen.getByTestId("yearly-loss").closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
  });

  it("shows German amounts in euros with German formatting", () => {
    renderWithApp(<RevenueCalculator />, { language: "de" });
    fireEvent.change(screen.getByLabelText("Verpasste Anrufe pro Tag"), { target: { value: "10" } });
    expect(shownLoss()).toBe("75.000 €");
  });

  it("shows Czech amounts in crowns at 25 per euro", () => {
    renderWithApp(<RevenueCalculator />, { language: "cs" });
    expect(shownLoss()).toBe("750 000 Kč");

    fireEvent.change(screen.getByLabelText("Zmeškané hovory za den"), { target: { value: "10" } });
    expect(shownLoss()).toBe("1 875 000 Kč");
    expect(screen.getByLabelText("Průměrná cena služby").getAttribute("aria-valuetext")?.replace(/\s/g, " ")).toBe("750 Kč");
  });
});
