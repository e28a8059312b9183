import { apiFetch } from "../api-client.ts";
import { endSession } from "./session.ts";

/** Revokes the refresh cookie's session and forgets the user; locally even when offline. */
export async function logout() {
  await apiFetch<void>("/auth/logout", { method: "POST" }).catch(() => {});
  endSession();
}
