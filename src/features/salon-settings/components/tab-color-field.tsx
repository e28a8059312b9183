import { Field } from "../../../components/form-field.tsx";

interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A colour picker that also shows its hex value, so the choice can be read and repeated. */
export function ColorField({ label, value, onChange, error }: ColorFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <div className="flex items-center gap-3">
          <input
            {...control}
            type="color"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={`h-10 w-16 shrink-0 cursor-pointer rounded-lg border bg-white p-1 shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`}
          />
          <span className="font-mono text-sm text-slate-700 uppercase">{value}</span>
        </div>
      )}
    </Field>
  );
}
