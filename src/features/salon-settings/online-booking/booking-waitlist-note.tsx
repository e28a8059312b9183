import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { useLanguage } from "../../../i18n/language-context.ts";
import { useOutreachSettings } from "../offers/outreach.ts";

/**
 * Whether a visitor whom no free time suits can join the salon's waitlist from its page: the
 * page offers it while outreach is on, so the owner is pointed to the Outreach tab either way.
 */
export function BookingWaitlistNote() {
  const outreach = useOutreachSettings();
  const { localPath } = useLanguage();
  if (!outreach.data) return null;
  return (
    <p className="text-sm text-slate-600">
      <FormattedMessage
        id={outreach.data.enabled ? "salonSettings.booking.waitlistOn" : "salonSettings.booking.waitlistOff"}
        values={{
          link: (text) => (
            <Link to={localPath("/salon-settings?tab=outreach")} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {text}
            </Link>
          ),
        }}
      />
    </p>
  );
}
