import type { TransactionSql } from "postgres";
import { composeMessage, salonFacts, type VisitFacts } from "../../contract/client-message-texts.ts";
import type { MessageChannel, MessageKind, MessageState, SkipReason } from "../../contract/client-messages.ts";
import { DAY_MS, wallTime } from "../../contract/time-zone.ts";

/*
 * What the demo salon has sent its clients about their appointments, in the states real
 * sending leaves messages in: SMS delivered and priced, an email sent, an SMS the network
 * refused, emails skipped for want of an address, a reminder waiting for tomorrow, and a
 * client who replied STOP. The texts are composed as the Worker composes them.
 */

/** What Twilio charges for an SMS to a Czech mobile, per part, and the day's euro rate. */
const SMS_PRICE_USD = 0.0813;
const EUR_PER_USD = 0.92;
/** The client who replied STOP. */
const OPTED_OUT_PHONE = "+420606444555";
/** The client with an email address, whose confirmation went out by email too. */
const EMAIL_CLIENT = { phone: "+420603111222", email: "petra.kralova@example.cz" };

interface DemoAppointment {
  id: string;
  start_at: Date;
  stylist_name: string;
  client_id: string | null;
  client_name: string | null;
  phone: string;
  services: string[];
}

interface DemoMessage {
  kind: MessageKind;
  channel: MessageChannel;
  state: MessageState;
  recipient: string | null;
  createdAt: Date;
  dueAt?: Date;
  skipReason?: SkipReason;
  error?: string;
  /** SMS parts, for the price. */
  segments?: number;
}

export async function seedMessages(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string; name: string; address: string | null; postal_code: string | null; city: string | null; phone: string | null; time_zone: string }[]>`
    select s.id, s.name, s.address, s.postal_code, s.city, s.phone, s.time_zone from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  const appointments = await tx<DemoAppointment[]>`
    select a.id, a.start_at, a.stylist_name, a.client_id, c.name as client_name, replace(a.customer_phone, ' ', '') as phone,
      coalesce((select array_agg(s.service_name order by s.position) from appointment_services s where s.appointment_id = a.id), '{}') as services
    from appointments a left join clients c on c.id = a.client_id and c.salon_id = a.salon_id
    where a.salon_id = ${salon.id} and a.status = 'booked' and a.customer_phone is not null
    order by a.start_at`;
  const now = Date.now();
  const others = appointments.filter((a) => a.phone !== OPTED_OUT_PHONE && a.phone !== EMAIL_CLIENT.phone);
  const past = others.filter((a) => a.start_at.getTime() < now);
  // One the day after tomorrow, so its reminder, a day before, waits for tomorrow; when the
  // salon is closed that day, the next one far enough ahead that its reminder is still to come.
  const salonDay = (instant: number) => {
    const wall = wallTime(new Date(instant), salon.time_zone);
    return Date.UTC(wall.year, wall.month - 1, wall.day) / DAY_MS;
  };
  const ahead =
    others.find((a) => salonDay(a.start_at.getTime()) === salonDay(now) + 2) ?? others.find((a) => a.start_at.getTime() > now + DAY_MS + 6 * 3_600_000);
  const emailed = appointments.filter((a) => a.phone === EMAIL_CLIENT.phone).at(-1);
  const optedOut = appointments.find((a) => a.phone === OPTED_OUT_PHONE && a.start_at.getTime() > now);
  const bookedAt = (a: DemoAppointment) => new Date(Math.min(a.start_at.getTime() - 4 * DAY_MS, now - DAY_MS));

  const write = async (appointment: DemoAppointment, messages: DemoMessage[]) => {
    const facts: VisitFacts = {
      ...salonFacts(salon),
      services: appointment.services,
      stylist: appointment.stylist_name,
      start: appointment.start_at.toISOString(),
      clientName: appointment.client_name,
    };
    for (const message of messages) {
      const text = composeMessage(message.kind, message.channel, "cs", facts, { manage: null, unsubscribe: null }, { smsCanReply: true });
      const sent = message.state === "sent" || message.state === "delivered" || message.state === "failed";
      const sentAt = new Date(message.createdAt.getTime() + 2_000);
      await tx`insert into client_messages ${tx({
        salon_id: salon.id,
        appointment_id: appointment.id,
        client_id: appointment.client_id,
        kind: message.kind,
        channel: message.channel,
        dedupe_key: message.kind === "reminder" ? String(appointment.start_at.getTime() / 1000) : "demo",
        language: "cs",
        recipient: message.recipient,
        sender: message.channel === "sms" ? "+420228881234" : "hello@salon-bella.test",
        subject: text.subject,
        body: text.text,
        html_body: text.html,
        state: message.state,
        skip_reason: message.skipReason ?? null,
        attempts: sent ? 1 : 0,
        due_at: message.dueAt ?? message.createdAt,
        provider_id: sent ? `${message.channel === "sms" ? "SM" : "re_"}${crypto.randomUUID().replaceAll("-", "")}` : null,
        error: message.error ?? null,
        price_usd: message.state === "delivered" && message.segments ? SMS_PRICE_USD * message.segments : null,
        eur_per_usd: message.state === "delivered" && message.segments ? EUR_PER_USD : null,
        segments: message.segments ?? null,
        created_at: message.createdAt,
        sent_at: sent ? sentAt : null,
        status_at: sent ? new Date(sentAt.getTime() + 5_000) : null,
      })}`;
    }
  };

  if (emailed?.client_id) {
    await tx`update clients set email = ${EMAIL_CLIENT.email} where id = ${emailed.client_id} and email is null`;
    await write(emailed, [
      { kind: "booked", channel: "sms", state: "delivered", recipient: emailed.phone, createdAt: bookedAt(emailed), segments: 2 },
      { kind: "booked", channel: "email", state: "sent", recipient: EMAIL_CLIENT.email, createdAt: bookedAt(emailed) },
    ]);
  }
  const failed = past.at(-1);
  if (failed) {
    await write(failed, [
      {
        kind: "booked",
        channel: "sms",
        state: "failed",
        recipient: failed.phone,
        createdAt: bookedAt(failed),
        error: "30005: Unknown destination handset: the number is not in service.",
      },
      { kind: "booked", channel: "email", state: "skipped", skipReason: "no_recipient", recipient: null, createdAt: bookedAt(failed) },
    ]);
  }
  if (ahead) {
    await write(ahead, [
      { kind: "booked", channel: "sms", state: "delivered", recipient: ahead.phone, createdAt: bookedAt(ahead), segments: 2 },
      { kind: "booked", channel: "email", state: "skipped", skipReason: "no_recipient", recipient: null, createdAt: bookedAt(ahead) },
      { kind: "reminder", channel: "sms", state: "queued", recipient: ahead.phone, createdAt: new Date(now), dueAt: new Date(ahead.start_at.getTime() - DAY_MS) },
    ]);
  }
  await tx`insert into message_opt_outs (salon_id, channel, address, created_at)
           values (${salon.id}, 'sms', ${OPTED_OUT_PHONE}, ${new Date(now - 6 * DAY_MS)}) on conflict do nothing`;
  if (optedOut) {
    await write(optedOut, [
      { kind: "booked", channel: "sms", state: "skipped", skipReason: "opted_out", recipient: optedOut.phone, createdAt: bookedAt(optedOut) },
      { kind: "booked", channel: "email", state: "skipped", skipReason: "no_recipient", recipient: null, createdAt: bookedAt(optedOut) },
    ]);
  }
}
