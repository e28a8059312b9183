import { FormattedMessage } from "react-intl";
import { CHECKBOX_CLASS } from "../../../components/form-field.tsx";

interface BookingOfferListProps {
  legend: string;
  hint: string;
  /** The salon's active services or stylists. */
  items: { id: string; name: string; detail?: string }[];
  /** Ids the page does not offer; ids of items not listed (inactive ones) stay as they are. */
  offline: readonly string[];
  disabled: boolean;
  onChange: (offline: string[]) => void;
}

/** Checkboxes of what the booking page offers, ticked unless taken off it. */
export function BookingOfferList({ legend, hint, items, offline, disabled, onChange }: BookingOfferListProps) {
  const toggle = (id: string, offered: boolean) => onChange(offered ? offline.filter((other) => other !== id) : [...offline, id]);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">
        <FormattedMessage id={legend} />
      </legend>
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id={hint} />
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50/40">
              <input
                type="checkbox"
                checked={!offline.includes(item.id)}
                disabled={disabled}
                onChange={(event) => toggle(item.id, event.target.checked)}
                className={`${CHECKBOX_CLASS} mt-0.5 flex-none`}
              />
              <span className="min-w-0">
                <span className="block font-medium [overflow-wrap:anywhere]">{item.name}</span>
                {item.detail && <span className="block text-xs text-slate-600">{item.detail}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
