import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AssistantConfig } from "../../../../contract/assistants.ts";
import { PHONE_NAME_LENGTH, PHONE_NUMBER_LENGTH, type PhoneNumber } from "../../../../contract/phone-numbers.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { Field } from "../../../components/form-field.tsx";
import { IconButton, TRASH_ICON } from "../../../components/icon-button.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useDeletePhoneNumber, useSavePhoneNumber } from "../../../lib/salon-data/phone-numbers.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { ForwardingHelp } from "./forwarding-help.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { VerificationPanel } from "./verification-panel.tsx";
import { AssistantSelect } from "./assistant-select.tsx";

interface Draft {
  phone_number: string;
  phone_name: string;
  /** "" is No Assistant. */
  assistant_config_id: string;
}

const toDraft = (number: PhoneNumber | undefined): Draft => ({
  phone_number: number ? displayPhone(number.phone_number) : "",
  phone_name: number?.phone_name ?? "",
  assistant_config_id: number?.assistant_config_id ?? "",
});

interface PhoneNumberFormProps {
  /** The saved number; none for a new one. */
  number: PhoneNumber | undefined;
  assistants: AssistantConfig[];
  onSaved: (id: string) => void;
  onDeleted: () => void;
}

/**
 * One number: whether it takes calls (and how it comes to, or how to forward a line to it),
 * then its fields. The format is only hinted (the server checks it and answers with a
 * message), and Save stays disabled until something differs from what was loaded. A number
 * bought here or assigned keeps its digits; deleting a bought one releases it for good.
 */
export function PhoneNumberForm({ number, assistants, onSaved, onDeleted }: PhoneNumberFormProps) {
  const intl = useIntl();
  const toast = useToast();
  const save = useSavePhoneNumber();
  const remove = useDeletePhoneNumber();
  const titleId = useId();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const unreachable = () => t("phoneNumbers.error.unreachable");

  const form = useDashboardForm({
    loaded: toDraft(number),
    canSave: (_draft, dirty) => dirty,
    // No check here: the server's answer names what is wrong with a number.
    check: (draft) => ({
      // The spec sends an empty assistant choice as null.
      body: { phone_number: draft.phone_number, phone_name: draft.phone_name, assistant_config_id: draft.assistant_config_id || null },
    }),
    save: (body) => save.mutateAsync({ id: number?.id, body }),
    savedText: t(number ? "phoneNumbers.toast.updated" : "phoneNumbers.toast.created"),
    failedText: (error) => t("phoneNumbers.toast.saveFailed", { detail: errorDetail(error, unreachable()) }),
    onSaved: (saved) => onSaved(saved.id),
  });
  const { draft, errors } = form;
  const set = (key: keyof Draft, value: string) => form.change({ [key]: value }, key);
  const label = number ? (number.phone_name ?? displayPhone(number.phone_number)) : t("phoneNumbers.form.newTitle");
  const fixedNumber = number !== undefined && number.source !== "own";
  const releases = number?.source === "bought";

  const deleteNumber = async () => {
    try {
      await remove.mutateAsync(number!.id);
    } catch (error) {
      toast.show("error", t("phoneNumbers.toast.deleteFailed", { detail: errorDetail(error, unreachable()) }));
      throw error;
    }
    toast.show("success", t(releases ? "phoneNumbers.toast.released" : "phoneNumbers.toast.deleted"));
    onDeleted();
  };

  return (
    <div className="min-w-0 self-start rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
            {label}
          </h2>
          {number && <StatusBadge status={number.status} />}
        </div>
        {number && (
          <IconButton label={t("phoneNumbers.form.delete")} tone="danger" onClick={() => setConfirmingDelete(true)}>
            {TRASH_ICON}
          </IconButton>
        )}
      </div>
      {number && (
        <div className="px-4 pt-5 sm:px-6">
          {number.status === "active" ? <ForwardingHelp e164={number.phone_number} /> : <VerificationPanel number={number} />}
        </div>
      )}
      <form {...form.formProps} aria-labelledby={titleId}>
        <div className="space-y-5 px-4 py-5 sm:px-6">
          <Field
            label={t("phoneNumbers.form.number")}
            hint={t(fixedNumber ? "phoneNumbers.form.numberFixed" : "phoneNumbers.form.numberHint")}
            error={errors.phone_number}
            required
          >
            {(control) => (
              <input
                {...control}
                type="tel"
                autoComplete="off"
                placeholder={t("phoneNumbers.form.numberPlaceholder")}
                maxLength={PHONE_NUMBER_LENGTH}
                readOnly={fixedNumber}
                value={draft.phone_number}
                onChange={(event) => set("phone_number", event.target.value)}
                className={`${control.className} read-only:bg-slate-50 read-only:text-slate-700`}
              />
            )}
          </Field>
          <Field label={t("phoneNumbers.form.name")} error={errors.phone_name}>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                placeholder={t("phoneNumbers.form.namePlaceholder")}
                maxLength={PHONE_NAME_LENGTH}
                value={draft.phone_name}
                onChange={(event) => set("phone_name", event.target.value)}
              />
            )}
          </Field>
          <AssistantSelect
            value={draft.assistant_config_id}
            onChange={(id) => set("assistant_config_id", id)}
            assistants={assistants}
            error={errors.assistant_config_id}
          />
        </div>
        <FormActions
          placement="card"
          busy={form.busy}
          disabled={!form.canSave}
          label={<FormattedMessage id={number ? "phoneNumbers.form.save" : "phoneNumbers.form.create"} />}
          busyLabel={<FormattedMessage id="phoneNumbers.form.saving" />}
        />
      </form>
      {number && (
        <ConfirmDialog
          open={confirmingDelete}
          title={t(releases ? "phoneNumbers.release.title" : "phoneNumbers.form.delete")}
          message={t(releases ? "phoneNumbers.release.message" : "phoneNumbers.delete.message", { name: label })}
          confirmLabel={t(releases ? "phoneNumbers.release.confirm" : "common.delete")}
          busyLabel={t(releases ? "phoneNumbers.release.busy" : "common.deleting")}
          onConfirm={deleteNumber}
          onClose={() => setConfirmingDelete(false)}
        />
      )}
    </div>
  );
}
