import { isLanguage, type Language } from "../../contract/languages.ts";
import { notFound } from "./errors.ts";
import type { TenantScope } from "./tenant.ts";

/** An appointment as its client sees it through their link, with the salon's facts around it. */
export interface Visit {
  id: string;
  /** The version a move is made on (see moveAppointment). */
  version: number;
  status: "booked" | "cancelled";
  start_at: Date;
  end_at: Date;
  stylist_id: string | null;
  stylist_name: string;
  services: { name: string; duration: number | null }[];
  salon: { name: string; address: string | null; postal_code: string | null; city: string | null; phone: string | null; time_zone: string };
  cancellation_notice_hours: number;
  language: Language;
}

/**
 * The appointment `id` of the salon for its client's page. `lock` holds it until the
 * transaction ends, so a change is checked against the visit as it stays.
 */
export async function visitOf({ sql, salonId }: TenantScope, id: string, { lock = false } = {}): Promise<Visit> {
  const [row] = await sql<(Omit<Visit, "language"> & { language: string | null })[]>`
    select a.id, a.version, a.status, a.start_at, a.end_at, a.stylist_id, a.stylist_name,
      coalesce((select json_agg(json_build_object('name', s.service_name, 'duration', s.duration_at_booking) order by s.position)
                from appointment_services s where s.appointment_id = a.id and s.salon_id = a.salon_id), '[]') as services,
      json_build_object('name', sa.name, 'address', sa.address, 'postal_code', sa.postal_code, 'city', sa.city,
                        'phone', sa.phone, 'time_zone', sa.time_zone) as salon,
      ms.cancellation_notice_hours,
      coalesce(c.language, u.language) as language
    from appointments a
    join salons sa on sa.id = a.salon_id
    join users u on u.id = sa.owner_id
    join message_settings ms on ms.salon_id = a.salon_id
    left join clients c on c.id = a.client_id and c.salon_id = a.salon_id
    where a.id = ${id} and a.salon_id = ${salonId}
    ${lock ? sql`for update of a` : sql``}`;
  if (!row) throw notFound();
  return { ...row, language: isLanguage(row.language) ? row.language : "en" };
}
