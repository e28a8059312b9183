import type { AssistantConfigBody } from "../../../contract/assistants.ts";
import { api, read } from "../api-client.ts";
import { resourceHooks } from "./crud.ts";
import { assistantKeys, phoneNumberKeys } from "./query-keys.ts";

// The spec's paths: configs to list, config to change.
const assistant = api.dashboard.assistant;

// Deleting an assistant leaves its phone numbers without one.
export const {
  useList: useAssistants,
  useSave: useSaveAssistant,
  useDelete: useDeleteAssistant,
} = resourceHooks(
  {
    list: () => read(assistant.configs.$get()),
    create: (json: AssistantConfigBody) => read(assistant.config.$post({ json })),
    update: (id, json) => read(assistant.config[":id"].$put({ param: { id }, json })),
    remove: (id) => read(assistant.config[":id"].$delete({ param: { id } })),
  },
  assistantKeys,
  [phoneNumberKeys.all],
);
