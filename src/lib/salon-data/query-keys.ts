import { queryKeys } from "../query-keys.ts";

/** Keys of the salon and what belongs to it, shared by the screens that show them. */
export const salonKeys = queryKeys("salon");
export const stylistKeys = queryKeys("stylists");
export const serviceKeys = queryKeys("services");
export const assistantKeys = queryKeys("assistants");
export const phoneNumberKeys = queryKeys("phoneNumbers");
