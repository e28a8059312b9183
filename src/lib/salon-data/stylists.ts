import { api } from "../api-client.ts";
import { resourceHooks, restEndpoints } from "./crud.ts";
import { stylistKeys } from "./query-keys.ts";

export const {
  useList: useStylists,
  useSave: useSaveStylist,
  useDelete: useDeleteStylist,
} = resourceHooks(restEndpoints(api.dashboard.stylists), stylistKeys);
