import type { TransactionSql } from "postgres";
import { DEFAULT_PER_USD } from "../../contract/currency.ts";
import { DEFAULT_MODEL } from "../../contract/models.ts";

/*
 * The demo salon's outbound offer calls, so the Calls screen shows what a call offering a freed
 * time leaves behind: one a client answered and took (the booking is marked as an offer's in
 * the calendar), and one an answering machine took, which heard the salon's short message.
 */

/** What the demo salon's line charges a minute to call a Czech mobile, in US dollars. */
const OUTBOUND_PER_MINUTE = 0.014;

interface Upcoming {
  id: string;
  stylist_id: string;
  start_at: Date;
  end_at: Date;
  customer_name: string;
  customer_phone: string;
  client_id: string;
  stylist_name: string;
  service_ids: string[];
  services: string[];
}

const czechTime = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("cs-CZ", { timeZone, weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" }).format(instant);

export async function seedOfferCalls(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string; name: string; time_zone: string }[]>`
    select s.id, s.name, s.time_zone from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  const [line] = await tx<{ phone_number: string; assistant_id: string; assistant_name: string }[]>`
    select p.phone_number, a.id as assistant_id, a.name as assistant_name
    from phone_numbers p join assistant_configs a on a.id = p.assistant_config_id
    where p.salon_id = ${salon.id} and p.status = 'active' order by p.created_at limit 1`;
  // Two upcoming bookings of clients with a number and no call yet: the first came from an offer call, the
  // second's client was offered another time and reached by their answering machine. Their
  // numbers are dialled as Twilio writes them, in E.164.
  const upcoming = await tx<Upcoming[]>`
    select a.id, a.stylist_id, a.start_at, a.end_at, a.customer_name, replace(a.customer_phone, ' ', '') as customer_phone, a.client_id, a.stylist_name,
           array(select l.service_id from appointment_services l where l.appointment_id = a.id and l.service_id is not null order by l.position) as service_ids,
           array(select l.service_name from appointment_services l where l.appointment_id = a.id order by l.position) as services
    from appointments a
    where a.salon_id = ${salon.id} and a.status = 'booked' and a.source = 'dashboard' and a.client_id is not null
      and a.customer_phone like '+420%' and a.start_at > now() + interval '1 day'
      -- Clients the demo's other calls do not already show, so each number's calls read as one story.
      and not exists (select from calls c where c.salon_id = a.salon_id and replace(a.customer_phone, ' ', '') in (c.from_number, c.to_number))
    order by a.start_at, a.id
    limit 2`;
  const [taken, machine] = upcoming;
  if (!line || !taken || !machine) return;

  const offer = async (booking: Upcoming, slot: { start: Date; end: Date; status: string; appointmentId: string | null }, call: { minutesAgo: number; seconds: number }, attempt: string) => {
    const started = new Date(Date.now() - call.minutesAgo * 60_000);
    const [{ id: slotId } = { id: "" }] = await tx<{ id: string }[]>`
      insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger, status, appointment_id, next_step_at, created_at, closed_at)
      values (${salon.id}, ${booking.stylist_id}, ${slot.start}, ${slot.end}, 'cancelled', ${slot.status}, ${slot.appointmentId}, ${started},
              ${new Date(started.getTime() - 45 * 60_000)}, ${new Date(started.getTime() + call.seconds * 1000)})
      returning id`;
    const [{ id: callId } = { id: "" }] = await tx<{ id: string }[]>`
      insert into calls (salon_id, assistant_config_id, assistant_name, direction, from_number, to_number, call_started_at, call_ended_at,
                         call_duration, call_status, caller_country, model_cost, telephony_cost, model, language, eur_per_usd, client_id)
      values (${salon.id}, ${line.assistant_id}, ${line.assistant_name}, 'outbound', ${line.phone_number}, ${booking.customer_phone}, ${started},
              ${new Date(started.getTime() + call.seconds * 1000)}, ${call.seconds}, 'in-progress', 'CZ',
              ${attempt === "accepted" ? 0.061 : 0}, ${Math.ceil(call.seconds / 60) * OUTBOUND_PER_MINUTE}, ${attempt === "accepted" ? DEFAULT_MODEL : null},
              ${attempt === "accepted" ? "cs" : null}, ${DEFAULT_PER_USD.EUR}, ${booking.client_id})
      returning id`;
    await tx`
      insert into outreach_attempts (salon_id, slot_id, client_id, name, phone, language, channel, start_at, end_at, service_ids, status,
                                     expires_at, call_id, appointment_id, created_at, answered_at)
      values (${salon.id}, ${slotId}, ${booking.client_id}, ${booking.customer_name}, ${booking.customer_phone}, 'cs', 'call', ${slot.start}, ${slot.end},
              ${tx.json(booking.service_ids)}, ${attempt}, ${new Date(started.getTime() + 30 * 60_000)}, ${callId}, ${slot.appointmentId}, ${started},
              ${new Date(started.getTime() + call.seconds * 1000)})`;
    return { callId, started };
  };

  // The client took the time: the booking is theirs through the offer.
  const when = czechTime(taken.start_at, salon.time_zone);
  const { callId, started } = await offer(taken, { start: taken.start_at, end: taken.end_at, status: "filled", appointmentId: taken.id }, { minutesAgo: 95, seconds: 64 }, "accepted");
  await tx`update appointments set source = 'outreach' where id = ${taken.id}`;
  const items: ({ role: "user" | "assistant"; text: string } | { fn: string; result: unknown })[] = [
    { role: "assistant", text: `Dobrý den, tady asistent salonu ${salon.name}. Uvolnil se termín ${when}: ${taken.services.join(" a ")}, obslouží vás ${taken.stylist_name}. Chcete ho?` },
    { role: "user", text: "Dobrý den, ano, to by se mi hodilo." },
    { fn: "accept_offer", result: { booked: true, appointment_id: taken.id, services: taken.services, stylist: taken.stylist_name } },
    { role: "assistant", text: `Výborně, termín ${when} je váš. Potvrzení vám přijde SMS. Na shledanou!` },
    { role: "user", text: "Děkuji, na shledanou." },
  ];
  for (const [position, item] of items.entries()) {
    const at = new Date(started.getTime() + (position + 1) * 10_000);
    if ("role" in item) {
      await tx`insert into call_items (call_id, salon_id, position, item_type, role, content, created_at)
               values (${callId}, ${salon.id}, ${position}, 'conversation', ${item.role}, ${item.text}, ${at})`;
    } else {
      await tx`insert into call_items (call_id, salon_id, position, item_type, function_name, status, arguments, result, created_at)
               values (${callId}, ${salon.id}, ${position}, 'function_call', ${item.fn}, 'successful', '{}', ${JSON.stringify(item.result)}, ${at})`;
    }
  }
  // Ended once its conversation is recorded, as a live call is, so its outcome is read from what its tools did.
  await tx`update calls set call_status = 'completed' where id = ${callId}`;
  await tx`update calls set summary = ${`Nabídka uvolněného termínu ${when} byla přijata, rezervace je hotová.`}, follow_up = false, summary_state = 'done'
           where id = ${callId}`;

  // Earlier, a morning that came free went to another client's answering machine, which heard the salon's message.
  const morning = new Date(machine.start_at.getTime() - 3 * 3_600_000);
  const voicemail = await offer(machine, { start: morning, end: new Date(morning.getTime() + 3_600_000), status: "exhausted", appointmentId: null }, { minutesAgo: 180, seconds: 24 }, "voicemail");
  await tx`update calls set call_status = 'completed' where id = ${voicemail.callId}`;
}
