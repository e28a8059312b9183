import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { controlClass } from "../../../components/form-field.tsx";

/** The labelled box clients are searched in, on the list and when choosing whom to merge. */
export function ClientSearchBox({ value, onChange, className = "" }: { value: string; onChange: (text: string) => void; className?: string }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        <FormattedMessage id="clients.search.label" />
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={intl.formatMessage({ id: "clients.search.placeholder" })}
        autoComplete="off"
        className={`mt-1 ${controlClass(false)}`}
      />
    </div>
  );
}
