import { useState } from "react";
import { useIntl } from "react-intl";

interface InfoTipProps {
  /** Id of the tip text, so the field it explains can be described by it too. */
  id: string;
  /** The name of the field the tip explains, for the button's accessible name. */
  field: string;
  text: string;
}

/**
 * An "i" button whose explanation shows on hover, on keyboard focus and on tap, and hides
 * with Escape. The text stays in the document while hidden, so aria-describedby still reads it.
 * It opens under the nearest positioned ancestor (the field's label row), so it keeps the
 * field's width and never leaves a narrow screen.
 */
export function InfoTip({ id, field, text }: InfoTipProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <span className="inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-label={intl.formatMessage({ id: "salonSettings.tip.label" }, { field })}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            // Escape closes only the tip, never a dialog or page behind it.
            event.stopPropagation();
            setOpen(false);
          }
        }}
        className="flex size-5 items-center justify-center rounded-full border border-slate-400 text-xs font-semibold text-slate-600 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true">i</span>
      </button>
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="absolute top-full left-0 z-20 mt-2 w-72 max-w-full rounded-lg bg-slate-900 px-3 py-2 text-sm font-normal text-white shadow-lg"
      >
        {text}
      </span>
    </span>
  );
}
