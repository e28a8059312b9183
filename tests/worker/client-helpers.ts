import { env } from "cloudflare:workers";
import { database } from "../../worker/data/db.ts";
import type { Bindings } from "../../worker/env.ts";
import { withTenant, type TenantScope } from "../../worker/data/tenant.ts";
import { sql } from "./auth-helpers.ts";
import { signedInOwner } from "./owner.ts";

export type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** A Czech salon (national numbers read as Czech ones) with one stylist and one service. */
export async function czechSalon() {
  const owner = await signedInOwner({ "x-time-zone": "Europe/Prague" });
  const stylist = (await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } })).json.id as string;
  const service = (await owner.call("/api/dashboard/services", { body: { name: "Haircut", duration: 45, price: 30 } })).json.id as string;
  const [row] = await sql<{ salon_id: string; owner_id: string }[]>`
    update salons s set country = 'Czech Republic' from users u
    where u.id = s.owner_id and u.email = ${owner.email} returning s.id as salon_id, u.id as owner_id`;
  const tenant = { salonId: row!.salon_id, userId: row!.owner_id };
  /** Data work in this salon, as the Worker does it. */
  const inSalon = <T>(work: (scope: TenantScope) => Promise<T>) => withTenant(database(env as Bindings), tenant, work);
  let hour = 0;
  /** Books an hour of the stylist on a day of 2027 (each booking the next hour), as the dashboard does. */
  const book = async (customer: { customer_name?: string | null; customer_phone?: string | null; notes?: string }, day = "2027-03-01") => {
    const start = new Date(Date.parse(`${day}T06:00:00Z`) + hour++ * 3_600_000);
    const response = await owner.call("/api/dashboard/appointments", {
      body: {
        ...customer,
        stylist,
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + 3_600_000).toISOString(),
        services: [{ service, price_at_booking: null, duration_at_booking: null }],
      },
    });
    if (response.status !== 201) throw new Error(`booking: ${response.text}`);
    return response.json.id as string;
  };
  return { owner, stylist, service, ...tenant, inSalon, book };
}

export interface ClientItem {
  id: string;
  name: string | null;
  email: string | null;
  phones: string[];
  source: string;
}

/** The salon's clients a search finds, in the list's order. */
export async function clients(owner: Owner, q = ""): Promise<ClientItem[]> {
  const response = await owner.call(`/api/dashboard/clients?q=${encodeURIComponent(q)}&limit=100`);
  if (response.status !== 200) throw new Error(`clients: ${response.text}`);
  return response.json.items as ClientItem[];
}

/** The client an appointment is linked to, read from the database. */
export async function clientOf(appointmentId: string): Promise<string | null> {
  const [row] = await sql<{ client_id: string | null }[]>`select client_id from appointments where id = ${appointmentId}`;
  return row!.client_id;
}
