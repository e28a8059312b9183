import type { Service, ServiceInput } from "../../../contract/salon.ts";
import { resourceHooks } from "./crud.ts";
import { serviceKeys } from "./query-keys.ts";

export const { useList: useServices, useSave: useSaveService, useDelete: useDeleteService } = resourceHooks<Service, ServiceInput>(
  "services",
  serviceKeys,
);
