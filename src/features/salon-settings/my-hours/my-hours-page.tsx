import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { scheduleSchema, type ScheduleBody, type Stylist, type Weekday } from "../../../../contract/salon.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { failureText } from "../../../lib/form-errors.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useMySchedule, useSaveMySchedule } from "./my-schedule.ts";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";
import { stylistName } from "../stylists/stylist-form.tsx";
import { fromTimeOffDrafts, StylistTimeOff, toTimeOffDrafts, type TimeOffDraft } from "../stylists/stylist-time-off.tsx";
import { copyMonday, fromHoursDraft, StylistWorkingHours, toHoursDraft, type DayDraft } from "../stylists/stylist-working-hours.tsx";

/** My hours: a stylist member's own working week and time off, the parts a stylist's form in Salon Settings has. */
export function MyHoursPage() {
  const intl = useIntl();
  const query = useMySchedule();
  return (
    <div>
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.nav.my-hours" })} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        <FormattedMessage id="dashboard.nav.my-hours" />
      </h1>
      <p className="mt-1 mb-6 text-slate-600">
        <FormattedMessage id="team.myHours.description" />
      </p>
      <SettingsTabLoad query={query} texts={{ toast: "team.myHours.loadFailed", failed: "team.myHours.loadFailed", loading: "team.myHours.loading" }}>
        {/* A saved week is the new starting point: the form starts again from it. */}
        {(stylist) => <ScheduleForm key={query.dataUpdatedAt} stylist={stylist} />}
      </SettingsTabLoad>
    </div>
  );
}

function ScheduleForm({ stylist }: { stylist: Stylist }) {
  const intl = useIntl();
  const titleId = useId();
  const save = useSaveMySchedule();
  // Made once: the time-off rows get their keys as the draft is made.
  const [loaded] = useState(() => ({ hours: toHoursDraft(stylist.working_hours), timeOff: toTimeOffDrafts(stylist.time_off) }));
  const form = useDashboardForm<{ hours: DayDraft[]; timeOff: TimeOffDraft[] }, ScheduleBody, Stylist>({
    loaded,
    check: (draft) => checkWith(scheduleSchema, { working_hours: fromHoursDraft(draft.hours), time_off: fromTimeOffDrafts(draft.timeOff) }, intl),
    canSave: (_draft, dirty) => dirty,
    save: (body) => save.mutateAsync(body),
    savedText: intl.formatMessage({ id: "team.myHours.saved" }),
    failedText: (error) => failureText(error, intl.formatMessage({ id: "team.myHours.saveFailed" })),
  });
  const { draft, errors } = form;
  const changeDay = (day: Weekday, change: Partial<DayDraft>) =>
    form.change({ hours: draft.hours.map((hours, index) => (index === day ? { ...hours, ...change } : hours)) }, `working_hours.${day}`);
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id={titleId} className="border-b border-slate-200 px-4 py-4 text-lg font-semibold text-slate-900 sm:px-6">
        {stylistName(stylist)}
      </h2>
      <form {...form.formProps}>
        <div className="space-y-6 px-4 py-5 sm:px-6">
          <StylistWorkingHours
            days={draft.hours}
            onChange={changeDay}
            onCopyMonday={() => form.change({ hours: copyMonday(draft.hours) }, "working_hours")}
            errors={errors}
          />
          {/* Removing a period renumbers the ones after it, so all of their messages go. */}
          <StylistTimeOff entries={draft.timeOff} onChange={(timeOff) => form.change({ timeOff }, "time_off")} errors={errors} />
        </div>
        <FormActions
          placement="card"
          busy={form.busy}
          disabled={!form.canSave}
          label={<FormattedMessage id="common.save" />}
          busyLabel={intl.formatMessage({ id: "team.myHours.saving" })}
        />
      </form>
    </section>
  );
}
