import type { JoinWaitlistBody, MessageResponse } from "../../../contract/waitlist.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const joinWaitlist = (body: JoinWaitlistBody) =>
  apiFetch<MessageResponse>("/waitlist/join", { method: "POST", body });
