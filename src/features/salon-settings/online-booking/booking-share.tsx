import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { LANGUAGES, NATIVE_NAMES, type Language } from "../../../../contract/languages.ts";
import { buttonClass } from "../../../components/button.tsx";
import { controlClass } from "../../../components/form-field.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { bookingPageUrl, embedSnippet } from "./booking-page-address.ts";
import { CopyButton } from "../components/booking-copy-button.tsx";
import { BookingQrCode } from "./booking-qr-code.tsx";
import { SettingsSection } from "../components/settings-section.tsx";

interface BookingShareProps {
  /** The saved address, not the one being typed. */
  slug: string;
  enabled: boolean;
  salonName: string;
}

/** Where clients find the saved page: its link in a chosen language, a QR code of it, and the markup that embeds it in a website. */
export function BookingShare({ slug, enabled, salonName }: BookingShareProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const [pageLanguage, setPageLanguage] = useState<Language>(language);
  const ids = useId();
  const url = bookingPageUrl(window.location.origin, pageLanguage, slug);
  const snippet = embedSnippet(url, intl.formatMessage({ id: "salonSettings.booking.embedTitle" }, { salon: salonName }));

  return (
    <SettingsSection title="salonSettings.booking.share" description="salonSettings.booking.shareHint">
      <div className="space-y-6">
        {!enabled && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <FormattedMessage id="salonSettings.booking.closedNote" />
          </p>
        )}
        <div className="space-y-2">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h3 className="text-sm font-medium text-slate-700">
              <FormattedMessage id="salonSettings.booking.link" />
            </h3>
            <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-700">
              <FormattedMessage id="salonSettings.booking.pageLanguage" />
              <select
                value={pageLanguage}
                onChange={(event) => setPageLanguage(event.target.value as Language)}
                className={`${controlClass(false, true)} w-auto`}
              >
                {LANGUAGES.map((option) => (
                  <option key={option} value={option} lang={option}>
                    {NATIVE_NAMES[option]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm [overflow-wrap:anywhere] text-slate-900">
            <span data-testid="booking-link">{url}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={url} label={intl.formatMessage({ id: "salonSettings.booking.copyLink" })} />
            <a href={url} target="_blank" rel="noopener" className={buttonClass({ variant: "secondary", size: "sm" })}>
              <FormattedMessage id="salonSettings.booking.open" />
              <span className="sr-only">
                {" "}
                <FormattedMessage id="salonSettings.booking.newTab" />
              </span>
            </a>
          </div>
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-slate-700">
            <FormattedMessage id="salonSettings.booking.qr" />
          </h3>
          <p className="text-sm text-slate-600">
            <FormattedMessage id="salonSettings.booking.qrHint" />
          </p>
          <BookingQrCode url={url} fileName={`${slug}-${pageLanguage}-qr`} />
        </div>
        <div className="space-y-2">
          <h3 id={`${ids}-embed`} className="text-sm font-medium text-slate-700">
            <FormattedMessage id="salonSettings.booking.embed" />
          </h3>
          <p id={`${ids}-embed-hint`} className="text-sm text-slate-600">
            <FormattedMessage id="salonSettings.booking.embedHint" />
          </p>
          <textarea
            readOnly
            rows={4}
            value={snippet}
            aria-labelledby={`${ids}-embed`}
            aria-describedby={`${ids}-embed-hint`}
            onFocus={(event) => event.target.select()}
            className={`${controlClass(false, true)} font-mono text-xs`}
          />
          <CopyButton text={snippet} label={intl.formatMessage({ id: "salonSettings.booking.copyEmbed" })} />
        </div>
      </div>
    </SettingsSection>
  );
}
