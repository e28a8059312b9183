import type { NumberCountry } from "../../contract/phone-numbers.ts";
import { api, client, ok } from "./helpers.ts";
import { login, verifiedUser } from "./auth-helpers.ts";

/** A fresh verified owner, signed in: call the API as them. */
export async function signedInOwner(headers: Record<string, string> = {}) {
  const { email } = await verifiedUser();
  const { token } = await login(email);
  const auth = { authorization: `Bearer ${token}`, ...headers };
  return {
    email,
    /** Their credentials, for a request to the app under other settings. */
    headers: auth,
    /** The API typed by its routes, as them. */
    api: client(auth),
    call: (path: string, init: Parameters<typeof api>[1] = {}) =>
      api(path, { ...init, headers: { ...auth, ...init.headers } }),
  };
}

/** What a number is saved with; left out, its name and assistant are none. */
type NumberFields = { phone_number: string; phone_name?: string | null; assistant_config_id?: string | null };

/**
 * A salon's phone numbers as its owner manages them in the dashboard. A body names every field,
 * the ones left out as null: an optional text's schema input is unknown, which keeps its key
 * required in the typed client.
 */
export function phoneNumbersOf(owner: { api: ReturnType<typeof client> }) {
  const numbers = owner.api.dashboard["phone-numbers"];
  const filled = <T extends NumberFields>(fields: T) => ({ phone_name: null, assistant_config_id: null, ...fields });
  return {
    list: () => ok(numbers.$get()),
    add: (fields: NumberFields) => numbers.$post({ json: filled(fields) }),
    edit: (id: string, fields: NumberFields) => numbers[":id"].$put({ param: { id }, json: filled(fields) }),
    remove: (id: string) => numbers[":id"].$delete({ param: { id } }),
    available: (country: NumberCountry, contains: string) => numbers.available.$get({ query: { country, contains } }),
    buy: ({ country = "CZ", ...fields }: NumberFields & { country?: NumberCountry }) => numbers.purchase.$post({ json: filled({ country, ...fields }) }),
    callToVerify: (id: string) => numbers[":id"].verification.$post({ param: { id } }),
    confirm: (id: string, code: string) => numbers[":id"].verification.code.$post({ param: { id }, json: { code } }),
  };
}
