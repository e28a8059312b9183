import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ClientDetail } from "../../../../contract/clients.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { FormActions } from "../../../components/form-actions.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { failureDetail } from "../format.ts";
import { useClientList, useMergeClients } from "../api/clients.ts";
import { useSearchText } from "./use-search-text.ts";
import { ClientSearchBox } from "./client-search-box.tsx";

interface MergeClientDialogProps {
  open: boolean;
  client: ClientDetail;
  /** How the client is named in the explanation. */
  label: string;
  onClose: () => void;
  /** The client that stays, whose page then shows. */
  onMerged: (id: string) => void;
}

/** Finds another record of the same person and folds it into this client. */
export function MergeClientDialog({ open, client, label, onClose, onMerged }: MergeClientDialogProps) {
  const intl = useIntl();
  const merge = useMergeClients();
  return (
    <Modal open={open} onClose={() => !merge.isPending && onClose()} title={intl.formatMessage({ id: "clients.merge.title" })} size="lg">
      <MergeForm client={client} label={label} onClose={onClose} onMerged={onMerged} merge={merge} />
    </Modal>
  );
}

function MergeForm({ client, label, onClose, onMerged, merge }: Omit<MergeClientDialogProps, "open"> & { merge: ReturnType<typeof useMergeClients> }) {
  const intl = useIntl();
  const toast = useToast();
  const [query, setQuery] = useState("");
  const [text, setText] = useSearchText(query, setQuery);
  const [other, setOther] = useState<string | null>(null);
  const list = useClientList(query);
  const candidates = (list.data?.pages.flatMap((page) => page.items) ?? []).filter((one) => one.id !== client.id);

  const confirm = async () => {
    if (!other) return;
    try {
      const kept = await merge.mutateAsync({ id: client.id, other });
      toast.show("success", intl.formatMessage({ id: "clients.merge.done" }));
      onClose();
      onMerged(kept.id);
    } catch (error) {
      toast.show("error", intl.formatMessage({ id: "clients.merge.failed" }, { detail: failureDetail(error, intl) }));
    }
  };

  return (
    <>
      <p className="text-slate-700">
        <FormattedMessage id="clients.merge.intro" values={{ name: label }} />
      </p>
      <ClientSearchBox value={text} onChange={setText} className="mt-4" />
      <fieldset className="mt-3">
        <legend className="sr-only">
          <FormattedMessage id="clients.merge.choose" />
        </legend>
        {list.data && candidates.length === 0 ? (
          <p role="status" className="py-4 text-center text-sm text-slate-600">
            {query ? <FormattedMessage id="clients.list.noMatch" values={{ query }} /> : <FormattedMessage id="clients.list.empty" />}
          </p>
        ) : (
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
            {candidates.map((candidate) => (
              <li key={candidate.id}>
                <label className={`flex cursor-pointer items-start gap-3 px-3 py-2 text-sm ${other === candidate.id ? "bg-brand-50" : "hover:bg-slate-50"}`}>
                  <input
                    type="radio"
                    name="merge-other"
                    value={candidate.id}
                    checked={other === candidate.id}
                    onChange={() => setOther(candidate.id)}
                    className="mt-1 accent-brand-600"
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{candidate.name ?? intl.formatMessage({ id: "clients.unnamed" })}</span>
                    <span className="block text-slate-600">{[...candidate.phones.map((phone) => displayPhone(phone)), candidate.email].filter(Boolean).join(" · ")}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <FormActions
        placement="dialog"
        onCancel={onClose}
        busy={merge.isPending}
        disabled={!other}
        label={intl.formatMessage({ id: "clients.merge.confirm" })}
        busyLabel={intl.formatMessage({ id: "clients.merge.busy" })}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
