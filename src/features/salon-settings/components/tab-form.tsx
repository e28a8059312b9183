import { useEffect, useId, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { FormActions } from "../../../components/form-actions.tsx";
import type { DashboardForm } from "../../../lib/forms/use-dashboard-form.ts";

interface TabFormProps {
  title: string;
  savingLabel: string;
  requiredNote: string;
  form: Pick<DashboardForm<unknown>, "formProps" | "busy">;
  onCancel: () => void;
  children: ReactNode;
}

/** The card around the add and edit forms: title, fields, Cancel and Save. */
export function TabForm({ title, savingLabel, requiredNote, form, onCancel, children }: TabFormProps) {
  const titleId = useId();
  const { ref } = form.formProps;

  // Opening the form is a change of view: start at its first field.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, [ref]);

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-xs text-slate-500">{requiredNote}</p>
      </div>
      <form {...form.formProps}>
        <div className="space-y-6 px-4 py-5 sm:px-6">{children}</div>
        <FormActions placement="card" onCancel={onCancel} busy={form.busy} label={<FormattedMessage id="common.save" />} busyLabel={savingLabel} />
      </form>
    </section>
  );
}
