import type { TransactionSql } from "postgres";
import { renderInstructions, type InstructionsData } from "../../contract/assistant-instructions.ts";
import type { CallOutcome } from "../../contract/calls.ts";
import { DEFAULT_MODEL, type RealtimeModel } from "../../contract/models.ts";
import type { BusinessHours } from "../../contract/salon.ts";
import { spokenLanguage } from "../../contract/spoken-language.ts";
import { DAY_MS, wallTime, zonedInstant } from "../../contract/time-zone.ts";
import { DEFAULT_PER_USD } from "../../contract/currency.ts";

/*
 * A week of recorded calls for the demo salon, so the Calls screen shows what a working
 * receptionist leaves behind: bookings with their function calls, a cancellation, a move, a
 * hand-over, a missed call, a caller who spoke over the assistant, a booking that failed
 * once and then worked, and test calls made in the browser (one of them with an assistant
 * deleted since). Each call someone spoke on has the summary the salon reads, in the salon's
 * Czech, and two of them ask the salon to get back to the caller.
 */

type Item =
  | { say: "user" | "assistant"; text: string; truncated?: boolean }
  | { fn: string; args: unknown; result?: unknown; error?: string; status?: "successful" | "failed" | "attempted" };

interface DemoCall {
  /** When it started: minutes ago, or a day back and the salon's wall-clock time. */
  when: { minutesAgo: number } | { daysAgo: number; at: string };
  /** An E.164 number, or "browser" for a test call. */
  from: string;
  city?: string;
  /** The caller's country; Czechia when not given. */
  country?: string;
  duration: number;
  missed?: boolean;
  /** The speech model's cost in US dollars; phone calls add the line's. */
  model: number;
  /** The speech model it ran on, when not the default. */
  realtimeModel?: RealtimeModel;
  /** Made with an assistant that has been deleted since. */
  deletedAssistant?: boolean;
  items: (day: DayWords) => Item[];
  /** What the summary says; none for a call nobody spoke on. */
  summary?: (day: DayWords) => DemoSummary;
}

interface DemoSummary {
  text: string;
  /** The outcome only the words tell, when the tools left it open. */
  outcome?: CallOutcome;
  /** Why the salon should get back to the caller, when it should. */
  followUp?: string;
}

/** Dates the conversation mentions, worked out from the day of the call. */
interface DayWords {
  /** "2026-11-25" and "Wednesday" for the day `offset` days after the call. */
  date(offset: number): string;
  weekday(offset: number): string;
  /** Days from the call to the next Saturday. */
  toSaturday: number;
  /** The same day as a Czech summary names it: "ve středu 25. 11.". */
  czechDay(offset: number): string;
}

const SALON_LINE = "+420228881234";
/** What Twilio charges a minute for an incoming call to a Czech number, in US dollars. */
const LINE_PER_MINUTE = 0.0085;

const GREETING: Item = { say: "assistant", text: "Hello! How can I help you today?" };

const EVENING_LINE_PROMPT = `You are the evening receptionist of Salon Bella, a hair salon in Prague.
Keep every answer to one or two short sentences. Book men's haircuts and blow-drys only; for anything else, take the caller's name and number so the salon can call back the next morning.
Never promise a time before you have checked that it is free.`;

const CALLS: DemoCall[] = [
  {
    when: { minutesAgo: 35 },
    from: "+420603111222",
    city: "Praha",
    duration: 212,
    model: 0.0412,
    summary: (d) => ({
      text: `Petra Králová si objednala dámský střih u Jany ${d.czechDay(2)} v 16:00. Asistent jí řekl cenu 890 Kč, u delších vlasů až 1 190 Kč. Zastihnout ji můžete na čísle, ze kterého volala.`,
    }),
    items: (d) => [
      GREETING,
      { say: "user", text: `Hi, I'd like to book a women's haircut, ideally on ${d.weekday(2)} afternoon.` },
      {
        fn: "find_free_slots",
        args: { date: d.date(2), services: ["Dámský střih"] },
        result: {
          date: d.date(2),
          requested_date_full: false,
          duration_minutes: 60,
          slots: [
            { start: "13:00", stylist: "Jana Nováková" },
            { start: "14:30", stylist: "Tomáš Dvořák" },
            { start: "16:00", stylist: "Jana Nováková" },
          ],
        },
      },
      { say: "assistant", text: `On ${d.weekday(2)} afternoon I can offer 1 pm or 4 pm with Jana, or half past two with Tomáš. Which would suit you best?` },
      { say: "user", text: "Four o'clock with Jana would be perfect." },
      { say: "assistant", text: "Lovely. May I have your name, please?" },
      { say: "user", text: "Petra Králová." },
      { say: "assistant", text: "Thank you, Petra. Is the number you're calling from the best one to reach you on?" },
      { say: "user", text: "Yes, that's right." },
      { say: "assistant", text: `So that's a women's haircut with Jana on ${d.weekday(2)} at 4 pm. Shall I book it?` },
      { say: "user", text: "Yes, please." },
      {
        fn: "book_appointment",
        args: { customer_name: "Petra Králová", customer_phone: "+420603111222", services: ["Dámský střih"], start: `${d.date(2)} 16:00`, stylist: "Jana Nováková" },
        result: { booked: true, start: `${d.date(2)} 16:00`, end: `${d.date(2)} 17:00`, stylist: "Jana Nováková", services: ["Dámský střih"] },
      },
      {
        say: "assistant",
        text: `You're booked in with Jana on ${d.weekday(2)} at 4 pm. The haircut is 890 crowns, or up to 1,190 for longer hair. Is there anything else I can do for you?`,
      },
      { say: "user", text: "No, that's all. Thank you!" },
      { say: "assistant", text: `You're welcome, Petra. See you on ${d.weekday(2)}. Goodbye!` },
      { fn: "end_call", args: {}, result: { ended: true } },
    ],
  },
  {
    when: { minutesAgo: 130 },
    from: "browser",
    duration: 64,
    model: 0.0187,
    summary: () => ({
      text: "Zkušební hovor z prohlížeče s dotazem na otevírací dobu. Asistent ji vyjmenoval a doplnil, že v neděli je zavřeno.",
      outcome: "question_answered",
    }),
    items: () => [
      GREETING,
      { say: "user", text: "Hi, what are your opening hours?" },
      {
        fn: "get_salon_details",
        args: {},
        result: {
          name: "Salon Bella",
          address: "Vinohradská 12, 120 00 Praha, Czechia",
          opening_hours: { Monday: "09:00-19:00", Tuesday: "09:00-19:00", Wednesday: "09:00-19:00", Thursday: "09:00-20:00", Friday: "09:00-19:00", Saturday: "09:00-14:00", Sunday: "closed" },
        },
      },
      {
        say: "assistant",
        text: "We're open Monday to Wednesday from 9 am to 7 pm, on Thursday until 8 pm, on Friday until 7, and on Saturday from 9 am until",
        truncated: true,
      },
      { say: "user", text: "And on Sunday?" },
      { say: "assistant", text: "On Sunday we're closed. Is there anything else you'd like to know?" },
      { say: "user", text: "No, that's all, thanks." },
      { say: "assistant", text: "Thank you for calling Salon Bella. Goodbye!" },
    ],
  },
  {
    when: { daysAgo: 1, at: "17:42" },
    from: "+420604222333",
    city: "Brno",
    duration: 247,
    model: 0.0538,
    summary: (d) => ({
      text: `Lucie Černá chtěla balayage na sobotní dopoledne. Termín v 11:00 mezitím obsadil někdo jiný, a tak ji asistent objednal k Petře ${d.czechDay(d.toSaturday)} v 9:00. Cena je 3 290 Kč, podle délky vlasů 2 890 až 4 290 Kč.`,
    }),
    items: (d) => {
      const saturday = d.date(d.toSaturday);
      return [
        GREETING,
        { say: "user", text: "Hello, I'd like to book a balayage for Saturday morning, please." },
        {
          fn: "find_free_slots",
          args: { date: saturday, services: ["Balayage"] },
          result: {
            date: saturday,
            requested_date_full: false,
            duration_minutes: 150,
            slots: [
              { start: "09:00", stylist: "Petra Svobodová" },
              { start: "11:00", stylist: "Petra Svobodová" },
            ],
          },
        },
        { say: "assistant", text: "On Saturday Petra has time at 9 or at 11 in the morning. Which would you prefer?" },
        { say: "user", text: "Eleven, please. My name is Lucie Černá." },
        { say: "assistant", text: "Thank you, Lucie. Shall I book the balayage with Petra on Saturday at 11, for the number you're calling from?" },
        { say: "user", text: "Yes, please." },
        {
          fn: "book_appointment",
          args: { customer_name: "Lucie Černá", customer_phone: "+420604222333", services: ["Balayage"], start: `${saturday} 11:00`, stylist: "Petra Svobodová" },
          status: "failed",
          error: "That time was just taken. Offer the caller another time (use find_free_slots).",
        },
        { say: "assistant", text: "I'm sorry, that time has just been taken. Let me check what's still free." },
        {
          fn: "find_free_slots",
          args: { date: saturday, services: ["Balayage"], stylist: "Petra Svobodová" },
          result: { date: saturday, requested_date_full: false, duration_minutes: 150, slots: [{ start: "09:00", stylist: "Petra Svobodová" }] },
        },
        { say: "assistant", text: "Petra is still free at 9 am on Saturday. Would that work for you?" },
        { say: "user", text: "Nine is fine." },
        {
          fn: "book_appointment",
          args: { customer_name: "Lucie Černá", customer_phone: "+420604222333", services: ["Balayage"], start: `${saturday} 09:00`, stylist: "Petra Svobodová" },
          result: { booked: true, start: `${saturday} 09:00`, end: `${saturday} 11:30`, stylist: "Petra Svobodová", services: ["Balayage"] },
        },
        {
          say: "assistant",
          text: "Done: a balayage with Petra on Saturday at 9 am. It's 3,290 crowns, or between 2,890 and 4,290 depending on your hair length. Anything else?",
        },
        { say: "user", text: "No, thank you. Bye!" },
        { say: "assistant", text: "Goodbye, Lucie, and see you on Saturday!" },
        { fn: "end_call", args: {}, result: { ended: true } },
      ];
    },
  },
  { when: { daysAgo: 1, at: "11:05" }, from: "+420777456789", city: "Ostrava", duration: 0, missed: true, model: 0, items: () => [] },
  {
    when: { daysAgo: 1, at: "15:40" },
    from: "+420731555010",
    city: "Praha",
    duration: 74,
    model: 0.0236,
    summary: () => ({
      text: "Dotaz na cenu dámského střihu. Asistent uvedl 45 eur, u delších vlasů až 60 eur. Objednat se volající zatím nechce, zavolá zítra.",
      outcome: "question_answered",
    }),
    items: () => [
      GREETING,
      { say: "user", text: "Dobrý den, kolik stojí dámský střih?" },
      {
        say: "assistant",
        text: "Dobrý den, dámský střih stojí 45 eur, u delších vlasů až 60 eur. Chcete se rovnou objednat?",
      },
      { say: "user", text: "Ne, děkuji, zavolám zítra." },
      { say: "assistant", text: "Dobře, budeme se těšit. Na shledanou!" },
      { fn: "end_call", args: {}, result: { ended: true } },
    ],
  },
  {
    when: { daysAgo: 2, at: "12:15" },
    from: "+4915112345678",
    city: "Berlin",
    country: "DE",
    duration: 58,
    model: 0.0191,
    summary: () => ({
      text: "Dotaz v němčině na volný termín na foukanou zítra dopoledne. Asistent nabídl 10:00, jméno pro rezervaci ale nezaznělo a volající se prý ozve znovu.",
      outcome: "no_action",
    }),
    items: () => [
      GREETING,
      { say: "user", text: "Guten Tag, haben Sie morgen Vormittag noch einen Termin zum Föhnen frei?" },
      { say: "assistant", text: "Guten Tag! Morgen um zehn Uhr ist noch frei. Auf welchen Namen darf ich buchen?" },
      { say: "user", text: "Danke, ich melde mich gleich noch einmal." },
      { say: "assistant", text: "Gern, bis später!" },
    ],
  },
  {
    when: { daysAgo: 2, at: "16:20" },
    from: "+420605333444",
    city: "Plzeň",
    duration: 98,
    model: 0.0236,
    summary: (d) => ({
      text: `Martin Novák zrušil pánský střih u Tomáše ${d.czechDay(1)} v 10:00, protože mu do toho přišla práce. Nový termín si zatím nedomluvil, ozve se příští týden.`,
    }),
    items: (d) => {
      const appointment = { appointment_id: "7c1e9a52-3f0b-4d7e-9a61-2b5d8c4e0f13", start: `${d.date(1)} 10:00`, services: ["Pánský střih"], stylist: "Tomáš Dvořák" };
      const caller = { customer_name: "Martin Novák", customer_phone: "+420605333444" };
      return [
        GREETING,
        { say: "user", text: `Hi, this is Martin Novák. I need to cancel my appointment on ${d.weekday(1)}.` },
        { fn: "find_appointments", args: caller, result: { appointments: [appointment] } },
        { say: "assistant", text: `I can see a men's haircut with Tomáš on ${d.weekday(1)} at 10 am. Shall I cancel it?` },
        { say: "user", text: "Yes, please. Something came up at work." },
        { fn: "cancel_appointment", args: { ...caller, appointment_id: appointment.appointment_id }, result: { cancelled: true, ...appointment } },
        { say: "assistant", text: "It's cancelled. Would you like to book another time?" },
        { say: "user", text: "Not now, I'll call again next week." },
        { say: "assistant", text: "No problem. Have a nice day, Martin!" },
      ];
    },
  },
  {
    when: { daysAgo: 2, at: "09:12" },
    from: "+420721777888",
    city: "Praha",
    duration: 71,
    model: 0.0164,
    summary: () => ({
      text: "Dotaz na cenu barvení dlouhých vlasů. Asistent uvedl 1 690 Kč za zhruba hodinu a půl práce, u dlouhých vlasů až 2 490 Kč. Volající si to rozmyslí a případně zavolá znovu.",
      outcome: "question_answered",
    }),
    items: () => [
      GREETING,
      { say: "user", text: "Good morning. How much is colouring for long hair?" },
      {
        fn: "list_services",
        args: {},
        result: [
          { name: "Dámský střih", duration_minutes: 60, price: 890, price_range: [790, 1190], currency: "CZK" },
          { name: "Barvení", duration_minutes: 90, price: 1690, price_range: [1490, 2490], currency: "CZK" },
          { name: "Balayage", duration_minutes: 150, price: 3290, price_range: [2890, 4290], currency: "CZK" },
        ],
      },
      {
        say: "assistant",
        text: "Colouring is 1,690 crowns and takes about an hour and a half. For long hair it can be up to 2,490 crowns, depending on how much colour is needed.",
      },
      { say: "user", text: "Okay, thanks. I'll think about it and call back." },
      { say: "assistant", text: "Of course. Thank you for calling Salon Bella!" },
    ],
  },
  {
    when: { daysAgo: 3, at: "18:55" },
    from: "+420606444555",
    city: "Kladno",
    duration: 133,
    model: 0.0291,
    summary: () => ({
      text: "Stížnost na barvení z minulého týdne: výsledek se volajícímu nelíbí a chce to probrat s někým ze salonu. Asistent hovor přepojil na salon.",
      followUp: "Nespokojenost s barvením. Ověřte, že si přepojený hovor někdo převzal, a nabídněte opravu barvy.",
    }),
    items: () => [
      GREETING,
      { say: "user", text: "Hello. I had my hair coloured last week and I'm not happy with the result. I'd like to speak to someone at the salon." },
      { say: "assistant", text: "I'm sorry to hear that. I'll put you through to a colleague at the salon right away, please stay on the line." },
      { fn: "transfer_to_human", args: { reason: "Unhappy with a colour treatment last week" }, result: { transferred: true } },
    ],
  },
  {
    when: { daysAgo: 3, at: "10:30" },
    from: "browser",
    duration: 45,
    summary: (d) => ({
      text: `Zkušební hovor: dotaz na pánský střih ${d.czechDay(1)} v 17:00. Asistent našel volný termín u Tomáše, šlo ale jen o zkoušku, a tak se nic nerezervovalo.`,
      outcome: "no_action",
    }),
    model: 0.0121,
    realtimeModel: "gpt-realtime-2.1-mini",
    deletedAssistant: true,
    items: (d) => [
      { say: "assistant", text: "Good evening, Salon Bella. How can I help?" },
      { say: "user", text: "Can I book a men's haircut for tomorrow at 5 pm?" },
      {
        fn: "find_free_slots",
        args: { date: d.date(1), services: ["Pánský střih"] },
        result: { date: d.date(1), requested_date_full: false, duration_minutes: 30, slots: [{ start: "17:00", stylist: "Tomáš Dvořák" }, { start: "17:30", stylist: "Tomáš Dvořák" }] },
      },
      { say: "assistant", text: "Tomorrow at 5 pm Tomáš is free. May I have your name?" },
      { say: "user", text: "This is just a test, thank you." },
      { say: "assistant", text: "Of course! Call any time." },
    ],
  },
  {
    when: { daysAgo: 4, at: "14:02" },
    from: "+420722888999",
    city: "Praha",
    duration: 156,
    model: 0.0347,
    summary: (d) => ({
      text: `Anna Dvořáková si přesunula barvení u Petry ${d.czechDay(2)} z 10:00 na 15:30. Nic dalšího nepotřebovala.`,
    }),
    items: (d) => {
      const caller = { customer_name: "Anna Dvořáková", customer_phone: "+420722888999" };
      const appointment = { appointment_id: "3b8d2f60-91c4-4e2a-8f57-6a0c1d9e4b27", services: ["Barvení"], stylist: "Petra Svobodová" };
      return [
        GREETING,
        { say: "user", text: `Hi, it's Anna Dvořáková. Could I move my colouring on ${d.weekday(2)} to a bit later in the day?` },
        { fn: "find_appointments", args: caller, result: { appointments: [{ ...appointment, start: `${d.date(2)} 10:00` }] } },
        {
          fn: "find_free_slots",
          args: { date: d.date(2), services: ["Barvení"], stylist: "Petra Svobodová" },
          result: { date: d.date(2), requested_date_full: false, duration_minutes: 90, slots: [{ start: "14:00", stylist: "Petra Svobodová" }, { start: "15:30", stylist: "Petra Svobodová" }] },
        },
        { say: "assistant", text: `Petra could do 2 pm or half past three on ${d.weekday(2)}. Which would you like?` },
        { say: "user", text: "Half past three, please." },
        {
          fn: "reschedule_appointment",
          args: { ...caller, appointment_id: appointment.appointment_id, new_start: `${d.date(2)} 15:30` },
          result: { rescheduled: true, previous_start: `${d.date(2)} 10:00`, ...appointment, start: `${d.date(2)} 15:30` },
        },
        { say: "assistant", text: `All set: your colouring with Petra is now on ${d.weekday(2)} at half past three. Anything else?` },
        { say: "user", text: "That's everything, thanks a lot." },
        { say: "assistant", text: "You're welcome, Anna. Goodbye!" },
      ];
    },
  },
  {
    when: { daysAgo: 5, at: "12:47" },
    from: "+420723999000",
    city: "Brno",
    duration: 58,
    model: 0.0139,
    summary: () => ({
      text: "Dotaz, kde salon sídlí a jestli je poblíž parkování. Asistent uvedl adresu Vinohradská 12, o parkování ale informace neměl.",
      outcome: "question_answered",
    }),
    items: () => [
      GREETING,
      { say: "user", text: "Hi, where exactly are you, and is there parking nearby?" },
      { fn: "get_salon_details", args: {}, result: { name: "Salon Bella", address: "Vinohradská 12, 120 00 Praha, Czechia" } },
      {
        say: "assistant",
        text: "We're at Vinohradská 12 in Prague. I'm afraid I don't have any information about parking, but I can ask the salon to call you back about it.",
      },
      { say: "user", text: "That's fine, I'll manage. Thanks." },
      { say: "assistant", text: "Thank you for calling. Goodbye!" },
    ],
  },
  {
    when: { daysAgo: 5, at: "09:03" },
    from: "+420724000111",
    city: "Liberec",
    duration: 41,
    model: 0.0102,
    summary: (d) => ({
      text: `Ondřej Kučera chtěl pánský střih u Tomáše ${d.czechDay(1)} v 9:00. Hovor skončil uprostřed rezervace, takže termín potvrzený není.`,
      followUp: `Rezervace se nedokončila: zavolejte mu a potvrďte termín ${d.czechDay(1)} v 9:00.`,
    }),
    items: (d) => [
      GREETING,
      { say: "user", text: "Hi, have you got a men's haircut tomorrow at nine?" },
      {
        fn: "find_free_slots",
        args: { date: d.date(1), services: ["Pánský střih"] },
        result: { date: d.date(1), requested_date_full: false, duration_minutes: 30, slots: [{ start: "09:00", stylist: "Tomáš Dvořák" }, { start: "10:30", stylist: "Jana Nováková" }] },
      },
      { say: "assistant", text: "Yes, Tomáš is free tomorrow at 9. May I have your name?" },
      { say: "user", text: "Ondřej Kučera." },
      // The caller hung up while the booking was being made.
      {
        fn: "book_appointment",
        args: { customer_name: "Ondřej Kučera", customer_phone: "+420724000111", services: ["Pánský střih"], start: `${d.date(1)} 09:00`, stylist: "Tomáš Dvořák" },
        status: "attempted",
      },
    ],
  },
  {
    when: { daysAgo: 6, at: "17:15" },
    from: "+420725121212",
    city: "Praha",
    duration: 139,
    model: 0.0318,
    summary: (d) => ({
      text: `Barbora Šťastná si objednala foukanou u Tomáše ${d.czechDay(1)} v 16:30. Asistent jí řekl cenu 450 Kč.`,
    }),
    items: (d) => [
      GREETING,
      { say: "user", text: `Hello, I'd like a blow-dry on ${d.weekday(1)}, any time after 3.` },
      {
        fn: "find_free_slots",
        args: { date: d.date(1), services: ["Foukaná"] },
        result: { date: d.date(1), requested_date_full: false, duration_minutes: 30, slots: [{ start: "15:30", stylist: "Jana Nováková" }, { start: "16:30", stylist: "Tomáš Dvořák" }] },
      },
      { say: "assistant", text: "There's half past three with Jana or half past four with Tomáš. Which do you prefer?" },
      { say: "user", text: "Half past four. I'm Barbora Šťastná." },
      { say: "assistant", text: `Thank you, Barbora. A blow-dry with Tomáš on ${d.weekday(1)} at half past four, for the number you're calling from. Shall I book it?` },
      { say: "user", text: "Yes, please." },
      {
        fn: "book_appointment",
        args: { customer_name: "Barbora Šťastná", customer_phone: "+420725121212", services: ["Foukaná"], start: `${d.date(1)} 16:30`, stylist: "Tomáš Dvořák" },
        result: { booked: true, start: `${d.date(1)} 16:30`, end: `${d.date(1)} 17:00`, stylist: "Tomáš Dvořák", services: ["Foukaná"] },
      },
      { say: "assistant", text: "You're booked. The blow-dry is 450 crowns. See you then!" },
      { say: "user", text: "Great, thank you. Bye." },
    ],
  },
  {
    when: { daysAgo: 6, at: "08:40" },
    from: "browser",
    duration: 38,
    model: 0.0098,
    realtimeModel: "gpt-realtime",
    summary: () => ({
      text: "Zkušební hovor s dotazem na keratinové ošetření. Asistent vysvětlil, že ho salon nenabízí, a vyjmenoval střihy, barvení, balayage a foukanou.",
      outcome: "question_answered",
    }),
    items: () => [
      GREETING,
      { say: "user", text: "Testing: do you do keratin treatments?" },
      {
        say: "assistant",
        text: "I'm sorry, keratin treatments aren't on our list of services. We offer haircuts, colouring, balayage and blow-drys. Would you like to book one of those?",
      },
      { say: "user", text: "No, just testing. Bye." },
      { say: "assistant", text: "Goodbye!" },
    ],
  },
];

const pad = (value: number) => String(value).padStart(2, "0");

/** The language of the caller's last words that tell one, as a live call records it. */
const callerLanguage = (items: Item[]) =>
  items
    .map((item) => ("say" in item && item.say === "user" ? spokenLanguage(item.text) : null))
    .filter((language) => language !== null)
    .at(-1) ?? null;

/** "v" or "ve" and the weekday as a Czech date names it, Monday first. */
const CZECH_WEEKDAYS = ["v pondělí", "v úterý", "ve středu", "ve čtvrtek", "v pátek", "v sobotu", "v neděli"];

/** The dates a call started at `started` mentions, on the salon's calendar. */
function dayWords(started: Date, timeZone: string): DayWords {
  const callDay = wallTime(started, timeZone);
  const callDate = Date.UTC(callDay.year, callDay.month - 1, callDay.day);
  const dayAfter = (offset: number) => new Date(callDate + offset * DAY_MS);
  const weekdayOfCall = (new Date(callDate).getUTCDay() + 6) % 7; // 0 = Monday
  return {
    date: (offset) => {
      const date = dayAfter(offset);
      return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    },
    weekday: (offset) => new Intl.DateTimeFormat("en", { weekday: "long", timeZone: "UTC" }).format(dayAfter(offset)),
    toSaturday: ((5 - weekdayOfCall + 7) % 7) || 7,
    czechDay: (offset) => {
      const date = dayAfter(offset);
      return `${CZECH_WEEKDAYS[(date.getUTCDay() + 6) % 7]} ${date.getUTCDate()}. ${date.getUTCMonth() + 1}.`;
    },
  };
}

/** The demo salon's recorded calls over the last week, with their conversations. */
export async function seedCalls(tx: TransactionSql, ownerEmail: string) {
  const [salon] = await tx<(InstructionsData["salon"] & { id: string; time_zone: string; business_hours: BusinessHours })[]>`
    select s.id, s.name, s.address, s.postal_code, s.city, s.state, s.country, s.business_hours, s.transfer_phone_number, s.time_zone, s.currency
    from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  const [assistant] = await tx<{ id: string; name: string; system_prompt: string }[]>`
    select id, name, system_prompt from assistant_configs where salon_id = ${salon.id} order by created_at limit 1`;
  const services = await tx<InstructionsData["services"]>`
    select name, duration, price::float8 as price, min_price::float8 as min_price, max_price::float8 as max_price
    from services where salon_id = ${salon.id} order by name`;
  const instructions = assistant ? renderInstructions(assistant.system_prompt, { language: "en", salon, services }) : null;

  const today = wallTime(new Date(), salon.time_zone);
  for (const call of CALLS) {
    let started: Date;
    if ("minutesAgo" in call.when) {
      started = new Date(Date.now() - call.when.minutesAgo * 60_000);
    } else {
      const day = new Date(Date.UTC(today.year, today.month - 1, today.day) - call.when.daysAgo * DAY_MS);
      const [hour, minute] = call.when.at.split(":").map(Number);
      started = zonedInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: hour!, minute: minute! }, salon.time_zone);
    }
    const words = dayWords(started, salon.time_zone);

    const browser = call.from === "browser";
    const items = call.items(words);
    const [row] = await tx<{ id: string }[]>`
      insert into calls (salon_id, assistant_config_id, assistant_name, direction, from_number, to_number, call_started_at, call_ended_at,
                         call_duration, call_status, caller_city, caller_country, model_cost, telephony_cost, instructions,
                         model, language, eur_per_usd)
      values (${salon.id}, ${call.deletedAssistant ? null : (assistant?.id ?? null)}, ${call.deletedAssistant ? null : (assistant?.name ?? null)},
              'inbound', ${call.from}, ${browser ? null : SALON_LINE}, ${started}, ${new Date(started.getTime() + call.duration * 1000)},
              ${call.duration}, 'in-progress', ${call.city ?? null}, ${browser ? null : (call.country ?? "CZ")},
              ${call.model}, ${browser || call.missed ? null : Math.round((Math.ceil(call.duration / 60) * LINE_PER_MINUTE) * 10_000) / 10_000},
              ${call.missed ? null : call.deletedAssistant ? EVENING_LINE_PROMPT : instructions},
              ${call.missed ? null : (call.realtimeModel ?? DEFAULT_MODEL)}, ${callerLanguage(items)}, ${call.missed ? null : DEFAULT_PER_USD.EUR})
      returning id`;
    for (const [position, item] of items.entries()) {
      const at = new Date(started.getTime() + Math.round(((position + 0.5) / items.length) * call.duration * 1000));
      if ("say" in item) {
        await tx`insert into call_items (call_id, salon_id, position, item_type, role, content, is_truncated, created_at)
                 values (${row!.id}, ${salon.id}, ${position}, 'conversation', ${item.say}, ${item.text}, ${item.truncated ?? false}, ${at})`;
      } else {
        const status = item.status ?? "successful";
        await tx`insert into call_items (call_id, salon_id, position, item_type, function_name, status, arguments, result, error, created_at)
                 values (${row!.id}, ${salon.id}, ${position}, 'function_call', ${item.fn}, ${status}, ${JSON.stringify(item.args)},
                         ${item.result === undefined ? null : JSON.stringify(item.result)}, ${item.error ?? null}, ${at})`;
      }
    }
    // Ended once its conversation is recorded, as a live call is, so its outcome is read from what its tools did.
    await tx`update calls set call_status = ${call.missed ? "no-answer" : "completed"} where id = ${row!.id}`;
  }
}

/**
 * The summaries of the demo salon's calls, as the summary's writer leaves them once a call has
 * ended. A call is known by its number and length, which its summary does not change, so the
 * calls of a database seeded before summaries existed get theirs too.
 */
export async function summariseCalls(tx: TransactionSql, ownerEmail: string) {
  const [salon] = await tx<{ id: string; time_zone: string }[]>`
    select s.id, s.time_zone from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  for (const call of CALLS) {
    if (!call.summary) continue;
    const rows = await tx<{ id: string; call_started_at: Date }[]>`
      select id, call_started_at from calls
      where salon_id = ${salon.id} and from_number = ${call.from} and call_duration = ${call.duration} and summary_state <> 'done'`;
    for (const row of rows) {
      const summary = call.summary(dayWords(row.call_started_at, salon.time_zone));
      await tx`update calls set summary = ${summary.text}, follow_up = ${summary.followUp !== undefined}, follow_up_reason = ${summary.followUp ?? null},
                 summary_state = 'done', outcome = coalesce(outcome, ${summary.outcome ?? null})
               where id = ${row.id}`;
    }
  }
}
