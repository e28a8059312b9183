import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";

/** A card of a settings tab with a heading, and optionally a line saying what the section is for. */
export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">
        <FormattedMessage id={title} />
      </h2>
      {description && (
        <p className="mt-1 text-sm text-slate-600">
          <FormattedMessage id={description} />
        </p>
      )}
      <div className="mt-5">{children}</div>
    </section>
  );
}
