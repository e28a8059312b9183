import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ClientMessage } from "../../../../contract/client-messages.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { MessageStateChip } from "../../../components/message-state-chip.tsx";
import { useCallCosts } from "../../../lib/money.ts";
import { useAppointmentMessages, useMessageTexts } from "../api/client-messages.ts";

/**
 * The appointment dialog's list of the confirmations and reminders its client was sent, by
 * SMS and email: where each stands, why one was not sent, and what an SMS cost.
 */
export function AppointmentMessages({ appointmentId, timeZone, className = "" }: { appointmentId: string; timeZone: string; className?: string }) {
  const intl = useIntl();
  const messages = useAppointmentMessages(appointmentId);
  const items = messages.data?.items;

  return (
    <section aria-labelledby="appointment-messages-title" className={className} data-testid="appointment-messages">
      <h3 id="appointment-messages-title" className="text-sm font-semibold text-slate-900">
        <FormattedMessage id="appointments.messages.title" />
      </h3>
      {messages.isError ? (
        <LoadFailed
          inline
          message={intl.formatMessage({ id: "appointments.messages.loadFailed" })}
          retryLabel={intl.formatMessage({ id: "appointments.messages.retry" })}
          onRetry={() => void messages.refetch()}
        />
      ) : !items ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          <FormattedMessage id="appointments.messages.loading" />
        </p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          <FormattedMessage id="appointments.messages.empty" />
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {items.map((message) => (
            <MessageRow key={message.id} appointmentId={appointmentId} message={message} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageRow({ appointmentId, message, timeZone }: { appointmentId: string; message: ClientMessage; timeZone: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const textId = useId();
  const costs = useCallCosts();
  const when = (value: string) => intl.formatDate(value, { timeZone, day: "numeric", month: "short", hour: "numeric", minute: "2-digit" });
  const euros = message.price_usd !== null && message.eur_per_usd !== null ? message.price_usd * message.eur_per_usd : null;

  return (
    <li className="px-3 py-2.5 text-sm" data-testid="appointment-message">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium text-slate-900">
          <FormattedMessage id={`clientMessages.kind.${message.kind}`} />
          <span className="text-slate-500"> · </span>
          <FormattedMessage id={`clientMessages.channel.${message.channel}`} />
        </p>
        <MessageStateChip state={message.state} dueAt={message.due_at} timeZone={timeZone} />
      </div>
      {/* Without one, the reason below says so. */}
      {message.recipient && (
        <p className="mt-0.5 break-all text-slate-700">{message.channel === "sms" ? displayPhone(message.recipient) : message.recipient}</p>
      )}
      <p className="mt-0.5 text-xs text-slate-600">
        {message.sent_at ? (
          <FormattedMessage id="appointments.messages.sentAt" values={{ time: when(message.sent_at) }} />
        ) : (
          <FormattedMessage id="appointments.messages.created" values={{ time: when(message.created_at) }} />
        )}
        {euros !== null && costs && (
          <>
            {" · "}
            <FormattedMessage id="appointments.messages.cost" values={{ cost: costs.cost(euros) }} />
          </>
        )}
      </p>
      {message.state === "failed" && message.error && (
        <p className="mt-1 text-xs text-red-800">
          <FormattedMessage id="appointments.messages.error" values={{ error: message.error }} />
        </p>
      )}
      {message.skip_reason && (
        <p className="mt-1 text-xs text-amber-900">
          <FormattedMessage id={`clientMessages.skip.${message.skip_reason}`} />
        </p>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={textId}
        onClick={() => setOpen(!open)}
        className="mt-1 text-xs font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <FormattedMessage id={open ? "appointments.messages.hideText" : "appointments.messages.showText"} />
      </button>
      <div id={textId} hidden={!open}>
        {open && <MessageText appointmentId={appointmentId} id={message.id} />}
      </div>
    </li>
  );
}

/** A message's words as the client got them (or would have). */
function MessageText({ appointmentId, id }: { appointmentId: string; id: string }) {
  const texts = useMessageTexts(appointmentId, id, true);
  if (!texts.data) {
    return (
      <p role="status" className="mt-1 text-xs text-slate-600">
        <FormattedMessage id={texts.isError ? "appointments.messages.textFailed" : "appointments.messages.textLoading"} />
      </p>
    );
  }
  return (
    <div lang={texts.data.language} className="mt-1.5 rounded-md bg-slate-50 p-2.5 text-xs text-slate-800" data-testid="message-text">
      {texts.data.subject && <p className="mb-1.5 font-semibold">{texts.data.subject}</p>}
      <p className="wrap-anywhere whitespace-pre-wrap">{texts.data.body}</p>
    </div>
  );
}
