import { useMemo, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { composeMessage, salonFacts, type VisitFacts } from "../../../../contract/client-message-texts.ts";
import { MESSAGE_KINDS, type MessageKind } from "../../../../contract/client-messages.ts";
import { LANGUAGES, NATIVE_NAMES, type Language } from "../../../../contract/languages.ts";
import { DAY_MS, wallTime, zonedInstant } from "../../../../contract/time-zone.ts";
import type { Salon, Service, Stylist } from "../../../../contract/salon.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useServices } from "../../../lib/salon-data/services.ts";
import { useStylists } from "../../../lib/salon-data/stylists.ts";
import { smsSize } from "./sms-segments.ts";
import { SettingsSection } from "../components/settings-section.tsx";

/** A first name for the sample client, as a client of each language might be called. */
const SAMPLE_CLIENT: Record<Language, string> = { en: "Emma", de: "Lena", cs: "Tereza" };

/** A token as long as a real link's (32 bytes in base64url), so the preview counts an SMS's characters right. */
const SAMPLE_TOKEN = "Q2xpZW50LWxpbmstc2FtcGxlLXRva2VuLTMyLWJ5dGU";

/** Links as clients get them, to the sample's own pages. */
const sampleLinks = (kind: MessageKind, language: Language, email: boolean) => {
  const origin = window.location.origin;
  return {
    manage: kind === "cancelled" ? null : `${origin}/${language}/visit/${SAMPLE_TOKEN}`,
    unsubscribe: email ? `${origin}/${language}/unsubscribe/${SAMPLE_TOKEN}` : null,
  };
};

/** The salon's real details and a sample visit tomorrow at ten, with its first service and stylist when it has them. */
function sampleFacts(salon: Salon, services: Service[] | undefined, stylists: Stylist[] | undefined, start: Date, fallback: { service: string; stylist: string }) {
  const stylist = stylists?.find((one) => one.is_active);
  return {
    ...salonFacts(salon),
    services: [services?.[0]?.name ?? fallback.service],
    stylist: stylist ? `${stylist.first_name} ${stylist.last_name}` : fallback.stylist,
    start: start.toISOString(),
  } satisfies Omit<VisitFacts, "clientName">;
}

/**
 * Every message clients can get, each by SMS and by email, in any of the languages clients
 * are written to in (chosen here, apart from the interface's), composed as the Worker composes
 * them from the salon's own name, address and phone.
 */
export function MessagePreviews({ smsCanReply }: { smsCanReply: boolean }) {
  const intl = useIntl();
  const { language: interfaceLanguage } = useLanguage();
  const salon = useSalon();
  const services = useServices();
  const stylists = useStylists();
  const [language, setLanguage] = useState<Language>(interfaceLanguage);
  const [kind, setKind] = useState<MessageKind>("booked");
  const [now] = useState(Date.now);
  const timeZone = salon.data?.time_zone;
  const start = useMemo(() => {
    if (!timeZone) return null;
    const tomorrow = wallTime(new Date(now + DAY_MS), timeZone);
    return zonedInstant({ ...tomorrow, hour: 10, minute: 0 }, timeZone);
  }, [now, timeZone]);

  if (!salon.data || !start) return null;
  const facts: VisitFacts = {
    ...sampleFacts(salon.data, services.data, stylists.data, start, {
      service: intl.formatMessage({ id: "salonSettings.messages.preview.sampleService" }),
      stylist: intl.formatMessage({ id: "salonSettings.messages.preview.sampleStylist" }),
    }),
    clientName: SAMPLE_CLIENT[language],
  };
  const sms = composeMessage(kind, "sms", language, facts, sampleLinks(kind, language, false), { smsCanReply });
  const email = composeMessage(kind, "email", language, facts, sampleLinks(kind, language, true));

  return (
    <SettingsSection title="salonSettings.messages.preview.title" description="salonSettings.messages.preview.hint">
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <Choice
          label={intl.formatMessage({ id: "salonSettings.messages.preview.language" })}
          options={LANGUAGES}
          value={language}
          onChange={setLanguage}
          title={(value) => <span lang={value}>{NATIVE_NAMES[value]}</span>}
        />
        <Choice
          label={intl.formatMessage({ id: "salonSettings.messages.preview.kind" })}
          options={MESSAGE_KINDS}
          value={kind}
          onChange={setKind}
          title={(value) => <FormattedMessage id={`clientMessages.kind.${value}`} />}
        />
      </div>
      <div className="mt-5 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SmsPreview text={sms.text} language={language} />
        <EmailPreview subject={email.subject ?? ""} html={email.html ?? ""} />
      </div>
    </SettingsSection>
  );
}

/** A row of buttons of which one is pressed, named as a group. */
function Choice<T extends string>({ label, options, value, onChange, title }: { label: string; options: readonly T[]; value: T; onChange: (value: T) => void; title: (value: T) => ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="text-sm font-medium text-slate-700">
        {label}
      </span>
      {/* Separate pills rather than one joined bar, so a phone's narrow row wraps them cleanly. */}
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={`rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
              value === option ? "border-brand-600 bg-brand-600 font-semibold text-white" : "border-slate-300 font-medium text-slate-700 hover:bg-slate-50"
            }`}
          >
            {title(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

function SmsPreview({ text, language }: { text: string; language: Language }) {
  const size = smsSize(text);
  return (
    <figure data-testid="sms-preview">
      <figcaption className="text-sm font-medium text-slate-700">
        <FormattedMessage id="clientMessages.channel.sms" />
      </figcaption>
      <div className="mt-2 rounded-3xl border border-slate-200 bg-slate-100 p-4">
        <p lang={language} className="max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm wrap-anywhere whitespace-pre-wrap text-slate-900 shadow-sm">
          {text}
        </p>
      </div>
      <p className="mt-2 text-xs text-slate-600" data-testid="sms-size">
        <FormattedMessage
          id={size.encoding === "gsm7" ? "salonSettings.messages.preview.sizeGsm" : "salonSettings.messages.preview.sizeUnicode"}
          values={{ characters: size.characters, segments: size.segments, single: size.single, part: size.part }}
        />
      </p>
    </figure>
  );
}

function EmailPreview({ subject, html }: { subject: string; html: string }) {
  const intl = useIntl();
  return (
    <figure data-testid="email-preview">
      <figcaption className="text-sm font-medium text-slate-700">
        <FormattedMessage id="clientMessages.channel.email" />
      </figcaption>
      <div className="mt-2 overflow-hidden rounded-xl border border-slate-200">
        <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-900">
          <span className="text-slate-600">
            <FormattedMessage id="salonSettings.messages.preview.subject" />{" "}
          </span>
          <span className="font-semibold" data-testid="email-subject">
            {subject}
          </span>
        </p>
        {/* The email's own HTML, kept in a frame that runs no script and reaches nothing of the page. */}
        <iframe title={intl.formatMessage({ id: "salonSettings.messages.preview.emailFrame" })} sandbox="" srcDoc={html} className="h-[30rem] w-full bg-white" />
      </div>
    </figure>
  );
}
