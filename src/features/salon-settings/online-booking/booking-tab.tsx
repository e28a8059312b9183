import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  BOOKING_HORIZON_DAYS,
  BOOKING_NOTICE_MINUTES,
  BOOKING_SLOT_STEPS,
  bookingSettingsSchema,
  type BookingSettings,
} from "../../../../contract/booking-page.ts";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/form-field.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { failedSaveText } from "../../../lib/form-errors.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useServices } from "../../../lib/salon-data/services.ts";
import { useStylists } from "../../../lib/salon-data/stylists.ts";
import { useBookingSettings, useSaveBookingSettings } from "./booking-page.ts";
import { bookingPagePrefix, suggestSlug } from "./booking-page-address.ts";
import { MINUTES_PER_DAY, span } from "../time-span.ts";
import { BookingOfferList } from "./booking-offer-list.tsx";
import { BookingShare } from "./booking-share.tsx";
import { BookingWaitlistNote } from "./booking-waitlist-note.tsx";
import { SettingsSection } from "../components/settings-section.tsx";
import { SettingsSwitch } from "../components/settings-switch.tsx";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";

type BookingDraft = Omit<BookingSettings, "slug"> & { slug: string };

/** Salon Settings → Online booking: the salon's public booking page, what it offers and where to find it. */
export function BookingTab() {
  const settings = useBookingSettings();
  const salon = useSalon();
  // The salon's name only suggests an address, so a failure to read it leaves the address blank.
  return (
    <SettingsTabLoad
      query={settings}
      waiting={salon.isPending}
      texts={{ toast: "salonSettings.booking.loadFailed", failed: "salonSettings.booking.loadFailed", loading: "salonSettings.booking.loading" }}
    >
      {(data) => <BookingForm settings={data} salonName={salon.data?.name ?? ""} />}
    </SettingsTabLoad>
  );
}

function BookingForm({ settings, salonName }: { settings: BookingSettings; salonName: string }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const save = useSaveBookingSettings();
  const services = useServices();
  const stylists = useStylists();
  const ids = useId();
  const form = useDashboardForm({
    loaded: { ...settings, slug: settings.slug ?? suggestSlug(salonName) } satisfies BookingDraft,
    check: (draft) => checkWith(bookingSettingsSchema, draft, intl),
    save: (body) => save.mutateAsync(body),
    savedText: intl.formatMessage({ id: "salonSettings.booking.saved" }),
    failedText: (error) => failedSaveText(intl, error, { plain: "salonSettings.booking.saveFailed", withDetail: "salonSettings.booking.saveFailedDetail" }),
    // The address as saved: trimmed and in lower case.
    onSaved: (saved) => form.change({ slug: saved.slug ?? "" }),
  });
  const { draft, errors, busy } = form;
  const prefix = bookingPagePrefix(window.location.origin, language);

  const select = <Name extends "min_notice_minutes" | "horizon_days" | "slot_step">(
    name: Name,
    options: readonly BookingSettings[Name][],
    words: (value: BookingSettings[Name]) => string,
  ) => (
    <Field label={intl.formatMessage({ id: `salonSettings.booking.${name}` })} hint={intl.formatMessage({ id: `salonSettings.booking.${name}Hint` })} error={errors[name]}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={String(draft[name])}
          disabled={busy}
          onChange={(event) => form.change({ [name]: Number(event.target.value) } as Partial<BookingDraft>, name)}
        >
          {options.map((value) => (
            <option key={value} value={value}>
              {words(value)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <div className="space-y-6">
      <form {...form.formProps} className="space-y-6" aria-label={intl.formatMessage({ id: "salonSettings.tabs.booking" })}>
        <SettingsSection title="salonSettings.booking.page" description="salonSettings.booking.pageHint">
          <div className="space-y-5">
            <SettingsSwitch
              label={<FormattedMessage id="salonSettings.booking.enabled" />}
              hint={<FormattedMessage id={draft.enabled ? "salonSettings.booking.enabledOn" : "salonSettings.booking.enabledOff"} />}
              checked={draft.enabled}
              disabled={busy}
              onChange={(enabled) => form.change({ enabled }, "enabled", "slug")}
            />
            <Field
              label={intl.formatMessage({ id: "salonSettings.booking.slug" })}
              hint={intl.formatMessage({ id: "salonSettings.booking.slugHint" })}
              error={errors.slug}
            >
              {(control) => (
                <div className="flex flex-col sm:flex-row sm:items-stretch">
                  <span
                    id={`${ids}-prefix`}
                    dir="ltr"
                    className="rounded-t-lg border border-b-0 border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-xs [overflow-wrap:anywhere] text-slate-600 sm:flex sm:flex-none sm:items-center sm:rounded-l-lg sm:rounded-tr-none sm:border-r-0 sm:border-b sm:py-0 sm:text-sm sm:whitespace-nowrap"
                  >
                    {prefix}
                  </span>
                  <input
                    {...control}
                    aria-describedby={`${ids}-prefix ${control["aria-describedby"] ?? ""}`.trim()}
                    className={`${control.className} rounded-t-none font-mono sm:rounded-l-none sm:rounded-tr-lg`}
                    name="slug"
                    type="text"
                    dir="ltr"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={40}
                    value={draft.slug}
                    disabled={busy}
                    onChange={(event) => form.change({ slug: event.target.value }, "slug")}
                  />
                </div>
              )}
            </Field>
          </div>
        </SettingsSection>
        <SettingsSection title="salonSettings.booking.times">
          <div className="grid gap-4 sm:grid-cols-3">
            {select("min_notice_minutes", BOOKING_NOTICE_MINUTES, (minutes) =>
              minutes === 0 ? intl.formatMessage({ id: "salonSettings.booking.noNotice" }) : span(intl, minutes),
            )}
            {select("horizon_days", BOOKING_HORIZON_DAYS, (days) => span(intl, days * MINUTES_PER_DAY))}
            {select("slot_step", BOOKING_SLOT_STEPS, (minutes) => span(intl, minutes))}
          </div>
          <div className="mt-4">
            <BookingWaitlistNote />
          </div>
        </SettingsSection>
        <SettingsSection title="salonSettings.booking.offer">
          <div className="space-y-6">
            <BookingOfferList
              legend="salonSettings.booking.services"
              hint="salonSettings.booking.servicesHint"
              items={(services.data ?? []).map((service) => ({
                id: service.id,
                name: service.name,
                detail: intl.formatNumber(service.duration, { style: "unit", unit: "minute", unitDisplay: "short" }),
              }))}
              offline={draft.offline_services}
              disabled={busy}
              onChange={(offline) => form.change({ offline_services: offline }, "offline_services")}
            />
            <BookingOfferList
              legend="salonSettings.booking.stylists"
              hint="salonSettings.booking.stylistsHint"
              items={(stylists.data ?? [])
                .filter((stylist) => stylist.is_active)
                .map((stylist) => ({ id: stylist.id, name: `${stylist.first_name} ${stylist.last_name}` }))}
              offline={draft.offline_stylists}
              disabled={busy}
              onChange={(offline) => form.change({ offline_stylists: offline }, "offline_stylists")}
            />
          </div>
        </SettingsSection>
        <div className="flex justify-end">
          <Button type="submit" busy={busy} className="w-full sm:w-auto">
            <FormattedMessage id={busy ? "salonSettings.salon.saving" : "salonSettings.salon.save"} />
          </Button>
        </div>
      </form>
      {settings.slug && <BookingShare slug={settings.slug} enabled={settings.enabled} salonName={salonName} />}
    </div>
  );
}
