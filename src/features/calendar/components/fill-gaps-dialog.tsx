import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { FillGapsResult } from "../../../../contract/outreach.ts";
import { Field } from "../../../components/form-field.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { useFillGaps } from "../api/fill-gaps.ts";

/**
 * Asks before offering a day's free times, with a choice of day when several are on screen,
 * and tells what was offered or why nothing was.
 */
export function FillGapsDialog({ open, days, preferred, timeZone, onClose }: {
  open: boolean;
  /** The days that can be filled, in order; the dialog opens only with one at least. */
  days: string[];
  /** The day chosen first when it is among them, such as today in a week. */
  preferred: string;
  /** The salon's, in which a time the offers wait for is told. */
  timeZone: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const fill = useFillGaps();
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen && days.includes(chosen) ? chosen : days.includes(preferred) ? preferred : days[0];
  // A calendar day as it reads, whatever the browser's zone: "Thursday 3 December".
  const long = (date: string) => intl.formatDate(`${date}T12:00:00Z`, { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });
  const result = ({ free, slots, offers, offered_before, held }: FillGapsResult) =>
    free === 0
      ? intl.formatMessage({ id: "calendar.fillGaps.none" })
      : slots > 0
        ? intl.formatMessage({ id: "calendar.fillGaps.done" }, { slots, offers })
        : held
          ? intl.formatMessage(
              { id: held.by === "quiet_hours" ? "calendar.fillGaps.heldQuiet" : "calendar.fillGaps.heldCap" },
              { time: intl.formatDate(held.until, { timeZone, weekday: "short", hour: "numeric", minute: "2-digit" }) },
            )
          : intl.formatMessage({ id: offered_before > 0 ? "calendar.fillGaps.offeredBefore" : "calendar.fillGaps.nobody" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!day) return;
    // Either way the toast tells the outcome; a refusal (switched off, too many at once) is not undone by asking again.
    try {
      toast.show("success", result(await fill.mutateAsync(day)));
    } catch (error) {
      toast.show("error", errorDetail(error, intl.formatMessage({ id: "calendar.fillGaps.failed" })));
    }
    onClose();
  };

  return (
    <Modal open={open} onClose={() => !fill.isPending && onClose()} title={<FormattedMessage id="calendar.fillGaps.title" />} onClosed={() => setChosen(null)}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {days.length > 1 && (
          <Field label={intl.formatMessage({ id: "calendar.fillGaps.day" })} className="mb-4">
            {(control) => (
              <select {...control} name="day" value={day} disabled={fill.isPending} onChange={(event) => setChosen(event.target.value)}>
                {days.map((option) => (
                  <option key={option} value={option}>
                    {long(option)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {day && (
          <p className="font-medium text-slate-900">
            <FormattedMessage id="calendar.fillGaps.question" values={{ day: long(day) }} />
          </p>
        )}
        <p className="mt-2 text-sm text-slate-600">
          <FormattedMessage id="calendar.fillGaps.how" />
        </p>
        <FormActions
          placement="dialog"
          onCancel={onClose}
          busy={fill.isPending}
          label={<FormattedMessage id="calendar.fillGaps.confirm" />}
          busyLabel={<FormattedMessage id="calendar.fillGaps.busy" />}
        />
      </form>
    </Modal>
  );
}
