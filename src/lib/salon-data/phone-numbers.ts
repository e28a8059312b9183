import type { PhoneNumber, PhoneNumberInput } from "../../../contract/phone-numbers.ts";
import { resourceHooks } from "./crud.ts";
import { assistantKeys, phoneNumberKeys } from "./query-keys.ts";

// Linking a number marks its assistant Connected, and unlinking it may clear the badge.
export const {
  useList: usePhoneNumbers,
  useSave: useSavePhoneNumber,
  useDelete: useDeletePhoneNumber,
} = resourceHooks<PhoneNumber, PhoneNumberInput>("phone-numbers", phoneNumberKeys, { affects: [assistantKeys.all] });
