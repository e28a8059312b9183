import type { ServiceBody } from "../../../contract/salon.ts";
import { api, read } from "../api-client.ts";
import { resourceHooks } from "./crud.ts";
import { serviceKeys } from "./query-keys.ts";

const services = api.dashboard.services;

export const { useList: useServices, useSave: useSaveService, useDelete: useDeleteService } = resourceHooks(
  {
    list: () => read(services.$get()),
    create: (json: ServiceBody) => read(services.$post({ json })),
    update: (id, json) => read(services[":id"].$put({ param: { id }, json })),
    remove: (id) => read(services[":id"].$delete({ param: { id } })),
  },
  serviceKeys,
);
