import { FormattedMessage } from "react-intl";
import { useContactModal } from "../../../components/contact/contact-context.ts";

const NOTE_IDS = ["pricing.notes.trial", "pricing.notes.minutes", "pricing.notes.vat"] as const;

/** The billing terms every plan shares, and a way to ask about them. */
export function PricingNotes() {
  const openContact = useContactModal();
  return (
    <div className="mt-12 rounded-2xl bg-slate-50 px-6 py-5 text-sm leading-6 text-slate-600 ring-1 ring-slate-200">
      <ul className="grid gap-3 md:grid-cols-3 md:gap-6">
        {NOTE_IDS.map((id) => (
          <li key={id} className="flex gap-2.5">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-5 shrink-0 text-brand-500">
              <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm.75-11.25a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0zM9.25 9.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4z" clipRule="evenodd" />
            </svg>
            <FormattedMessage id={id} />
          </li>
        ))}
      </ul>
      <p className="mt-4 border-t border-slate-200 pt-4 text-slate-700">
        <FormattedMessage
          id="pricing.notes.contact"
          values={{
            link: (chunks) => (
              <button
                type="button"
                onClick={() => openContact({ mode: "sales" })}
                className="font-semibold text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700"
              >
                {chunks}
              </button>
            ),
          }}
        />
      </p>
    </div>
  );
}
