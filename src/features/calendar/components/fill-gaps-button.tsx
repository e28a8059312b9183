import { useId, useState } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { FILL_GAPS_LIMITS } from "../../../../contract/outreach.ts";
import { addDays, dayOf } from "../../../../contract/time-zone.ts";
import { Button } from "../../../components/button.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { useOutreachSettings } from "../../../lib/salon-data/outreach-settings.ts";
import { FillGapsDialog } from "./fill-gaps-dialog.tsx";

/**
 * Fill gaps for the days on screen (the day view's day, or a day of the week view): offers their
 * free times to waiting clients. Off, or for days outside what it takes, it says why.
 */
export function FillGapsButton({ days, timeZone }: { days: string[]; timeZone: string }) {
  const { localPath } = useLanguage();
  const settings = useOutreachSettings();
  const [open, setOpen] = useState(false);
  const hintId = useId();
  const today = dayOf(new Date(), timeZone);
  const fillable = days.filter((day) => day >= today && day <= addDays(today, FILL_GAPS_LIMITS.days));
  const off = settings.data?.enabled === false;
  const hint = off ? (
    <FormattedMessage
      id="calendar.fillGaps.off"
      values={{
        link: (text) => (
          <Link to={localPath("/salon-settings?tab=outreach")} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {text}
          </Link>
        ),
      }}
    />
  ) : fillable.length === 0 ? (
    <FormattedMessage id="calendar.fillGaps.outOfRange" values={{ days: FILL_GAPS_LIMITS.days }} />
  ) : null;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={!settings.data?.enabled || fillable.length === 0}
        aria-describedby={hint ? hintId : undefined}
        onClick={() => setOpen(true)}
      >
        <FormattedMessage id="calendar.fillGaps.button" />
      </Button>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FillGapsDialog open={open} days={fillable} preferred={today} timeZone={timeZone} onClose={() => setOpen(false)} />
    </div>
  );
}
