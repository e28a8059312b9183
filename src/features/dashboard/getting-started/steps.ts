import type { SetupProgress } from "../../../../contract/setup-progress.ts";

export const STEP_IDS = ["salon", "team", "assistant", "phoneNumber", "testCall"] as const;
export type StepId = (typeof STEP_IDS)[number];

/** One step of the checklist: whether the data shows it done, where it is done, and what is still missing. */
export interface SetupStep {
  id: StepId;
  done: boolean;
  /** The screen, before the language prefix. */
  path: string;
  /** The message id of the one-line hint. */
  hint: string;
}

const HINTS = "dashboard.gettingStarted.hint";

/**
 * The site's steps in their order. Stylists and services are one step; its hint and link name
 * whichever of the two is still missing, stylists first.
 */
export function setupSteps(progress: SetupProgress): SetupStep[] {
  const team = progress.stylists ? "services" : progress.services ? "stylists" : "team";
  return [
    { id: "salon", done: progress.salon, path: "/salon-settings?tab=salon", hint: `${HINTS}.salon` },
    { id: "team", done: progress.stylists && progress.services, path: `/salon-settings?tab=${progress.stylists ? "services" : "stylists"}`, hint: `${HINTS}.${team}` },
    { id: "assistant", done: progress.assistant, path: "/dashboard/assistant", hint: `${HINTS}.assistant` },
    { id: "phoneNumber", done: progress.phone_number, path: "/dashboard/phone-numbers", hint: `${HINTS}.phoneNumber` },
    // The browser's test call starts on the assistant's page.
    { id: "testCall", done: progress.test_call, path: "/dashboard/assistant", hint: `${HINTS}.testCall` },
  ];
}
