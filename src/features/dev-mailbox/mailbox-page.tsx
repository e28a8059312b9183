import type { InferResponseType } from "hono/client";
import { useEffect, useState } from "react";
import { FormattedDate, FormattedMessage, FormattedTime } from "react-intl";
import { NotFoundPage } from "../../components/not-found-page.tsx";
import { ApiRequestError, api, read } from "../../lib/api-client.ts";

type MailboxMail = InferResponseType<typeof api.dev.mailbox.$get>["items"][number];

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
  const [mails, setMails] = useState<MailboxMail[] | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      read(api.dev.mailbox.$get(undefined, { init: { signal: controller.signal } }))
        .then((data) => setMails(data.items))
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
        <FormattedMessage id="mailbox.subtitle" />
      </p>
      {mails?.length === 0 && (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-500">
          <FormattedMessage id="mailbox.empty" />
        </p>
      )}
      <ol className="mt-8 space-y-4">
        {mails?.map((mail) => (
          <li key={mail.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="mailbox-item">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold text-slate-900">{mail.subject}</h2>
              <span className="text-xs text-slate-500">
                <FormattedDate value={mail.createdAt} /> <FormattedTime value={mail.createdAt} />
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-600">
              <FormattedMessage id="mailbox.to" values={{ to: mail.to, from: mail.from }} />
            </p>
            <MailText text={mail.text} />
          </li>
        ))}
      </ol>
    </section>
  );
}
