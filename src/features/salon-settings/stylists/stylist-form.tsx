import { useId, useMemo } from "react";
import { useIntl } from "react-intl";
import { DEFAULT_COLOR, DEFAULT_WORKING_HOURS, stylistSchema, type Stylist, type Weekday } from "../../../../contract/salon.ts";
import { useSaveStylist } from "../../../lib/salon-data/stylists.ts";
import { StylistCalendarLink } from "./stylist-calendar-link.tsx";
import { fromTimeOffDrafts, StylistTimeOff, toTimeOffDrafts, type TimeOffDraft } from "./stylist-time-off.tsx";
import { copyMonday, fromHoursDraft, StylistWorkingHours, toHoursDraft, type DayDraft } from "./stylist-working-hours.tsx";
import { ColorField } from "../components/tab-color-field.tsx";
import { CHECKBOX_CLASS, Field } from "../../../components/form-field.tsx";
import { failureText } from "../../../lib/form-errors.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { TabForm } from "../components/tab-form.tsx";

interface StylistDraft {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  color: string;
  is_active: boolean;
  hours: DayDraft[];
  timeOff: TimeOffDraft[];
}

const toDraft = (stylist: Stylist | undefined): StylistDraft => ({
  first_name: stylist?.first_name ?? "",
  last_name: stylist?.last_name ?? "",
  email: stylist?.email ?? "",
  phone: stylist?.phone ?? "",
  // The colour input only takes lower-case #rrggbb.
  color: (stylist?.color ?? DEFAULT_COLOR).toLowerCase(),
  is_active: stylist?.is_active ?? true,
  hours: toHoursDraft(stylist?.working_hours ?? DEFAULT_WORKING_HOURS),
  timeOff: toTimeOffDrafts(stylist?.time_off ?? []),
});

export const stylistName = (stylist: Pick<Stylist, "first_name" | "last_name">) => `${stylist.first_name} ${stylist.last_name}`.trim();

/** Adds a stylist (no `item`) or edits one; `onClose` after a save or Cancel. */
export function StylistForm({ item: stylist, onClose }: { item: Stylist | undefined; onClose: () => void }) {
  const intl = useIntl();
  const activeId = useId();
  const saveStylist = useSaveStylist();
  const form = useDashboardForm({
    // Made once per stylist: the time-off rows get their keys as the draft is made.
    loaded: useMemo(() => toDraft(stylist), [stylist]),
    check: (draft) =>
      checkWith(
        stylistSchema,
        {
          first_name: draft.first_name,
          last_name: draft.last_name,
          email: draft.email,
          phone: draft.phone,
          color: draft.color,
          is_active: draft.is_active,
          working_hours: fromHoursDraft(draft.hours),
          time_off: fromTimeOffDrafts(draft.timeOff),
        },
        intl,
      ),
    save: (body) => saveStylist.mutateAsync({ id: stylist?.id, body }),
    savedText: stylist ? intl.formatMessage({ id: "stylists.toast.updated" }) : intl.formatMessage({ id: "stylists.toast.added" }),
    failedText: (error) => failureText(error, intl.formatMessage({ id: "stylists.toast.saveFailed" })),
    onSaved: onClose,
  });
  const { draft, errors } = form;
  const set = <Key extends Exclude<keyof StylistDraft, "hours" | "timeOff">>(key: Key, value: StylistDraft[Key]) => form.change({ [key]: value }, key);
  const changeDay = (day: Weekday, change: Partial<DayDraft>) =>
    form.change({ hours: draft.hours.map((hours, index) => (index === day ? { ...hours, ...change } : hours)) }, `working_hours.${day}`);
  // Removing a period renumbers the ones after it, so all of their messages go.
  const changeTimeOff = (timeOff: TimeOffDraft[]) => form.change({ timeOff }, "time_off");

  const textInput = (key: "first_name" | "last_name" | "email" | "phone", label: string, type: "text" | "email" | "tel", required = false) => (
    <Field label={label} error={errors[key]} required={required}>
      {(control) => (
        <input
          {...control}
          type={type}
          // These are the stylist's details, not the signed-in owner's: no autofill.
          autoComplete="off"
          value={draft[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <TabForm
      title={stylist ? intl.formatMessage({ id: "stylists.form.editTitle" }) : intl.formatMessage({ id: "stylists.form.addTitle" })}
      savingLabel={intl.formatMessage({ id: "stylists.form.saving" })}
      requiredNote={intl.formatMessage({ id: "stylists.form.requiredNote" })}
      form={form}
      onCancel={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {textInput("first_name", intl.formatMessage({ id: "stylists.form.firstName" }), "text", true)}
        {textInput("last_name", intl.formatMessage({ id: "stylists.form.lastName" }), "text", true)}
        {textInput("email", intl.formatMessage({ id: "stylists.form.email" }), "email")}
        {textInput("phone", intl.formatMessage({ id: "stylists.form.phone" }), "tel")}
        <ColorField label={intl.formatMessage({ id: "stylists.form.color" })} value={draft.color} onChange={(color) => set("color", color)} error={errors.color} />
        <div className="flex items-start gap-3 sm:pt-7">
          <input
            id={activeId}
            type="checkbox"
            checked={draft.is_active}
            onChange={(event) => set("is_active", event.target.checked)}
            aria-describedby={`${activeId}-hint`}
            className={`mt-0.5 shrink-0 ${CHECKBOX_CLASS}`}
          />
          <div>
            <label htmlFor={activeId} className="text-sm font-medium text-slate-700">
              {intl.formatMessage({ id: "stylists.form.active" })}
            </label>
            <p id={`${activeId}-hint`} className="text-xs text-slate-500">
              {intl.formatMessage({ id: "stylists.form.activeHint" })}
            </p>
          </div>
        </div>
      </div>
      <StylistWorkingHours
        days={draft.hours}
        onChange={changeDay}
        onCopyMonday={() => form.change({ hours: copyMonday(draft.hours) }, "working_hours")}
        errors={errors}
      />
      <StylistTimeOff entries={draft.timeOff} onChange={changeTimeOff} errors={errors} />
      {stylist && <StylistCalendarLink stylistId={stylist.id} />}
    </TabForm>
  );
}
