import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { OUTREACH_LIMITS, WEEKDAYS, waitlistEntrySchema, type WaitlistEntry, type WaitlistEntryBody } from "../../../../contract/outreach.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import type { BusinessHours } from "../../../../contract/salon-basics.ts";
import { addDays, dayOf } from "../../../../contract/time-zone.ts";
import { CHECKBOX_CLASS, Field, GroupErrors } from "../../../components/form-field.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { Modal } from "../../../components/modal.tsx";
import { messagesUnder } from "../../../lib/form-errors.ts";
import { DateInput } from "../../../lib/forms/date-input.tsx";
import { TimeInput } from "../../../lib/forms/time-input.tsx";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useServices } from "../../../lib/salon-data/services.ts";
import { useStylists } from "../../../lib/salon-data/stylists.ts";
import { useSaveEntry } from "../api/waitlist.ts";
import { failureDetail, weekdayName } from "../format.ts";

/** How long a new wish lasts unless the owner says otherwise. */
const DEFAULT_DAYS = 30;

interface Draft {
  name: string;
  phone: string;
  services: string[];
  /** "" for anyone. */
  stylist: string;
  weekdays: number[];
  from_time: string;
  until_time: string;
  from_date: string;
  until_date: string;
  note: string;
}

/** A new wish: the days the salon opens, from its opening to its closing, for the next month. */
function blankDraft(hours: BusinessHours | undefined, today: string): Draft {
  const open = Object.entries(hours ?? {}).flatMap(([day, times]) => (times ? [{ weekday: Number(day) + 1, ...times }] : []));
  return {
    name: "",
    phone: "",
    services: [],
    stylist: "",
    weekdays: open.length > 0 ? open.map((day) => day.weekday) : [...WEEKDAYS],
    from_time: open.length > 0 ? open.map((day) => day.open).sort()[0]! : "09:00",
    until_time: open.length > 0 ? open.map((day) => day.close).sort().at(-1)! : "18:00",
    from_date: today,
    until_date: addDays(today, DEFAULT_DAYS),
    note: "",
  };
}

const draftOf = (entry: WaitlistEntry): Draft => ({
  name: entry.name,
  phone: displayPhone(entry.phone),
  services: entry.services.map((service) => service.id),
  stylist: entry.stylist ?? "",
  weekdays: entry.weekdays,
  from_time: entry.from_time,
  until_time: entry.until_time,
  from_date: entry.from_date,
  until_date: entry.until_date,
  note: entry.note ?? "",
});

interface EntryDialogProps {
  open: boolean;
  /** The entry edited; null adds one. */
  entry: WaitlistEntry | null;
  onClose: () => void;
}

/** Adding a client to the waitlist, or changing what a waiting client wishes for. */
export function EntryDialog({ open, entry, onClose }: EntryDialogProps) {
  const intl = useIntl();
  return (
    <Modal open={open} onClose={onClose} size="lg" title={intl.formatMessage({ id: entry ? "waitlist.screen.edit.title" : "waitlist.screen.add.title" })}>
      <EntryForm key={entry?.id ?? "new"} entry={entry} onClose={onClose} />
    </Modal>
  );
}

function EntryForm({ entry, onClose }: { entry: WaitlistEntry | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const salon = useSalon();
  const services = useServices();
  const stylists = useStylists();
  const save = useSaveEntry(entry?.id ?? null);
  const servicesId = useId();
  const daysId = useId();
  const timeZone = salon.data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const form = useDashboardForm<Draft, WaitlistEntryBody, WaitlistEntry>({
    loaded: entry ? draftOf(entry) : blankDraft(salon.data?.business_hours, dayOf(new Date(), timeZone)),
    check: (draft) => checkWith(waitlistEntrySchema, { ...draft, stylist: draft.stylist || null }, intl),
    save: (body) => save.mutateAsync(body),
    canSave: (_, dirty) => dirty,
    savedText: t(entry ? "waitlist.screen.edit.saved" : "waitlist.screen.add.saved"),
    failedText: (error) => t("waitlist.screen.edit.failed", { detail: failureDetail(error, intl) }),
    onSaved: onClose,
  });
  const { draft, errors, change } = form;
  const serviceErrors = messagesUnder(errors, "services");
  const toggle = (list: readonly (string | number)[], value: string | number) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
  // A stylist no longer active stays choosable for the entry that names them.
  const stylistChoices = stylists.data?.filter((stylist) => stylist.is_active || stylist.id === draft.stylist) ?? [];

  return (
    <form {...form.formProps} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("waitlist.screen.field.name")} error={errors.name} required>
          {(control) => (
            <input {...control} value={draft.name} maxLength={OUTREACH_LIMITS.name} autoComplete="off" onChange={(event) => change({ name: event.target.value }, "name")} />
          )}
        </Field>
        <Field label={t("waitlist.screen.field.phone")} error={errors.phone} hint={t("waitlist.screen.field.phoneHint")} required>
          {(control) => (
            <input {...control} type="tel" value={draft.phone} maxLength={OUTREACH_LIMITS.phone} autoComplete="off" onChange={(event) => change({ phone: event.target.value }, "phone")} />
          )}
        </Field>
      </div>

      <fieldset aria-describedby={serviceErrors.length > 0 ? servicesId : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t("waitlist.screen.field.services")}</legend>
        <ul className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {services.data?.map((service) => (
            <li key={service.id}>
              <label className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className={CHECKBOX_CLASS}
                  checked={draft.services.includes(service.id)}
                  aria-invalid={serviceErrors.length > 0}
                  onChange={() => change({ services: toggle(draft.services, service.id) as string[] }, "services")}
                />
                {service.name}
              </label>
            </li>
          ))}
        </ul>
        <GroupErrors id={servicesId} messages={serviceErrors} />
      </fieldset>

      <Field label={t("waitlist.screen.field.stylist")} error={errors.stylist}>
        {(control) => (
          <select {...control} value={draft.stylist} onChange={(event) => change({ stylist: event.target.value }, "stylist")}>
            <option value="">{t("waitlist.screen.anyone")}</option>
            {stylistChoices.map((stylist) => (
              <option key={stylist.id} value={stylist.id}>
                {`${stylist.first_name} ${stylist.last_name}`.trim()}
              </option>
            ))}
          </select>
        )}
      </Field>

      <fieldset aria-describedby={errors.weekdays ? daysId : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t("waitlist.screen.field.weekdays")}</legend>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {WEEKDAYS.map((day) => {
            const on = draft.weekdays.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                onClick={() => change({ weekdays: toggle(draft.weekdays, day) as number[] }, "weekdays")}
                className={`min-h-10 min-w-11 rounded-lg border px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  on ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
                }`}
              >
                {/* The short name to the eye, the whole one to a screen reader. */}
                <span aria-hidden="true">{weekdayName(day, intl)}</span>
                <span className="sr-only">{weekdayName(day, intl, "long")}</span>
              </button>
            );
          })}
        </div>
        <GroupErrors id={daysId} messages={messagesUnder(errors, "weekdays")} />
      </fieldset>

      <div className="grid grid-cols-2 gap-4">
        <Field label={t("waitlist.screen.field.fromTime")} error={errors.from_time}>
          {(control) => <TimeInput {...control} value={draft.from_time} onChange={(value) => change({ from_time: value }, "from_time", "until_time")} />}
        </Field>
        <Field label={t("waitlist.screen.field.untilTime")} error={errors.until_time}>
          {(control) => <TimeInput {...control} value={draft.until_time} onChange={(value) => change({ until_time: value }, "until_time")} />}
        </Field>
        <Field label={t("waitlist.screen.field.fromDate")} error={errors.from_date}>
          {(control) => <DateInput {...control} value={draft.from_date} onChange={(value) => change({ from_date: value }, "from_date", "until_date")} />}
        </Field>
        <Field label={t("waitlist.screen.field.untilDate")} error={errors.until_date}>
          {(control) => <DateInput {...control} value={draft.until_date} onChange={(value) => change({ until_date: value }, "until_date")} />}
        </Field>
      </div>

      <Field label={t("waitlist.screen.field.note")} error={errors.note}>
        {(control) => (
          <textarea {...control} rows={3} value={draft.note} maxLength={OUTREACH_LIMITS.note} onChange={(event) => change({ note: event.target.value }, "note")} />
        )}
      </Field>

      <FormActions
        placement="dialog"
        onCancel={onClose}
        busy={form.busy}
        disabled={!form.canSave}
        label={<FormattedMessage id={entry ? "common.save" : "waitlist.screen.add.submit"} />}
        busyLabel={<FormattedMessage id="waitlist.screen.edit.saving" />}
      />
    </form>
  );
}
