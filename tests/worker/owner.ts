import { api, client } from "./helpers.ts";
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
