import axe from "axe-core";
import type { Page } from "playwright-core";
import { settled } from "./browser.ts";

type Axe = typeof axe;

/**
 * The serious and critical accessibility problems axe-core finds on the page, or inside
 * `selector`, one line each. The engine goes in through the DevTools protocol, which the
 * page's Content-Security-Policy does not stop, as an inline script tag would be.
 */
export async function accessibilityProblems(page: Page, selector?: string): Promise<string[]> {
  // Colours are measured as they end up: a dialog fading in is not yet its own contrast, and a
  // button waiting for its data (the calendar's Fill gaps) may not yet be the one that stays.
  await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
  await settled(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (context) => (window as unknown as { axe: Axe }).axe.run(context ?? document, { resultTypes: ["violations"] }),
    selector,
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
