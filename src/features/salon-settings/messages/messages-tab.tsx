import { FormattedMessage, useIntl } from "react-intl";
import {
  CANCELLATION_NOTICE_HOURS,
  REMINDER_HOURS,
  messageSettingsSchema,
  type MessageSettings,
  type ReminderHours,
} from "../../../../contract/client-messages.ts";
import { Button } from "../../../components/button.tsx";
import { CHECKBOX_CLASS, Field } from "../../../components/form-field.tsx";
import { TimeInput } from "../../../lib/forms/time-input.tsx";
import { failedSaveText } from "../../../lib/form-errors.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useMessageSettings, useSaveMessageSettings } from "./message-settings.ts";
import { MessagePreviews } from "./message-previews.tsx";
import { SettingsSection } from "../components/settings-section.tsx";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";

/** A select's value for "no reminder", which the API writes as null. */
const NO_REMINDER = "off";

type MessagesDraft = Omit<MessageSettings, "sender_name"> & { sender_name: string };

const toDraft = (settings: MessageSettings): MessagesDraft => ({ ...settings, sender_name: settings.sender_name ?? "" });

/** The Messages tab: what clients are sent, when and from whom, with every message previewed. */
export function MessagesTab() {
  const settings = useMessageSettings();
  return (
    <SettingsTabLoad
      query={settings}
      texts={{ toast: "salonSettings.messages.loadFailed", failed: "salonSettings.messages.loadFailed", loading: "salonSettings.messages.loading" }}
    >
      {(data) => <MessagesForm settings={data} />}
    </SettingsTabLoad>
  );
}

function MessagesForm({ settings }: { settings: MessageSettings }) {
  const intl = useIntl();
  const save = useSaveMessageSettings();
  const form = useDashboardForm({
    loaded: toDraft(settings),
    check: (draft) => checkWith(messageSettingsSchema, draft, intl),
    save: (body) => save.mutateAsync(body),
    savedText: intl.formatMessage({ id: "salonSettings.messages.saved" }),
    failedText: (error) => failedSaveText(intl, error, { plain: "salonSettings.messages.saveFailed", withDetail: "salonSettings.messages.saveFailedDetail" }),
  });
  const { draft, errors, busy } = form;

  const toggle = (name: "sms_enabled" | "email_enabled") => (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={`messages-${name}`}
          name={name}
          type="checkbox"
          checked={draft[name]}
          disabled={busy}
          onChange={(event) => form.change({ [name]: event.target.checked }, name)}
          aria-describedby={`messages-${name}-hint`}
          className={`${CHECKBOX_CLASS} mt-1`}
        />
        <div>
          <label htmlFor={`messages-${name}`} className="font-medium text-slate-900">
            <FormattedMessage id={`salonSettings.messages.${name === "sms_enabled" ? "sms" : "email"}`} />
          </label>
          <p id={`messages-${name}-hint`} className="text-sm text-slate-600">
            <FormattedMessage id={`salonSettings.messages.${name === "sms_enabled" ? "smsHint" : "emailHint"}`} />
          </p>
        </div>
      </div>
    </div>
  );

  const quietTime = (name: "quiet_start" | "quiet_end") => (
    <Field label={intl.formatMessage({ id: `salonSettings.messages.${name === "quiet_start" ? "quietFrom" : "quietTo"}` })} error={errors[name]}>
      {(control) => <TimeInput {...control} name={name} value={draft[name]} disabled={busy} onChange={(value) => form.change({ [name]: value }, name)} />}
    </Field>
  );

  return (
    <div className="space-y-6">
      <form {...form.formProps} className="space-y-6" aria-label={intl.formatMessage({ id: "salonSettings.tabs.messages" })}>
        <SettingsSection title="salonSettings.messages.channels" description="salonSettings.messages.channelsHint">
          <div className="grid gap-4 sm:grid-cols-2">
            {toggle("sms_enabled")}
            {toggle("email_enabled")}
          </div>
        </SettingsSection>
        <SettingsSection title="salonSettings.messages.timing">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={intl.formatMessage({ id: "salonSettings.messages.reminder" })}
              hint={intl.formatMessage({ id: "salonSettings.messages.reminderHint" })}
              error={errors.reminder_hours}
              className="sm:col-span-2"
            >
              {(control) => (
                <select
                  {...control}
                  name="reminder_hours"
                  value={draft.reminder_hours === null ? NO_REMINDER : String(draft.reminder_hours)}
                  disabled={busy}
                  onChange={(event) =>
                    form.change(
                      { reminder_hours: event.target.value === NO_REMINDER ? null : (Number(event.target.value) as ReminderHours) },
                      "reminder_hours",
                    )
                  }
                >
                  <option value={NO_REMINDER}>{intl.formatMessage({ id: "salonSettings.messages.reminderOff" })}</option>
                  {REMINDER_HOURS.map((hours) => (
                    <option key={hours} value={hours}>
                      {intl.formatMessage({ id: "salonSettings.messages.reminderBefore" }, { hours })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium text-slate-700">
                <FormattedMessage id="salonSettings.messages.quietHours" />
              </legend>
              <p className="mt-1 text-sm text-slate-600">
                <FormattedMessage id="salonSettings.messages.quietHoursHint" />
              </p>
              <div className="mt-3 grid grid-cols-2 gap-4 sm:max-w-sm">
                {quietTime("quiet_start")}
                {quietTime("quiet_end")}
              </div>
            </fieldset>
          </div>
        </SettingsSection>
        <SettingsSection title="salonSettings.messages.changes">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={intl.formatMessage({ id: "salonSettings.messages.notice" })}
              hint={intl.formatMessage({ id: "salonSettings.messages.noticeHint" }, { hours: draft.cancellation_notice_hours })}
              error={errors.cancellation_notice_hours}
              className="sm:col-span-2"
            >
              {(control) => (
                <select
                  {...control}
                  name="cancellation_notice_hours"
                  value={String(draft.cancellation_notice_hours)}
                  disabled={busy}
                  onChange={(event) => form.change({ cancellation_notice_hours: Number(event.target.value) }, "cancellation_notice_hours")}
                >
                  {CANCELLATION_NOTICE_HOURS.map((hours) => (
                    <option key={hours} value={hours}>
                      {intl.formatMessage({ id: "salonSettings.messages.noticeOption" }, { hours })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </SettingsSection>
        <SettingsSection title="salonSettings.messages.sender">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={intl.formatMessage({ id: "salonSettings.messages.senderName" })}
              hint={intl.formatMessage({ id: "salonSettings.messages.senderNameHint" })}
              error={errors.sender_name}
              className="sm:col-span-2"
            >
              {(control) => (
                <input
                  {...control}
                  name="sender_name"
                  type="text"
                  autoComplete="off"
                  maxLength={11}
                  className={`${control.className} sm:max-w-xs`}
                  value={draft.sender_name}
                  disabled={busy}
                  onChange={(event) => form.change({ sender_name: event.target.value }, "sender_name")}
                />
              )}
            </Field>
          </div>
        </SettingsSection>
        <div className="flex justify-end">
          <Button type="submit" busy={busy} className="w-full sm:w-auto">
            <FormattedMessage id={busy ? "salonSettings.salon.saving" : "salonSettings.salon.save"} />
          </Button>
        </div>
      </form>
      <MessagePreviews smsCanReply={draft.sender_name.trim() === ""} />
    </div>
  );
}
