import type { StylistBody } from "../../../contract/salon.ts";
import { api, read } from "../api-client.ts";
import { resourceHooks } from "./crud.ts";
import { stylistKeys } from "./query-keys.ts";

const stylists = api.dashboard.stylists;

export const { useList: useStylists, useSave: useSaveStylist, useDelete: useDeleteStylist } = resourceHooks(
  {
    list: () => read(stylists.$get()),
    create: (json: StylistBody) => read(stylists.$post({ json })),
    update: (id, json) => read(stylists[":id"].$put({ param: { id }, json })),
    remove: (id) => read(stylists[":id"].$delete({ param: { id } })),
  },
  stylistKeys,
);
