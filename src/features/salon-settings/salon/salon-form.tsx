import type { ChangeEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Currency } from "../../../../contract/currency.ts";
import { countryOf, salonCountry } from "../../../../contract/phone.ts";
import { salonSchema, type Salon, type TranscriptRetention, type Weekday } from "../../../../contract/salon.ts";
import { useSalon, useSaveSalon } from "../../../lib/salon-data/salon.ts";
import { SalonBusinessHours, fromHoursDraft, toHoursDraft, type DayDraft, type HoursDraft } from "./salon-business-hours.tsx";
import { SalonCurrencySelect } from "./salon-currency-select.tsx";
import { SalonTimeZoneSelect } from "./salon-time-zone-select.tsx";
import { SettingsSection } from "../components/settings-section.tsx";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";
import { TranscriptRetentionSelect } from "./transcript-retention-select.tsx";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/form-field.tsx";
import { failedSaveText } from "../../../lib/form-errors.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";

interface TextFieldSpec {
  label: string;
  maxLength: number;
  type?: "email" | "tel" | "url";
  autoComplete?: string;
}

// Lengths match salonSchema, so typing stops where the server would refuse.
const TEXT_FIELDS = {
  name: { label: "salonSettings.salon.name", maxLength: 120, autoComplete: "organization" },
  email: { label: "salonSettings.salon.email", maxLength: 254, type: "email", autoComplete: "email" },
  phone: { label: "salonSettings.salon.phone", maxLength: 32, type: "tel", autoComplete: "tel" },
  website: { label: "salonSettings.salon.website", maxLength: 200, type: "url", autoComplete: "url" },
  address: { label: "salonSettings.salon.address", maxLength: 200, autoComplete: "street-address" },
  city: { label: "salonSettings.salon.city", maxLength: 100, autoComplete: "address-level2" },
  state: { label: "salonSettings.salon.state", maxLength: 100, autoComplete: "address-level1" },
  postal_code: { label: "salonSettings.salon.postalCode", maxLength: 20, autoComplete: "postal-code" },
  country: { label: "salonSettings.salon.country", maxLength: 100, autoComplete: "country-name" },
  transfer_phone_number: { label: "salonSettings.salon.transferPhone", maxLength: 32, type: "tel", autoComplete: "off" },
  description: { label: "salonSettings.salon.description", maxLength: 2000 },
} satisfies Record<string, TextFieldSpec>;

type TextField = keyof typeof TEXT_FIELDS;
type SalonDraft = Record<TextField, string> & { time_zone: string; currency: Currency; transcript_retention_days: TranscriptRetention; hours: HoursDraft };

const toDraft = (salon: Salon): SalonDraft => ({
  ...(Object.fromEntries(Object.keys(TEXT_FIELDS).map((field) => [field, salon[field as TextField] ?? ""])) as Record<TextField, string>),
  time_zone: salon.time_zone,
  currency: salon.currency,
  transcript_retention_days: salon.transcript_retention_days,
  hours: toHoursDraft(salon.business_hours),
});

/** The Salon Information tab: loads the salon, then shows its form. */
export function SalonForm() {
  const salon = useSalon();
  return (
    <SettingsTabLoad query={salon} texts={{ toast: "salonSettings.toast.loadFailed", failed: "salonSettings.salon.loadFailed", loading: "salonSettings.salon.loading" }}>
      {(data) => <SalonFormFields salon={data} />}
    </SettingsTabLoad>
  );
}

function SalonFormFields({ salon }: { salon: Salon }) {
  const intl = useIntl();
  const save = useSaveSalon();
  const form = useDashboardForm({
    loaded: toDraft(salon),
    check: ({ hours, ...text }) =>
      checkWith(salonSchema, { ...text, business_hours: fromHoursDraft(hours), special_dates: salon.special_dates }, intl),
    save: (body) => save.mutateAsync(body),
    savedText: intl.formatMessage({ id: "salonSettings.toast.saved" }),
    failedText: (error) => failedSaveText(intl, error, { plain: "salonSettings.toast.saveFailed", withDetail: "salonSettings.toast.saveFailedDetail" }),
  });
  const { draft, errors, busy: saving } = form;

  const changeDay = (day: Weekday, change: Partial<DayDraft>) =>
    form.change(
      { hours: { ...draft.hours, [`${day}`]: { ...draft.hours[`${day}`], ...change } } },
      `business_hours.${day}.open`,
      `business_hours.${day}.close`,
    );

  /** A text input, or a textarea of `rows` rows. */
  const field = (name: TextField, { rows, ...props }: { className?: string; rows?: number; tip?: string; hideLabel?: boolean } = {}) => {
    const spec: TextFieldSpec = TEXT_FIELDS[name];
    return (
      <Field label={intl.formatMessage({ id: spec.label })} error={errors[name]} required={name === "name"} {...props}>
        {(control) => {
          const input = {
            ...control,
            name,
            value: draft[name],
            disabled: saving,
            maxLength: spec.maxLength,
            onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.change({ [name]: event.target.value }, name),
          };
          return rows ? <textarea {...input} rows={rows} /> : <input {...input} type={spec.type ?? "text"} autoComplete={spec.autoComplete} />;
        }}
      </Field>
    );
  };

  return (
    <form {...form.formProps} className="space-y-6">
      <p className="text-sm text-slate-600">
        <FormattedMessage id="salonSettings.salon.requiredNote" />
      </p>
      <SettingsSection title="salonSettings.section.basic" description="salonSettings.section.basicHint">
        <div className="grid gap-4 sm:grid-cols-2">
          {field("name")}
          {field("email")}
          {field("phone")}
          {field("website")}
        </div>
      </SettingsSection>
      <SettingsSection title="salonSettings.section.address" description="salonSettings.section.addressHint">
        <div className="grid gap-4 sm:grid-cols-2">
          {field("address", { className: "sm:col-span-2" })}
          {field("city")}
          {field("state")}
          {field("postal_code")}
          {field("country")}
          <SalonCurrencySelect
            value={draft.currency}
            onChange={(value) => form.change({ currency: value }, "currency")}
            country={countryOf(draft.country)}
            error={errors.currency}
            disabled={saving}
          />
        </div>
      </SettingsSection>
      <SettingsSection title="salonSettings.section.transfer">
        <div className="grid gap-4 sm:grid-cols-2">{field("transfer_phone_number", { tip: intl.formatMessage({ id: "salonSettings.salon.transferTip" }) })}</div>
      </SettingsSection>
      <SettingsSection title="salonSettings.section.hours" description="salonSettings.section.hoursHint">
        <div className="grid gap-4 sm:grid-cols-2">
          <SalonTimeZoneSelect
            value={draft.time_zone}
            onChange={(value) => form.change({ time_zone: value }, "time_zone")}
            country={salonCountry({ country: draft.country, phone: draft.phone })}
            error={errors.time_zone}
            disabled={saving}
          />
        </div>
        <div className="mt-6">
          <SalonBusinessHours hours={draft.hours} onChange={changeDay} errors={errors} disabled={saving} />
        </div>
      </SettingsSection>
      <SettingsSection title="salonSettings.section.description" description="salonSettings.section.descriptionHint">
        {field("description", { rows: 5, hideLabel: true })}
      </SettingsSection>
      <SettingsSection title="salonSettings.section.privacy" description="salonSettings.section.privacyHint">
        <div className="grid gap-4 sm:grid-cols-2">
          <TranscriptRetentionSelect
            value={draft.transcript_retention_days}
            onChange={(value) => form.change({ transcript_retention_days: value }, "transcript_retention_days")}
            error={errors.transcript_retention_days}
            disabled={saving}
          />
        </div>
      </SettingsSection>
      <div className="flex justify-end">
        <Button type="submit" busy={saving} className="w-full sm:w-auto">
          <FormattedMessage id={saving ? "salonSettings.salon.saving" : "salonSettings.salon.save"} />
        </Button>
      </div>
    </form>
  );
}
