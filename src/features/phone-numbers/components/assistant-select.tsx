import { useIntl } from "react-intl";
import type { AssistantConfig } from "../../../../contract/assistants.ts";
import { Field } from "../../../components/form-field.tsx";

interface AssistantSelectProps {
  /** "" is No Assistant. */
  value: string;
  onChange: (id: string) => void;
  assistants: AssistantConfig[];
  error?: string;
}

/** Which assistant answers a number: one of the salon's, or No Assistant. */
export function AssistantSelect({ value, onChange, assistants, error }: AssistantSelectProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Field label={t("phoneNumbers.form.assistant")} hint={t("phoneNumbers.form.assistantHint")} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t("phoneNumbers.form.noAssistant")}</option>
          {assistants.map((assistant) => (
            <option key={assistant.id} value={assistant.id}>
              {assistant.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
