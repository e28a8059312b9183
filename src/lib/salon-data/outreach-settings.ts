import { useQuery } from "@tanstack/react-query";
import { api, read } from "../api-client.ts";
import { queryKeys } from "../query-keys.ts";

/** How the salon's outreach runs: Salon Settings edits it, the calendar's Fill gaps reads whether it is on. */
export const outreachSettingsKeys = queryKeys("outreachSettings");

// One set of settings per salon, so no id.
export const useOutreachSettings = () =>
  useQuery({ queryKey: outreachSettingsKeys.details(), queryFn: () => read(api.dashboard.outreach.settings.$get()) });
