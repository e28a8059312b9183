import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Appointment } from "../../../../contract/appointments.ts";
import { Button } from "../../../components/button.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { useMarkNoShow } from "../api/appointments.ts";

/**
 * Whether the client of a begun appointment came, and the owner's switch between a visit and
 * a no-show. The appointment keeps its time either way; the rest of the form is untouched.
 */
export function NoShowControl({ appointment, disabled }: { appointment: Appointment; disabled: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const mark = useMarkNoShow();
  // The calendar's copy of the appointment is not refetched into an open form: the answer is kept here.
  const [noShowAt, setNoShowAt] = useState(appointment.no_show_at);
  const noShow = noShowAt !== null;

  const toggle = async () => {
    try {
      const saved = await mark.mutateAsync({ id: appointment.id, noShow: !noShow });
      setNoShowAt(saved.no_show_at);
      toast.show("success", intl.formatMessage({ id: saved.no_show_at ? "appointments.noShow.marked" : "appointments.noShow.undone" }));
    } catch (error) {
      toast.show("error", errorDetail(error, intl.formatMessage({ id: "appointments.noShow.failed" })));
    }
  };

  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 text-sm sm:col-span-2 ${
        noShow ? "border-amber-300 bg-amber-50 text-amber-950" : "border-slate-200 bg-slate-50 text-slate-700"
      }`}
    >
      <p role="status">
        <FormattedMessage id={noShow ? "appointments.noShow.isNoShow" : "appointments.noShow.hint"} />
      </p>
      <Button variant="secondary" size="sm" busy={mark.isPending} disabled={disabled} onClick={() => void toggle()}>
        <FormattedMessage id={mark.isPending ? "appointments.noShow.saving" : noShow ? "appointments.noShow.undo" : "appointments.noShow.mark"} />
      </Button>
    </div>
  );
}
