import { api } from "../api-client.ts";
import { resourceHooks, restEndpoints } from "./crud.ts";
import { assistantKeys, phoneNumberKeys } from "./query-keys.ts";

/** How often the list is read while a verification call is on: its progress is shown as it goes. */
export const VERIFYING_POLL_MS = 2000;

// Linking a number marks its assistant Connected, and unlinking it may clear the badge.
const hooks = resourceHooks(restEndpoints(api.dashboard["phone-numbers"]), phoneNumberKeys, [assistantKeys.all]);

export const { useSave: useSavePhoneNumber, useDelete: useDeletePhoneNumber } = hooks;

/** The salon's numbers, read again every two seconds while one of them is verifying. */
export const usePhoneNumbers = () =>
  hooks.useList({
    refetchInterval: (query) => (query.state.data?.some((row) => row.status === "verifying") ? VERIFYING_POLL_MS : false),
  });
