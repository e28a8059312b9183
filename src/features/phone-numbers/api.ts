import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AvailableNumbersQuery, PhoneNumber, PurchaseBody } from "../../../contract/phone-numbers.ts";
import { api, read } from "../../lib/api-client.ts";
import { assistantKeys, phoneNumberKeys } from "../../lib/salon-data/query-keys.ts";

const numbers = api.dashboard["phone-numbers"];

/** Puts the answer's row into the list at once, so the screen follows before the list is read again. */
function replaceRow(client: QueryClient, row: PhoneNumber) {
  client.setQueryData<PhoneNumber[]>(phoneNumberKeys.lists(), (rows) => rows?.map((other) => (other.id === row.id ? row : other)));
}

// A number that starts taking calls may make its assistant Connected.
const refresh = (client: QueryClient) =>
  Promise.all([phoneNumberKeys.all, assistantKeys.all].map((queryKey) => client.invalidateQueries({ queryKey })));

/** Numbers on offer in a country, optionally containing some digits; searched on request, not cached. */
export const useNumberSearch = () =>
  useMutation({
    mutationFn: ({ country, contains }: AvailableNumbersQuery) =>
      // The route's query always names the digits; none reads as "".
      read(numbers.available.$get({ query: { country, contains: contains ?? "" } })),
  });

/** Buys an offered number; the list (with the new row) is read again before the promise settles. */
export function usePurchaseNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: PurchaseBody) => read(numbers.purchase.$post({ json })),
    onSuccess: () => refresh(client),
  });
}

/** Asks for the verification call that speaks the code; a refusal may mean the row changed meanwhile (already active). */
export function useStartVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => read(numbers[":id"].verification.$post({ param: { id } })),
    onSuccess: (row) => replaceRow(client, row),
    onSettled: () => client.invalidateQueries({ queryKey: phoneNumberKeys.all }),
  });
}

/** Sends the spoken code. A wrong one costs a try, so the list is read again whatever the answer. */
export function useSubmitCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) => read(numbers[":id"].verification.code.$post({ param: { id }, json: { code } })),
    onSuccess: (row) => replaceRow(client, row),
    onSettled: () => refresh(client),
  });
}
