import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";

/** What, when and with whom, as a short list: above the form, and on the done screen. */
export function BookingSummary({ rows }: { rows: { labelId: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-100 rounded-2xl bg-slate-50 px-4 ring-1 ring-slate-200">
      {rows.map(({ labelId, value }) => (
        <div key={labelId} className="grid grid-cols-[6.5rem_1fr] gap-3 py-3 text-sm">
          <dt className="text-slate-600">
            <FormattedMessage id={labelId} />
          </dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
