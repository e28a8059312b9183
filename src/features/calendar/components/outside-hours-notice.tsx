import { FormattedMessage } from "react-intl";
import type { OutsideHours } from "../../../../contract/opening-hours.ts";
import { useOutsideHoursText } from "../outside-hours-text.ts";

interface OutsideHoursNoticeProps {
  reasons: readonly OutsideHours[];
  stylist: string;
  /** What follows the list: how to go ahead all the same. */
  hint?: string;
  /** Left out where the dialog's own title says it already. */
  heading?: boolean;
}

/** Which hours a time breaks, as a warning that does not stop the owner from booking it. */
export function OutsideHoursNotice({ reasons, stylist, hint, heading = true }: OutsideHoursNoticeProps) {
  const text = useOutsideHoursText();
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {heading && (
        <p className="mb-1 font-semibold">
          <FormattedMessage id="calendar.outside.title" />
        </p>
      )}
      <ul className="list-disc space-y-0.5 pl-5">
        {reasons.map((reason) => (
          <li key={reason.kind}>{text(reason, stylist)}</li>
        ))}
      </ul>
      {hint && <p className="mt-2">{hint}</p>}
    </div>
  );
}
