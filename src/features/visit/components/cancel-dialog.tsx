import { FormattedMessage, useIntl } from "react-intl";
import type { VisitView } from "../../../../contract/visit.ts";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { errorDetail } from "../../../lib/api-client.ts";
import { useCancelVisit } from "../api.ts";
import { useSalonClock } from "../format.ts";

/** Asks before the visit is cancelled; keeping it is the easy way out. */
export function CancelDialog({ token, visit, open, onClose, onCancelled, onClosed }: {
  token: string;
  visit: VisitView;
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
  /** Once the dialog has gone: where focus goes next. */
  onClosed: () => void;
}) {
  const intl = useIntl();
  const clock = useSalonClock(visit.appointment.time_zone);
  const cancel = useCancelVisit(token);
  const start = visit.appointment.start_datetime;
  return (
    <Modal
      open={open}
      onClose={() => !cancel.isPending && onClose()}
      onClosed={() => {
        cancel.reset();
        onClosed();
      }}
      title={intl.formatMessage({ id: "visit.cancel.title" })}
      description={intl.formatMessage({ id: "visit.cancel.text" }, { date: clock.longDate(start), time: clock.time(start) })}
    >
      {cancel.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorDetail(cancel.error, intl.formatMessage({ id: "visit.cancel.failed" }))}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onClose} disabled={cancel.isPending}>
          <FormattedMessage id="visit.cancel.keep" />
        </Button>
        <Button variant="danger" size="lg" busy={cancel.isPending} onClick={() => cancel.mutate(undefined, { onSuccess: onCancelled })}>
          <FormattedMessage id={cancel.isPending ? "visit.cancel.busy" : "visit.cancel.confirm"} />
        </Button>
      </div>
    </Modal>
  );
}
