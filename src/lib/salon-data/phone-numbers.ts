import { api } from "../api-client.ts";
import { resourceHooks, restEndpoints } from "./crud.ts";
import { assistantKeys, phoneNumberKeys } from "./query-keys.ts";

// Linking a number marks its assistant Connected, and unlinking it may clear the badge.
export const {
  useList: usePhoneNumbers,
  useSave: useSavePhoneNumber,
  useDelete: useDeletePhoneNumber,
} = resourceHooks(restEndpoints(api.dashboard["phone-numbers"]), phoneNumberKeys, [assistantKeys.all]);
