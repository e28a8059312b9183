import type { MessageChannel, MessageKind } from "./client-messages.ts";
import type { Language } from "./languages.ts";

/**
 * The words of every message a salon sends its clients, in the client's language, and how one
 * is put together from an appointment's facts. The Worker composes what it sends with it and
 * the Messages tab its previews, so what the owner reads is what clients get.
 *
 * Czech puts names into cases ("v salonu Anny", "u Petra"); a name given in the nominative
 * only fits where a sentence does not decline it, so the Czech texts lead with it or set it apart.
 */

/** What a message tells of an appointment. */
export interface VisitFacts {
  salonName: string;
  /** One line: street, postal code and city as the salon wrote them; null when it gave none. */
  salonAddress: string | null;
  /** The number clients call, as the salon wrote it. */
  salonPhone: string | null;
  /** Service names in booking order. */
  services: string[];
  stylist: string;
  /** ISO instant. */
  start: string;
  timeZone: string;
  /** The client's name, for an email's greeting; null when not known. */
  clientName: string | null;
}

/** Addresses a message links to: the client's page of the appointment, and leaving email. */
export interface MessageLinks {
  /** Null on a cancellation: there is nothing left to change. */
  manage: string | null;
  /** Emails only. */
  unsubscribe: string | null;
}

export interface ComposedMessage {
  /** Emails only. */
  subject: string | null;
  text: string;
  /** Emails only. */
  html: string | null;
}

interface Words {
  locale: string;
  sms: Record<MessageKind, (f: Filled) => string>;
  /** Only an SMS from a number can be answered; one from a sender name cannot. */
  smsStop: string;
  subject: Record<MessageKind, (f: Filled) => string>;
  /** Given the client's first name, when known. */
  greeting: (name: string | null) => string;
  intro: Record<MessageKind, (f: Filled) => string>;
  labels: { when: string; what: string; with: string; where: string };
  manage: string;
  manageButton: string;
  bookAgain: (phone: string | null) => string;
  signOff: Record<"visit" | "cancelled", string>;
  footer: (salon: string) => string;
  unsubscribe: string;
}

/** The facts as a message reads them: date and time in the salon's zone and the client's language. */
export interface Filled {
  salon: string;
  date: string;
  longDate: string;
  time: string;
  services: string;
  stylist: string;
  address: string | null;
  phone: string | null;
}

/** `write(text)` when there is a text, else nothing: for a message's optional parts. */
export const orNothing = (text: string | null, write: (text: string) => string) => (text ? write(text) : "");

const WORDS: Record<Language, Words> = {
  en: {
    locale: "en",
    sms: {
      booked: (f) => `${f.salon}: your appointment is booked for ${f.date} at ${f.time}, ${f.services} with ${f.stylist}.${orNothing(f.address, (a) => ` ${a}.`)}`,
      moved: (f) => `${f.salon}: your appointment has moved to ${f.date} at ${f.time}, ${f.services} with ${f.stylist}.`,
      cancelled: (f) => `${f.salon}: your appointment on ${f.date} at ${f.time} (${f.services}) is cancelled.${orNothing(f.phone, (p) => ` To book again, call ${p}.`)}`,
      reminder: (f) => `${f.salon}: a reminder of your appointment on ${f.date} at ${f.time}, ${f.services} with ${f.stylist}.${orNothing(f.address, (a) => ` ${a}.`)}`,
    },
    smsStop: "Reply STOP to opt out.",
    subject: {
      booked: (f) => `${f.salon}: appointment confirmed for ${f.date}, ${f.time}`,
      moved: (f) => `${f.salon}: appointment moved to ${f.date}, ${f.time}`,
      cancelled: (f) => `${f.salon}: appointment cancelled`,
      reminder: (f) => `${f.salon}: see you on ${f.date} at ${f.time}`,
    },
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    intro: {
      booked: (f) => `Your appointment at ${f.salon} is booked.`,
      moved: (f) => `Your appointment at ${f.salon} has moved. This is the new time:`,
      cancelled: (f) => `Your appointment at ${f.salon} has been cancelled.`,
      reminder: (f) => `Just a reminder of your appointment at ${f.salon}.`,
    },
    labels: { when: "When", what: "What", with: "With", where: "Where" },
    manage: "Need to change or cancel?",
    manageButton: "Change or cancel",
    bookAgain: (phone) => (phone ? `Would you like a new appointment? Call us on ${phone}.` : "Would you like a new appointment? Just get in touch."),
    signOff: { visit: "See you soon,", cancelled: "Best wishes," },
    footer: (salon) => `You are getting this email because you booked with ${salon}.`,
    unsubscribe: "Stop these emails",
  },
  de: {
    locale: "de",
    sms: {
      booked: (f) => `${f.salon}: Ihr Termin ist gebucht – ${f.date} um ${f.time}, ${f.services} bei ${f.stylist}.${orNothing(f.address, (a) => ` ${a}.`)}`,
      moved: (f) => `${f.salon}: Ihr Termin wurde verschoben – neu am ${f.date} um ${f.time}, ${f.services} bei ${f.stylist}.`,
      cancelled: (f) => `${f.salon}: Ihr Termin am ${f.date} um ${f.time} (${f.services}) ist storniert.${orNothing(f.phone, (p) => ` Neuen Termin vereinbaren: ${p}.`)}`,
      reminder: (f) => `${f.salon}: Wir erinnern Sie an Ihren Termin am ${f.date} um ${f.time}, ${f.services} bei ${f.stylist}.${orNothing(f.address, (a) => ` ${a}.`)}`,
    },
    smsStop: "Keine SMS mehr? Antworten Sie STOP.",
    subject: {
      booked: (f) => `${f.salon}: Termin bestätigt – ${f.date}, ${f.time}`,
      moved: (f) => `${f.salon}: Termin verschoben auf ${f.date}, ${f.time}`,
      cancelled: (f) => `${f.salon}: Termin storniert`,
      reminder: (f) => `${f.salon}: Ihr Termin am ${f.date} um ${f.time}`,
    },
    greeting: (name) => (name ? `Hallo ${name},` : "Guten Tag,"),
    intro: {
      booked: (f) => `Ihr Termin bei ${f.salon} ist gebucht.`,
      moved: (f) => `Ihr Termin bei ${f.salon} wurde verschoben. So sieht er jetzt aus:`,
      cancelled: (f) => `Ihr Termin bei ${f.salon} wurde storniert.`,
      reminder: (f) => `wir möchten Sie an Ihren Termin bei ${f.salon} erinnern.`,
    },
    labels: { when: "Wann", what: "Was", with: "Bei", where: "Wo" },
    manage: "Sie möchten den Termin ändern oder absagen?",
    manageButton: "Termin ändern oder absagen",
    bookAgain: (phone) => (phone ? `Sie möchten einen neuen Termin? Rufen Sie uns an: ${phone}.` : "Sie möchten einen neuen Termin? Melden Sie sich gern bei uns."),
    signOff: { visit: "Bis bald", cancelled: "Viele Grüße" },
    footer: (salon) => `Sie erhalten diese E-Mail, weil Sie bei ${salon} einen Termin gebucht haben.`,
    unsubscribe: "Keine E-Mails mehr erhalten",
  },
  cs: {
    locale: "cs",
    sms: {
      booked: (f) => `${f.salon}: rezervace potvrzena – ${f.date} v ${f.time}, ${f.services} (${f.stylist}).${orNothing(f.address, (a) => ` ${a}.`)}`,
      moved: (f) => `${f.salon}: termín jsme přesunuli na ${f.date} v ${f.time}, ${f.services} (${f.stylist}).`,
      cancelled: (f) => `${f.salon}: termín ${f.date} v ${f.time} (${f.services}) je zrušený.${orNothing(f.phone, (p) => ` Nový si domluvíte na ${p}.`)}`,
      reminder: (f) => `${f.salon}: připomínáme termín ${f.date} v ${f.time}, ${f.services} (${f.stylist}).${orNothing(f.address, (a) => ` ${a}.`)}`,
    },
    smsStop: "Odhlášení SMS: odpovězte STOP.",
    subject: {
      booked: (f) => `${f.salon}: rezervace potvrzena – ${f.date}, ${f.time}`,
      moved: (f) => `${f.salon}: termín přesunut na ${f.date}, ${f.time}`,
      cancelled: (f) => `${f.salon}: termín zrušen`,
      reminder: (f) => `${f.salon}: připomínka termínu ${f.date} v ${f.time}`,
    },
    greeting: () => "Dobrý den,",
    intro: {
      booked: () => "potvrzujeme vaši rezervaci.",
      moved: () => "váš termín jsme přesunuli. Nově platí:",
      cancelled: () => "váš termín jsme zrušili.",
      reminder: () => "připomínáme vám blížící se termín.",
    },
    labels: { when: "Kdy", what: "Služby", with: "Obslouží vás", where: "Kde" },
    manage: "Potřebujete termín změnit nebo zrušit?",
    manageButton: "Změnit nebo zrušit termín",
    bookAgain: (phone) => (phone ? `Chcete si domluvit nový termín? Zavolejte nám na ${phone}.` : "Chcete si domluvit nový termín? Stačí se nám ozvat."),
    signOff: { visit: "Těšíme se na vás", cancelled: "S pozdravem" },
    footer: (salon) => `Tento e-mail vám posílá ${salon} kvůli vaší rezervaci.`,
    unsubscribe: "Nechci dostávat e-maily",
  },
};

/** A visit's facts as a message in `language` reads them (an offer's texts use them too). */
export const describeVisit = (facts: VisitFacts, language: Language): Filled => fill(facts, WORDS[language]);

function fill(facts: VisitFacts, words: Words): Filled {
  const start = new Date(facts.start);
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(words.locale, { timeZone: facts.timeZone, ...options }).format(start);
  return {
    salon: facts.salonName,
    date: format({ weekday: "short", day: "numeric", month: "short" }),
    longDate: format({ weekday: "long", day: "numeric", month: "long", year: "numeric" }),
    time: format({ hour: "numeric", minute: "2-digit" }),
    services: new Intl.ListFormat(words.locale, { type: "conjunction" }).format(facts.services),
    stylist: facts.stylist,
    address: facts.salonAddress,
    phone: facts.salonPhone,
  };
}

/** The SMS line that leads to the client's page of the visit, where it is changed or cancelled. */
export const manageLine = (language: Language, url: string) => `${WORDS[language].manage} ${url}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * One message: an SMS's text (with the manage link, and how to opt out when it can be
 * answered), or an email's subject, text and HTML.
 */
export function composeMessage(
  kind: MessageKind,
  channel: MessageChannel,
  language: Language,
  facts: VisitFacts,
  links: MessageLinks,
  options: { smsCanReply?: boolean } = {},
): ComposedMessage {
  const words = WORDS[language];
  const f = fill(facts, words);
  if (channel === "sms") {
    const parts = [words.sms[kind](f)];
    if (links.manage && kind !== "cancelled") parts.push(manageLine(language, links.manage));
    if (options.smsCanReply) parts.push(words.smsStop);
    return { subject: null, text: parts.join(" "), html: null };
  }

  const details: [string, string][] = [
    [words.labels.when, `${f.longDate}, ${f.time}`],
    [words.labels.what, f.services],
    [words.labels.with, f.stylist],
    [words.labels.where, [f.salon, f.address].filter(Boolean).join(", ")],
  ];
  const cancelled = kind === "cancelled";
  const action = cancelled ? words.bookAgain(f.phone) : links.manage ? words.manage : null;
  const signOff = [words.signOff[cancelled ? "cancelled" : "visit"], f.salon, ...(f.phone ? [f.phone] : [])];
  const footer = words.footer(f.salon);
  const firstName = facts.clientName?.trim().split(/\s+/)[0] || null;

  const text = [
    words.greeting(firstName),
    "",
    words.intro[kind](f),
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(action ? ["", cancelled || !links.manage ? action : `${action} ${links.manage}`] : []),
    "",
    ...signOff,
    "",
    "—",
    footer,
    ...(links.unsubscribe ? [`${words.unsubscribe}: ${links.unsubscribe}`] : []),
  ].join("\n");

  const e = escapeHtml;
  const paragraph = (html: string) => `<p style="margin:0 0 16px">${html}</p>`;
  const html = `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
${paragraph(e(words.greeting(firstName)))}${paragraph(e(words.intro[kind](f)))}
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${details
    .map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#475569;vertical-align:top">${e(label)}</td><td style="padding:4px 0;font-weight:bold">${e(value)}</td></tr>`)
    .join("")}</table>
${
  cancelled
    ? paragraph(e(words.bookAgain(f.phone)))
    : links.manage
      ? `${paragraph(e(words.manage))}<p style="margin:0 0 24px"><a href="${e(links.manage)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:bold">${e(words.manageButton)}</a></p>`
      : ""
}${paragraph(signOff.map(e).join("<br>"))}
</div>
<p style="max-width:520px;margin:16px auto 0;color:#64748b;font-size:12px">${e(footer)}${
    links.unsubscribe ? ` <a href="${e(links.unsubscribe)}" style="color:#64748b">${e(words.unsubscribe)}</a>` : ""
  }</p>
</body></html>`;

  return { subject: words.subject[kind](f), text, html };
}

/** What a message tells of the salon, from its settings. */
export function salonFacts(salon: {
  name: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
  time_zone: string;
}): Pick<VisitFacts, "salonName" | "salonAddress" | "salonPhone" | "timeZone"> {
  return { salonName: salon.name, salonAddress: addressLine(salon), salonPhone: salon.phone, timeZone: salon.time_zone };
}

/** The salon's address on one line, as messages give it. */
export function addressLine(salon: { address: string | null; postal_code: string | null; city: string | null }): string | null {
  const place = [salon.postal_code, salon.city].filter(Boolean).join(" ");
  return [salon.address, place].filter(Boolean).join(", ") || null;
}
