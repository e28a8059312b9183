import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { pageItems } from "../pagination.ts";

interface PaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

const BUTTON =
  "grid h-8 min-w-8 place-items-center rounded-lg px-2 text-sm font-medium tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";

/** First, previous, the numbered pages with gaps, next and last. */
export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  const intl = useIntl();
  const arrow = (id: string, target: number, path: ReactNode) => (
    <li>
      <button
        type="button"
        aria-label={intl.formatMessage({ id })}
        title={intl.formatMessage({ id })}
        disabled={target === page}
        onClick={() => onPage(target)}
        className={`${BUTTON} text-slate-600 hover:bg-slate-100`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="size-4">
          {path}
        </svg>
      </button>
    </li>
  );
  return (
    <nav aria-label={intl.formatMessage({ id: "calls.pagination.label" })}>
      <ul className="flex flex-wrap items-center justify-center gap-0.5">
        {arrow("calls.pagination.first", 1, <path d="M10.5 14.5 6 10l4.5-4.5M15 14.5 10.5 10 15 5.5" />)}
        {arrow("calls.pagination.previous", Math.max(1, page - 1), <path d="M12.5 14.5 8 10l4.5-4.5" />)}
        {pageItems(page, pageCount).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <button
                type="button"
                aria-label={intl.formatMessage({ id: "calls.pagination.page" }, { page: item })}
                aria-current={item === page ? "page" : undefined}
                onClick={() => onPage(item)}
                className={`${BUTTON} ${item === page ? "bg-brand-600 text-white shadow-sm" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="grid h-8 w-6 place-items-center text-sm text-slate-500">
              …
            </li>
          ),
        )}
        {arrow("calls.pagination.next", Math.min(pageCount, page + 1), <path d="M7.5 5.5 12 10l-4.5 4.5" />)}
        {arrow("calls.pagination.last", pageCount, <path d="M9.5 5.5 14 10l-4.5 4.5M5 5.5 9.5 10 5 14.5" />)}
      </ul>
    </nav>
  );
}
