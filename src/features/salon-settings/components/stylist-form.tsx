import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { DEFAULT_COLOR, DEFAULT_WORKING_HOURS, stylistSchema, type Stylist, type Weekday } from "../../../../contract/salon.ts";
import { useSaveStylist } from "../../../lib/salon-data/stylists.ts";
import { fromTimeOffDrafts, StylistTimeOff, toTimeOffDrafts, type TimeOffDraft } from "./stylist-time-off.tsx";
import { fromHoursDraft, StylistWorkingHours, toHoursDraft, type DayDraft } from "./stylist-working-hours.tsx";
import { ColorField } from "./tab-color-field.tsx";
import { Field } from "../../../components/form-field.tsx";
import { TabForm, useFormSubmit } from "./tab-form.tsx";

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
  const [draft, setDraft] = useState(() => toDraft(stylist));
  const { errors, failures, submit, clear } = useFormSubmit({
    schema: stylistSchema,
    save: (body) => saveStylist.mutateAsync({ id: stylist?.id, body }),
    savedText: stylist ? intl.formatMessage({ id: "stylists.toast.updated" }) : intl.formatMessage({ id: "stylists.toast.added" }),
    failedText: intl.formatMessage({ id: "stylists.toast.saveFailed" }),
    onSaved: onClose,
  });
  const set = <Key extends Exclude<keyof StylistDraft, "hours" | "timeOff">>(key: Key, value: StylistDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    clear(key);
  };
  const changeDay = (day: Weekday, change: Partial<DayDraft>) => {
    setDraft((current) => ({ ...current, hours: current.hours.map((hours, index) => (index === day ? { ...hours, ...change } : hours)) }));
    clear(`working_hours.${day}`);
  };
  // Removing a period renumbers the ones after it, so all of their messages go.
  const changeTimeOff = (timeOff: TimeOffDraft[]) => {
    setDraft((current) => ({ ...current, timeOff }));
    clear("time_off");
  };

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
      saving={saveStylist.isPending}
      savingLabel={intl.formatMessage({ id: "stylists.form.saving" })}
      requiredNote={intl.formatMessage({ id: "stylists.form.requiredNote" })}
      failures={failures}
      onCancel={onClose}
      onSubmit={() =>
        submit({
          first_name: draft.first_name,
          last_name: draft.last_name,
          email: draft.email,
          phone: draft.phone,
          color: draft.color,
          is_active: draft.is_active,
          working_hours: fromHoursDraft(draft.hours),
          time_off: fromTimeOffDrafts(draft.timeOff),
        })
      }
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
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
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
      <StylistWorkingHours days={draft.hours} onChange={changeDay} errors={errors} />
      <StylistTimeOff entries={draft.timeOff} onChange={changeTimeOff} errors={errors} />
    </TabForm>
  );
}
