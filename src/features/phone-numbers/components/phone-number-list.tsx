import { FormattedMessage, useIntl } from "react-intl";
import type { AssistantConfig } from "../../../../contract/assistants.ts";
import type { PhoneNumber } from "../../../../contract/phone-numbers.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { AddButton } from "../../../components/add-button.tsx";
import { Button } from "../../../components/button.tsx";
import { StatusBadge } from "./status-badge.tsx";

interface PhoneNumberListProps {
  numbers: PhoneNumber[] | undefined;
  /** Undefined until the assistants are loaded. */
  assistants: AssistantConfig[] | undefined;
  currentId: string | undefined;
  onChoose: (id: string) => void;
  onAdd: () => void;
  onGet: () => void;
}

/**
 * The salon's numbers: name or number and whether it takes calls, the assistant it rings, and
 * the number; Add New Number and Get a number above.
 */
export function PhoneNumberList({ numbers, assistants, currentId, onChoose, onAdd, onGet }: PhoneNumberListProps) {
  const intl = useIntl();
  const assistantName = (id: string | null) =>
    id === null ? intl.formatMessage({ id: "phoneNumbers.row.noAssistant" }) : assistants?.find((assistant) => assistant.id === id)?.name;

  let body;
  if (numbers && numbers.length > 0) {
    body = (
      <ul aria-label={intl.formatMessage({ id: "phoneNumbers.list.label" })} className="space-y-1.5 p-2">
        {numbers.map((number) => {
          const current = number.id === currentId;
          const shown = displayPhone(number.phone_number);
          return (
            <li key={number.id}>
              <button
                type="button"
                aria-current={current ? "true" : undefined}
                onClick={() => onChoose(number.id)}
                className={`w-full rounded-xl border px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  current ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-transparent hover:bg-slate-50"
                }`}
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{number.phone_name ?? shown}</span>
                  <StatusBadge status={number.status} />
                </span>
                <span className="mt-0.5 block text-sm text-slate-600">{assistantName(number.assistant_config_id)}</span>
                {number.phone_name && <span className="mt-0.5 block text-sm text-slate-600 tabular-nums">{shown}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    );
  } else {
    body = (
      <p role={numbers ? undefined : "status"} className="px-4 py-10 text-center text-sm text-slate-600">
        <FormattedMessage id={numbers ? "phoneNumbers.empty" : "phoneNumbers.loading"} />
      </p>
    );
  }

  return (
    <section className="self-start rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-3">
        <p className="text-sm text-slate-600">{numbers && intl.formatMessage({ id: "phoneNumbers.count" }, { count: numbers.length })}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <AddButton onClick={onAdd}>
            <FormattedMessage id="phoneNumbers.add" />
          </AddButton>
          <Button variant="secondary" onClick={onGet}>
            <FormattedMessage id="phoneNumbers.get.open" />
          </Button>
        </div>
      </div>
      {body}
    </section>
  );
}
