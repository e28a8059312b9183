import type { AssistantConfig, AssistantConfigInput } from "../../../contract/assistants.ts";
import { resourceHooks } from "./crud.ts";
import { assistantKeys, phoneNumberKeys } from "./query-keys.ts";

// Deleting an assistant leaves its phone numbers without one.
export const {
  useList: useAssistants,
  useSave: useSaveAssistant,
  useDelete: useDeleteAssistant,
} = resourceHooks<AssistantConfig, AssistantConfigInput>("assistant/config", assistantKeys, {
  listPath: "assistant/configs",
  affects: [phoneNumberKeys.all],
});
