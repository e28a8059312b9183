import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { displayPhone } from "../../../../contract/phone.ts";
import { Button } from "../../../components/button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { failureDetail, when } from "../format.ts";
import { useClientList } from "../api/clients.ts";
import { useSearchText } from "./use-search-text.ts";
import { ClientSearchBox } from "./client-search-box.tsx";

interface ClientListProps {
  /** The search the list shows, as the address holds it. */
  query: string;
  onQuery: (query: string) => void;
  selectedId: string | null;
  /** A client chosen, with the search as typed so far: it is what the list showed, and nothing is left to settle later. */
  onSelect: (id: string, query: string) => void;
}

/** The search box and the clients it finds, in name order, a page at a time. */
export function ClientList({ query, onQuery, selectedId, onSelect }: ClientListProps) {
  const intl = useIntl();
  const countId = useId();
  const [text, setText] = useSearchText(query, onQuery);
  const list = useClientList(query);
  const salon = useSalon();
  // Times in the salon's zone, once it is known; the browser's only if the salon cannot be read.
  const timeZone = salon.data?.time_zone ?? (salon.isError ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined);
  const clients = list.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (list.isError && !list.data) {
    body = (
      <LoadFailed
        inline
        message={intl.formatMessage({ id: "clients.list.failed" }, { detail: failureDetail(list.error, intl) })}
        retryLabel={intl.formatMessage({ id: "clients.retry" })}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data) {
    body = (
      <p role="status" className="px-4 py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="clients.list.loading" />
      </p>
    );
  } else if (clients.length === 0) {
    body = (
      <p className="px-4 py-10 text-center text-sm text-slate-600">
        {query ? <FormattedMessage id="clients.list.noMatch" values={{ query }} /> : <FormattedMessage id="clients.list.empty" />}
      </p>
    );
  } else {
    body = (
      <>
        <ul aria-label={intl.formatMessage({ id: "clients.title" })} aria-describedby={countId} className="divide-y divide-slate-100">
          {clients.map((client) => (
            <li key={client.id}>
              <button
                type="button"
                onClick={() => onSelect(client.id, text.trim())}
                aria-current={client.id === selectedId || undefined}
                className={`block w-full px-4 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                  client.id === selectedId ? "bg-brand-50" : "hover:bg-slate-50"
                }`}
              >
                <span className={`block font-medium ${client.name ? "text-slate-900" : "text-slate-500 italic"}`}>
                  {client.name ?? intl.formatMessage({ id: "clients.unnamed" })}
                </span>
                {client.phones.length > 0 && <span className="block text-sm text-slate-600">{client.phones.map((phone) => displayPhone(phone)).join(", ")}</span>}
                {client.email && <span className="block truncate text-sm text-slate-600">{client.email}</span>}
                <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
                  {client.next_appointment_at && timeZone && (
                    <span>
                      <FormattedMessage
                        id="clients.list.next"
                        values={{ when: <time dateTime={client.next_appointment_at}>{when(client.next_appointment_at, timeZone, intl)}</time> }}
                      />
                    </span>
                  )}
                  <span className="tabular-nums">
                    <FormattedMessage id="clients.list.visits" values={{ count: client.visit_count }} />
                  </span>
                  {client.no_show_count > 0 && (
                    <span className="font-medium text-amber-900 tabular-nums">
                      <FormattedMessage id="clients.list.noShows" values={{ count: client.no_show_count }} />
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="border-t border-slate-100 p-3 text-center">
            <Button variant="secondary" size="sm" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              <FormattedMessage id={list.isFetchingNextPage ? "clients.list.loadingMore" : "clients.list.showMore"} />
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-100 p-4">
        <ClientSearchBox value={text} onChange={setText} />
        <p id={countId} role="status" className="mt-2 text-xs text-slate-500">
          {list.data &&
            clients.length > 0 &&
            intl.formatMessage({ id: list.hasNextPage ? "clients.list.countMore" : "clients.list.count" }, { count: clients.length })}
        </p>
      </div>
      {body}
    </div>
  );
}
