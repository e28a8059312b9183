import type { JoinWaitlistBody } from "../../../contract/waitlist.ts";
import { api, read } from "../../lib/api-client.ts";

export const joinWaitlist = (json: JoinWaitlistBody) => read(api.waitlist.join.$post({ json }));
