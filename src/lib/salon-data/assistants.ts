import { api } from "../api-client.ts";
import { resourceHooks, restEndpoints } from "./crud.ts";
import { assistantKeys, phoneNumberKeys } from "./query-keys.ts";

// The spec's paths: configs to list, config to change.
const { configs, config } = api.dashboard.assistant;

// Deleting an assistant leaves its phone numbers without one.
export const {
  useList: useAssistants,
  useSave: useSaveAssistant,
  useDelete: useDeleteAssistant,
} = resourceHooks(restEndpoints({ $get: configs.$get, $post: config.$post, ":id": config[":id"] }), assistantKeys, [phoneNumberKeys.all]);
