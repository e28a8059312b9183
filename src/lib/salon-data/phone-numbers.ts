import type { PhoneNumberBody } from "../../../contract/phone-numbers.ts";
import { api, read } from "../api-client.ts";
import { resourceHooks } from "./crud.ts";
import { assistantKeys, phoneNumberKeys } from "./query-keys.ts";

const phoneNumbers = api.dashboard["phone-numbers"];

// Linking a number marks its assistant Connected, and unlinking it may clear the badge.
export const {
  useList: usePhoneNumbers,
  useSave: useSavePhoneNumber,
  useDelete: useDeletePhoneNumber,
} = resourceHooks(
  {
    list: () => read(phoneNumbers.$get()),
    create: (json: PhoneNumberBody) => read(phoneNumbers.$post({ json })),
    update: (id, json) => read(phoneNumbers[":id"].$put({ param: { id }, json })),
    remove: (id) => read(phoneNumbers[":id"].$delete({ param: { id } })),
  },
  phoneNumberKeys,
  [assistantKeys.all],
);
