import type { InferResponseType } from "hono/client";
import { useEffect, useState, type ReactNode } from "react";
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from "react-intl";
import { MessageStateChip } from "../../components/message-state-chip.tsx";
import { NotFoundPage } from "../../components/not-found-page.tsx";
import { ApiRequestError, api, read } from "../../lib/api-client.ts";

type Mailbox = InferResponseType<typeof api.dev.mailbox.$get>;
type MailboxMail = Mailbox["items"][number];
type ClientMessage = Mailbox["messages"][number];

/** Mail and client messages in one list, newest first. */
type Entry = { mail: MailboxMail; at: string } | { message: ClientMessage; at: string };

const entries = ({ items, messages }: Mailbox): Entry[] =>
  [...items.map((mail) => ({ mail, at: mail.createdAt })), ...messages.map((message) => ({ message, at: message.created_at }))].sort(
    (a, b) => Date.parse(b.at) - Date.parse(a.at),
  );

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Mail text with its links made clickable, so a local user can follow verification links. */
function MailText({ text }: { text: string }) {
  return (
    <p className="mt-3 text-sm whitespace-pre-wrap text-slate-700">
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all font-medium text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export function MailboxPage() {
  const [mails, setMails] = useState<Entry[] | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      read(api.dev.mailbox.$get(undefined, { init: { signal: controller.signal } }))
        .then((data) => setMails(entries(data)))
        .catch((error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 404) setMissing(true);
        });
    load();
    const timer = setInterval(load, 3000);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);

  if (missing) return <NotFoundPage />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">
        <FormattedMessage id="mailbox.title" />
      </h1>
      <p className="mt-2 text-slate-600">
        <FormattedMessage id="mailbox.subtitle" /> <FormattedMessage id="mailbox.clientMessages" />
      </p>
      {mails?.length === 0 && (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-500">
          <FormattedMessage id="mailbox.empty" />
        </p>
      )}
      <ol className="mt-8 space-y-4">
        {mails?.map((entry) => ("mail" in entry ? <MailItem key={entry.mail.id} mail={entry.mail} /> : <MessageItem key={entry.message.id} message={entry.message} />))}
      </ol>
    </section>
  );
}

/** When an entry was written, and what it is. */
function EntryHeading({ title, tag, at }: { title: string; tag: ReactNode; at: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 className="font-semibold text-slate-900">
        <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 align-middle text-xs font-medium text-slate-700">{tag}</span>
        {title}
      </h2>
      <span className="text-xs text-slate-500">
        <FormattedDate value={at} /> <FormattedTime value={at} />
      </span>
    </div>
  );
}

function MailItem({ mail }: { mail: MailboxMail }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="mailbox-item">
      <EntryHeading title={mail.subject} tag={<FormattedMessage id="mailbox.mail" />} at={mail.createdAt} />
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id="mailbox.to" values={{ to: mail.to, from: mail.from }} />
      </p>
      <MailText text={mail.text} />
    </li>
  );
}

/** A message a salon wrote its client: where it stands, why it was not sent, and its text. */
function MessageItem({ message }: { message: ClientMessage }) {
  const intl = useIntl();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="mailbox-message">
      <EntryHeading
        title={message.subject ?? intl.formatMessage({ id: `clientMessages.kind.${message.kind}` })}
        tag={<FormattedMessage id={`clientMessages.channel.${message.channel}`} />}
        at={message.created_at}
      />
      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {/* Without a recipient, the reason below says why. */}
        {message.recipient ? <FormattedMessage id="mailbox.messageTo" values={{ to: message.recipient, salon: message.salon_name }} /> : message.salon_name}
        <MessageStateChip state={message.state} dueAt={message.due_at} />
      </div>
      {message.skip_reason && (
        <p className="mt-1 text-sm text-amber-900">
          <FormattedMessage id={`clientMessages.skip.${message.skip_reason}`} />
        </p>
      )}
      {message.error && <p className="mt-1 text-sm text-red-800">{message.error}</p>}
      <MailText text={message.body} />
    </li>
  );
}
