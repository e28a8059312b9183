import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { WEBHOOK_LIMITS, type WebhookDelivery, type WebhookEndpoint } from "../../../../contract/webhooks.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { failureText } from "../../../lib/form-errors.ts";
import { useWebhookActions, useWebhooks } from "./webhooks.ts";
import { SettingsSection } from "../components/settings-section.tsx";
import { SettingsSwitch } from "../components/settings-switch.tsx";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";
import { SalonTime } from "../components/salon-time.tsx";
import { DeliveryResult, WebhookDeliveries } from "./webhook-deliveries.tsx";
import { SecretShown, WebhookDialog } from "./webhook-dialog.tsx";

type Dialog = { kind: "edit" | "log" | "secret" | "delete"; endpoint: WebhookEndpoint } | { kind: "add" } | null;

/** Salon Settings › Integrations › Webhooks: the addresses told of the salon's events, each with its test, secret and log. */
export function WebhooksSection() {
  const query = useWebhooks();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const on = (kind: "edit" | "log" | "secret" | "delete") => (dialog && dialog.kind === kind ? dialog.endpoint : null);
  return (
    <SettingsTabLoad query={query} texts={{ toast: "salonSettings.webhooks.loadFailed", failed: "salonSettings.webhooks.loadFailed", loading: "salonSettings.webhooks.loading" }}>
      {(list) => {
        const full = list.length >= WEBHOOK_LIMITS.endpoints;
        return (
          <SettingsSection title="salonSettings.webhooks.title" description="salonSettings.webhooks.description">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <a href="/api/docs#webhooks" className="text-sm font-semibold text-brand-700 underline hover:text-brand-800">
                <FormattedMessage id="salonSettings.webhooks.reference" />
              </a>
              <Button onClick={() => setDialog({ kind: "add" })} disabled={full} aria-describedby={full ? "webhooks-full" : undefined}>
                <FormattedMessage id="salonSettings.webhooks.add" />
              </Button>
            </div>
            {full && (
              <p id="webhooks-full" className="mt-2 text-sm text-slate-600">
                <FormattedMessage id="salonSettings.webhooks.full" values={{ max: WEBHOOK_LIMITS.endpoints }} />
              </p>
            )}
            {list.length === 0 ? (
              <p className="mt-4 text-sm text-slate-600">
                <FormattedMessage id="salonSettings.webhooks.empty" />
              </p>
            ) : (
              <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
                {list.map((endpoint) => (
                  <EndpointRow key={endpoint.id} endpoint={endpoint} open={(kind) => setDialog({ kind, endpoint })} />
                ))}
              </ul>
            )}
            <WebhookDialog open={dialog?.kind === "add" || dialog?.kind === "edit"} endpoint={on("edit")} onClose={close} />
            <WebhookDeliveries endpoint={on("log")} onClose={close} />
            <ReplaceSecretDialog endpoint={on("secret")} onClose={close} />
            <DeleteDialog endpoint={on("delete")} onClose={close} />
          </SettingsSection>
        );
      }}
    </SettingsTabLoad>
  );
}

function EndpointRow({ endpoint, open }: { endpoint: WebhookEndpoint; open: (kind: "edit" | "log" | "secret" | "delete") => void }) {
  const intl = useIntl();
  const toast = useToast();
  const { update, test } = useWebhookActions();
  const named = (id: string) => intl.formatMessage({ id }, { url: endpoint.url });
  const last = endpoint.last_delivery;
  const sendTest = async () => {
    try {
      toast.show(...testOutcome(await test.mutateAsync(endpoint.id), intl.formatMessage));
    } catch (failure) {
      toast.show("error", errorDetail(failure, intl.formatMessage({ id: "salonSettings.webhooks.testFailed" })));
    }
  };
  const switchTo = async (enabled: boolean) => {
    try {
      await update.mutateAsync({ id: endpoint.id, json: { enabled } });
    } catch (failure) {
      toast.show("error", failureText(failure, intl.formatMessage({ id: "salonSettings.webhooks.saveFailed" })));
    }
  };
  return (
    <li className="space-y-3 px-4 py-4">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">{endpoint.url}</p>
        {endpoint.description && <p className="text-sm text-slate-700">{endpoint.description}</p>}
        <p className="mt-1 text-sm text-slate-600">{endpoint.events.map((type) => intl.formatMessage({ id: `salonSettings.webhooks.event.${type}` })).join(", ")}</p>
        <p className="text-sm text-slate-600">
          <FormattedMessage id="salonSettings.webhooks.secretPrefix" values={{ prefix: <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-700">{endpoint.secret_prefix}…</code> }} />
          {" · "}
          {last ? (
            <FormattedMessage id="salonSettings.webhooks.lastDelivery" values={{ date: <SalonTime value={last.at} />, result: <DeliveryResult delivery={{ status: last.status, response_status: last.response_status, error: null, next_attempt_at: null }} /> }} />
          ) : (
            <FormattedMessage id="salonSettings.webhooks.noDeliveries" />
          )}
        </p>
      </div>
      <SettingsSwitch
        label={<FormattedMessage id="salonSettings.webhooks.sending" />}
        hint={<FormattedMessage id={endpoint.enabled ? "salonSettings.webhooks.sendingOn" : "salonSettings.webhooks.sendingOff"} />}
        checked={endpoint.enabled}
        disabled={update.isPending}
        onChange={(enabled) => void switchTo(enabled)}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void sendTest()} busy={test.isPending} disabled={!endpoint.enabled} aria-label={named("salonSettings.webhooks.testNamed")}>
          <FormattedMessage id="salonSettings.webhooks.test" />
        </Button>
        <Button variant="secondary" size="sm" onClick={() => open("log")} aria-label={named("salonSettings.webhooks.logNamed")}>
          <FormattedMessage id="salonSettings.webhooks.log" />
        </Button>
        <Button variant="secondary" size="sm" onClick={() => open("edit")} aria-label={named("salonSettings.webhooks.editNamed")}>
          <FormattedMessage id="salonSettings.webhooks.edit" />
        </Button>
        <Button variant="secondary" size="sm" onClick={() => open("secret")} aria-label={named("salonSettings.webhooks.replaceNamed")}>
          <FormattedMessage id="salonSettings.webhooks.replace" />
        </Button>
        <Button variant="danger-outline" size="sm" onClick={() => open("delete")} aria-label={named("salonSettings.webhooks.deleteNamed")}>
          <FormattedMessage id="salonSettings.webhooks.delete" />
        </Button>
      </div>
    </li>
  );
}

/** The toast that tells how a test event went. */
function testOutcome(delivery: WebhookDelivery, format: ReturnType<typeof useIntl>["formatMessage"]): ["success" | "error", string] {
  const status = delivery.response_status;
  if (delivery.status === "delivered") return ["success", format({ id: "salonSettings.webhooks.testDelivered" }, { status })];
  if (status !== null) return ["error", format({ id: "salonSettings.webhooks.testHttp" }, { status })];
  return ["error", format({ id: delivery.error === "timeout" ? "salonSettings.webhooks.testTimeout" : "salonSettings.webhooks.testUnreachable" })];
}

/** Asks, then replaces the endpoint's secret and shows the new one this once. */
function ReplaceSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const { replaceSecret } = useWebhookActions();
  const [secret, setSecret] = useState<string | null>(null);
  const replace = async () => {
    try {
      setSecret((await replaceSecret.mutateAsync(endpoint!.id)).secret);
    } catch (failure) {
      toast.show("error", failureText(failure, intl.formatMessage({ id: "salonSettings.webhooks.replaceFailed" })));
    }
  };
  return (
    <Modal open={endpoint !== null} onClose={() => !replaceSecret.isPending && onClose()} onClosed={() => setSecret(null)} title={intl.formatMessage({ id: secret ? "salonSettings.webhooks.secretTitle" : "salonSettings.webhooks.replaceTitle" })}>
      {secret ? (
        <SecretShown secret={secret} onDone={onClose} />
      ) : (
        <>
          <p className="text-slate-700">
            <FormattedMessage id="salonSettings.webhooks.replaceMessage" />
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose} disabled={replaceSecret.isPending}>
              <FormattedMessage id="salonSettings.webhooks.cancel" />
            </Button>
            <Button onClick={() => void replace()} busy={replaceSecret.isPending}>
              <FormattedMessage id={replaceSecret.isPending ? "salonSettings.webhooks.replacing" : "salonSettings.webhooks.replaceConfirm"} />
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const { remove } = useWebhookActions();
  const confirm = async () => {
    try {
      await remove.mutateAsync(endpoint!.id);
    } catch (failure) {
      toast.show("error", failureText(failure, intl.formatMessage({ id: "salonSettings.webhooks.deleteFailed" })));
      throw failure;
    }
    toast.show("success", intl.formatMessage({ id: "salonSettings.webhooks.deleted" }));
  };
  return (
    <ConfirmDialog
      open={endpoint !== null}
      title={intl.formatMessage({ id: "salonSettings.webhooks.deleteTitle" })}
      message={intl.formatMessage({ id: "salonSettings.webhooks.deleteMessage" }, { url: endpoint?.url ?? "" })}
      confirmLabel={intl.formatMessage({ id: "salonSettings.webhooks.delete" })}
      busyLabel={intl.formatMessage({ id: "salonSettings.webhooks.deleting" })}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
