import type { Stylist, StylistInput } from "../../../contract/salon.ts";
import { resourceHooks } from "./crud.ts";
import { stylistKeys } from "./query-keys.ts";

export const { useList: useStylists, useSave: useSaveStylist, useDelete: useDeleteStylist } = resourceHooks<Stylist, StylistInput>(
  "stylists",
  stylistKeys,
);
