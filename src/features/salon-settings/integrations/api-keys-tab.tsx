import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { API_KEY_LIMITS, API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from "../../../../contract/api-keys.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { controlClass, Field } from "../../../components/form-field.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { failureText } from "../../../lib/form-errors.ts";
import { useApiKeyActions, useApiKeys } from "./api-keys.ts";
import { SalonTime } from "../components/salon-time.tsx";
import { SettingsSection } from "../components/settings-section.tsx";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";
import { ShownOnce } from "./shown-once.tsx";

/** Salon Settings → API: keys for the salon's own programs, made, listed and revoked by the owner. */
export function ApiKeysTab() {
  const intl = useIntl();
  const query = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <SettingsTabLoad query={query} texts={{ toast: "salonSettings.apiKeys.loadFailed", failed: "salonSettings.apiKeys.loadFailed", loading: "salonSettings.apiKeys.loading" }}>
      {(list) => (
        <SettingsSection title="salonSettings.apiKeys.title" description="salonSettings.apiKeys.description">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <a href="/api/docs" className="text-sm font-semibold text-brand-700 underline hover:text-brand-800">
              <FormattedMessage id="salonSettings.apiKeys.reference" />
            </a>
            <Button onClick={() => setCreating(true)} disabled={list.filter((key) => !key.revoked_at).length >= API_KEY_LIMITS.active}>
              <FormattedMessage id="salonSettings.apiKeys.create" />
            </Button>
          </div>
          {list.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">
              <FormattedMessage id="salonSettings.apiKeys.empty" />
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {list.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {key.name} <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-sm text-slate-700">{key.prefix}…</code>
                    </p>
                    <p className="text-sm text-slate-600">
                      <FormattedMessage id={`salonSettings.apiKeys.scope.${key.scope}`} />
                      {" · "}
                      <FormattedMessage id="salonSettings.apiKeys.created" values={{ date: <SalonTime value={key.created_at} /> }} />
                      {" · "}
                      {key.last_used_at ? (
                        <FormattedMessage id="salonSettings.apiKeys.lastUsed" values={{ date: <SalonTime value={key.last_used_at} /> }} />
                      ) : (
                        <FormattedMessage id="salonSettings.apiKeys.neverUsed" />
                      )}
                    </p>
                  </div>
                  {key.revoked_at ? (
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-700">
                      <FormattedMessage id="salonSettings.apiKeys.revoked" />
                    </span>
                  ) : (
                    <Button variant="danger-outline" size="sm" onClick={() => setRevoking(key)} aria-label={intl.formatMessage({ id: "salonSettings.apiKeys.revokeNamed" }, { name: key.name })}>
                      <FormattedMessage id="salonSettings.apiKeys.revoke" />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
          <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
        </SettingsSection>
      )}
    </SettingsTabLoad>
  );
}

/** Asks for a name and a scope, then shows the new key this once. */
function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const { create } = useApiKeyActions();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    try {
      setKey((await create.mutateAsync({ name, scope })).key);
    } catch (failure) {
      setError(failureText(failure, intl.formatMessage({ id: "salonSettings.apiKeys.createFailed" })));
      toast.show("error", failureText(failure, intl.formatMessage({ id: "salonSettings.apiKeys.createFailed" })));
    }
  };
  const reset = () => {
    setName("");
    setScope("read");
    setKey(null);
    setError(undefined);
  };
  return (
    <Modal open={open} onClose={onClose} onClosed={reset} title={intl.formatMessage({ id: key ? "salonSettings.apiKeys.createdTitle" : "salonSettings.apiKeys.createTitle" })}>
      {key ? (
        <ShownOnce secret={key} testId="api-key" warning="salonSettings.apiKeys.shownOnce" copyLabel="salonSettings.apiKeys.copy" onDone={onClose} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Field label={intl.formatMessage({ id: "salonSettings.apiKeys.name" })} hint={intl.formatMessage({ id: "salonSettings.apiKeys.nameHint" })} error={error} required>
            {(control) => <input {...control} value={name} maxLength={API_KEY_LIMITS.name} onChange={(event) => setName(event.target.value)} className={controlClass(Boolean(error))} />}
          </Field>
          <fieldset className="mt-4">
            <legend className="text-sm font-medium text-slate-700">
              <FormattedMessage id="salonSettings.apiKeys.access" />
            </legend>
            {API_KEY_SCOPES.map((value) => (
              <label key={value} className="mt-2 flex items-center gap-2 text-slate-800">
                <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => setScope(value)} className="accent-brand-600" />
                <FormattedMessage id={`salonSettings.apiKeys.scope.${value}`} />
              </label>
            ))}
          </fieldset>
          <FormActions
            placement="dialog"
            onCancel={onClose}
            busy={create.isPending}
            label={intl.formatMessage({ id: "salonSettings.apiKeys.createSubmit" })}
            busyLabel={intl.formatMessage({ id: "salonSettings.apiKeys.creating" })}
          />
        </form>
      )}
    </Modal>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const { revoke } = useApiKeyActions();
  const confirm = async () => {
    try {
      await revoke.mutateAsync(apiKey!.id);
    } catch (failure) {
      toast.show("error", failureText(failure, intl.formatMessage({ id: "salonSettings.apiKeys.revokeFailed" })));
      throw failure;
    }
    toast.show("success", intl.formatMessage({ id: "salonSettings.apiKeys.revokedToast" }));
  };
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title={intl.formatMessage({ id: "salonSettings.apiKeys.revokeTitle" }, { name: apiKey?.name ?? "" })}
      message={intl.formatMessage({ id: "salonSettings.apiKeys.revokeMessage" })}
      confirmLabel={intl.formatMessage({ id: "salonSettings.apiKeys.revoke" })}
      busyLabel={intl.formatMessage({ id: "salonSettings.apiKeys.revoking" })}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
