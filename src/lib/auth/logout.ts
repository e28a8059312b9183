import { api, read } from "../api-client.ts";
import { endSession } from "./session.ts";

/** Revokes the refresh cookie's session and forgets the user; locally even when offline. */
export async function logout() {
  await read(api.auth.logout.$post()).catch(() => {});
  endSession();
}
