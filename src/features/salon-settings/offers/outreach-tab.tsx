import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { OUTREACH_ANSWER_MINUTES, outreachSettingsSchema, type OutreachSettings } from "../../../../contract/outreach.ts";
import { Button } from "../../../components/button.tsx";
import { CHECKBOX_CLASS, Field } from "../../../components/form-field.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { failedSaveText } from "../../../lib/form-errors.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useOutreachSettings, useSaveOutreachSettings } from "./outreach.ts";
import { span } from "../time-span.ts";
import { OutreachVoicemail } from "./outreach-voicemail.tsx";
import { SettingsSection } from "../components/settings-section.tsx";
import { SettingsSwitch } from "../components/settings-switch.tsx";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";

/** How many clients one SMS round may reach, as the contract allows. */
const SMS_ROUNDS = [1, 2, 3, 4, 5] as const;

// The cap is typed, so the draft holds the text as written until it is checked.
type OutreachDraft = Omit<OutreachSettings, "daily_cap"> & { daily_cap: string };

/** Salon Settings → Outreach: whether and how freed times are offered to waiting clients. */
export function OutreachTab() {
  const settings = useOutreachSettings();
  return (
    <SettingsTabLoad
      query={settings}
      texts={{ toast: "salonSettings.outreach.loadFailed", failed: "salonSettings.outreach.loadFailed", loading: "salonSettings.outreach.loading" }}
    >
      {(data) => <OutreachForm settings={data} />}
    </SettingsTabLoad>
  );
}

function OutreachForm({ settings }: { settings: OutreachSettings }) {
  const intl = useIntl();
  const { localPath } = useLanguage();
  const save = useSaveOutreachSettings();
  const form = useDashboardForm({
    loaded: { ...settings, daily_cap: String(settings.daily_cap) } satisfies OutreachDraft,
    check: (draft) => checkWith(outreachSettingsSchema, { ...draft, daily_cap: draft.daily_cap.trim() === "" ? Number.NaN : Number(draft.daily_cap) }, intl),
    save: (body) => save.mutateAsync(body),
    savedText: intl.formatMessage({ id: "salonSettings.outreach.saved" }),
    failedText: (error) => failedSaveText(intl, error, { plain: "salonSettings.outreach.saveFailed", withDetail: "salonSettings.outreach.saveFailedDetail" }),
  });
  const { draft, errors, busy } = form;

  return (
    <form {...form.formProps} className="space-y-6" aria-label={intl.formatMessage({ id: "salonSettings.tabs.outreach" })}>
      <SettingsSection title="salonSettings.outreach.title" description="salonSettings.outreach.titleHint">
        <div className="space-y-5">
          <SettingsSwitch
            label={<FormattedMessage id="salonSettings.outreach.enabled" />}
            hint={<FormattedMessage id={draft.enabled ? "salonSettings.outreach.enabledOn" : "salonSettings.outreach.enabledOff"} />}
            checked={draft.enabled}
            disabled={busy}
            onChange={(enabled) => form.change({ enabled }, "enabled")}
          />
          <div className="flex items-start gap-3">
            <input
              id="outreach-include_regulars"
              name="include_regulars"
              type="checkbox"
              checked={draft.include_regulars}
              disabled={busy}
              onChange={(event) => form.change({ include_regulars: event.target.checked }, "include_regulars")}
              aria-describedby="outreach-include_regulars-hint"
              className={`${CHECKBOX_CLASS} mt-1`}
            />
            <div>
              <label htmlFor="outreach-include_regulars" className="font-medium text-slate-900">
                <FormattedMessage id="salonSettings.outreach.regulars" />
              </label>
              <p id="outreach-include_regulars-hint" className="text-sm text-slate-600">
                <FormattedMessage id="salonSettings.outreach.regularsHint" />
              </p>
            </div>
          </div>
        </div>
      </SettingsSection>
      <SettingsSection title="salonSettings.outreach.sms" description="salonSettings.outreach.smsHint">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={intl.formatMessage({ id: "salonSettings.outreach.round" })} hint={intl.formatMessage({ id: "salonSettings.outreach.roundHint" })} error={errors.sms_round}>
            {(control) => (
              <select {...control} name="sms_round" value={String(draft.sms_round)} disabled={busy} onChange={(event) => form.change({ sms_round: Number(event.target.value) }, "sms_round")}>
                {SMS_ROUNDS.map((count) => (
                  <option key={count} value={count}>
                    {intl.formatMessage({ id: "salonSettings.outreach.roundOption" }, { count })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={intl.formatMessage({ id: "salonSettings.outreach.answer" })} hint={intl.formatMessage({ id: "salonSettings.outreach.answerHint" })} error={errors.answer_minutes}>
            {(control) => (
              <select
                {...control}
                name="answer_minutes"
                value={String(draft.answer_minutes)}
                disabled={busy}
                onChange={(event) => form.change({ answer_minutes: Number(event.target.value) as OutreachSettings["answer_minutes"] }, "answer_minutes")}
              >
                {OUTREACH_ANSWER_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {span(intl, minutes)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <p className="text-sm text-slate-600 sm:col-span-2">
            <FormattedMessage
              id="salonSettings.outreach.quietHours"
              values={{
                link: (text) => (
                  <Link to={localPath("/salon-settings?tab=messages")} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                    {text}
                  </Link>
                ),
              }}
            />
          </p>
        </div>
      </SettingsSection>
      <SettingsSection title="salonSettings.outreach.calls">
        <div className="space-y-5">
          <SettingsSwitch
            label={<FormattedMessage id="salonSettings.outreach.callsEnabled" />}
            hint={<FormattedMessage id={draft.calls_enabled ? "salonSettings.outreach.callsOn" : "salonSettings.outreach.callsOff"} />}
            checked={draft.calls_enabled}
            disabled={busy}
            onChange={(calls_enabled) => form.change({ calls_enabled }, "calls_enabled")}
          />
          <OutreachVoicemail
            value={draft.voicemail}
            error={errors.voicemail}
            // A machine only answers a call, so the choice waits until calls are on.
            disabled={busy || !draft.calls_enabled}
            onChange={(voicemail) => form.change({ voicemail }, "voicemail")}
          />
        </div>
      </SettingsSection>
      <SettingsSection title="salonSettings.outreach.limits">
        <Field label={intl.formatMessage({ id: "salonSettings.outreach.cap" })} hint={intl.formatMessage({ id: "salonSettings.outreach.capHint" })} error={errors.daily_cap}>
          {(control) => (
            <input
              {...control}
              name="daily_cap"
              type="number"
              inputMode="numeric"
              min={1}
              max={200}
              step={1}
              className={`${control.className} sm:max-w-32`}
              value={draft.daily_cap}
              disabled={busy}
              onChange={(event) => form.change({ daily_cap: event.target.value }, "daily_cap")}
            />
          )}
        </Field>
      </SettingsSection>
      <div className="flex justify-end">
        <Button type="submit" busy={busy} className="w-full sm:w-auto">
          <FormattedMessage id={busy ? "salonSettings.salon.saving" : "salonSettings.salon.save"} />
        </Button>
      </div>
    </form>
  );
}
