import { FormattedMessage, useIntl } from "react-intl";
import type { Voice } from "../../../../contract/assistants.ts";
import { voiceLabel } from "./voice-label.ts";
import { AddButton } from "../../../components/add-button.tsx";

export interface AssistantEntry {
  id: string;
  name: string;
  voice: Voice;
  /** A phone number rings this assistant. */
  connected: boolean;
  /** New, or edited and not saved yet. */
  unsaved: boolean;
}

interface AssistantListProps {
  entries: AssistantEntry[];
  currentId: string;
  onChoose: (id: string) => void;
  onCreate: () => void;
}

/** The left column: every assistant with its voice and state, and Create Assistant. */
export function AssistantList({ entries, currentId, onChoose, onCreate }: AssistantListProps) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: "assistants.list.label" })} className="flex flex-col gap-3">
      <AddButton onClick={onCreate}>
        <FormattedMessage id="assistants.create" />
      </AddButton>
      <ul className="space-y-1.5">
        {entries.map((entry) => {
          const current = entry.id === currentId;
          return (
            <li key={entry.id}>
              <button
                type="button"
                aria-current={current ? "true" : undefined}
                onClick={() => onChoose(entry.id)}
                className={`w-full rounded-xl border px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  current ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50"
                }`}
              >
                <span className="block font-semibold [overflow-wrap:anywhere] text-slate-900">{entry.name}</span>
                <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
                  <span className="text-slate-600">
                    <FormattedMessage id="assistants.list.voice" values={{ voice: voiceLabel(entry.voice) }} />
                  </span>
                  {entry.connected && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
                      <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
                      <FormattedMessage id="assistants.list.connected" />
                    </span>
                  )}
                  {entry.unsaved && (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
                      <FormattedMessage id="assistants.list.unsaved" />
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
