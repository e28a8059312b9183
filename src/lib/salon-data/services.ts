import { api } from "../api-client.ts";
import { resourceHooks, restEndpoints } from "./crud.ts";
import { serviceKeys } from "./query-keys.ts";

export const {
  useList: useServices,
  useSave: useSaveService,
  useDelete: useDeleteService,
} = resourceHooks(restEndpoints(api.dashboard.services), serviceKeys);
