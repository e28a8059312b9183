import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type WebhookEndpoint, type WebhookEventType } from "../../../../contract/webhooks.ts";
import { Field, FieldError } from "../../../components/form-field.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { refusedFields } from "../../../lib/api-client.ts";
import { failureText } from "../../../lib/form-errors.ts";
import { useWebhookActions } from "./webhooks.ts";
import { ShownOnce } from "./shown-once.tsx";

const FIELDS = ["url", "description", "events"] as const;
type Refused = Partial<Record<(typeof FIELDS)[number], string>>;

/**
 * Adds an endpoint (`endpoint` null) or changes one. A new endpoint's signing secret is then
 * shown, this once.
 */
export function WebhookDialog({ open, endpoint, onClose }: { open: boolean; endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const { create, update } = useWebhookActions();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const [refused, setRefused] = useState<Refused>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [filled, setFilled] = useState<string | null>(null);
  // The form takes the endpoint's values each time it opens for another one.
  const current = endpoint?.id ?? "new";
  if (open && filled !== current) {
    setFilled(current);
    setUrl(endpoint?.url ?? "");
    setDescription(endpoint?.description ?? "");
    setEvents(endpoint ? endpoint.events : [...WEBHOOK_EVENTS]);
    setRefused({});
  }
  const failed = endpoint ? "salonSettings.webhooks.saveFailed" : "salonSettings.webhooks.createFailed";
  const submit = async () => {
    const json = { url, description, events };
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, json });
        toast.show("success", intl.formatMessage({ id: "salonSettings.webhooks.saved" }));
        onClose();
      } else {
        setSecret((await create.mutateAsync(json)).secret);
      }
    } catch (failure) {
      const atFields = refusedFields(failure, FIELDS);
      if (atFields) setRefused(atFields);
      else toast.show("error", failureText(failure, intl.formatMessage({ id: failed })));
    }
  };
  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((chosen) => WEBHOOK_EVENTS.filter((type) => (type === event ? on : chosen.includes(type))));
  const title = secret ? "salonSettings.webhooks.secretTitle" : endpoint ? "salonSettings.webhooks.editTitle" : "salonSettings.webhooks.createTitle";
  return (
    <Modal
      open={open}
      onClose={onClose}
      onClosed={() => {
        setSecret(null);
        setFilled(null);
      }}
      title={intl.formatMessage({ id: title })}
    >
      {secret ? (
        <SecretShown secret={secret} onDone={onClose} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Field label={intl.formatMessage({ id: "salonSettings.webhooks.url" })} hint={intl.formatMessage({ id: "salonSettings.webhooks.urlHint" })} error={refused.url} required>
            {(control) => (
              <input {...control} type="url" inputMode="url" autoComplete="off" value={url} maxLength={WEBHOOK_LIMITS.url} placeholder="https://" onChange={(event) => setUrl(event.target.value)} />
            )}
          </Field>
          <Field
            className="mt-4"
            label={intl.formatMessage({ id: "salonSettings.webhooks.descriptionLabel" })}
            hint={intl.formatMessage({ id: "salonSettings.webhooks.descriptionHint" })}
            error={refused.description}
          >
            {(control) => <input {...control} value={description} maxLength={WEBHOOK_LIMITS.description} onChange={(event) => setDescription(event.target.value)} />}
          </Field>
          <fieldset className="mt-4" aria-describedby={refused.events ? "webhook-events-error" : undefined}>
            <legend className="text-sm font-medium text-slate-700">
              <FormattedMessage id="salonSettings.webhooks.events" />
            </legend>
            {WEBHOOK_EVENTS.map((type) => (
              <label key={type} className="mt-2 flex items-center gap-2 text-slate-800">
                <input type="checkbox" checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} className="size-4 accent-brand-600" />
                <FormattedMessage id={`salonSettings.webhooks.event.${type}`} />
              </label>
            ))}
            {refused.events && <FieldError id="webhook-events-error">{refused.events}</FieldError>}
          </fieldset>
          <FormActions
            placement="dialog"
            onCancel={onClose}
            busy={create.isPending || update.isPending}
            label={intl.formatMessage({ id: endpoint ? "salonSettings.webhooks.save" : "salonSettings.webhooks.createSubmit" })}
            busyLabel={intl.formatMessage({ id: endpoint ? "salonSettings.webhooks.saving" : "salonSettings.webhooks.creating" })}
          />
        </form>
      )}
    </Modal>
  );
}

/** A signing secret, shown once, and what it is for. */
export function SecretShown({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <ShownOnce secret={secret} testId="webhook-secret" warning="salonSettings.webhooks.secretShownOnce" copyLabel="salonSettings.webhooks.copySecret" onDone={onDone}>
      <p className="mt-3 text-sm text-slate-600">
        <FormattedMessage
          id="salonSettings.webhooks.secretHow"
          values={{
            link: (text) => (
              <a href="/api/docs#webhooks" className="font-semibold text-brand-700 underline hover:text-brand-800">
                {text}
              </a>
            ),
          }}
        />
      </p>
    </ShownOnce>
  );
}
