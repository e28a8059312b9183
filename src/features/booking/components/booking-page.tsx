import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { ApiRequestError } from "../../../lib/api-answer.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { loadPage } from "../api.ts";
import { BookingFlow } from "./booking-flow.tsx";
import { PageColumn, PageLoading, PageMessage, PhoneLink } from "./page-states.tsx";
import { SalonHeader } from "./salon-header.tsx";

/** /{lang}/book/{slug}: a salon's own booking page, for anyone, in the page's language. */
export function BookingPage({ slug }: { slug: string }) {
  const intl = useIntl();
  const { language } = useLanguage();
  // The page's data is the same in every language: a switch keeps it, and what was chosen.
  const page = useQuery({ queryKey: ["booking", slug], queryFn: ({ signal }) => loadPage(slug, language, signal) });

  // No page at this address (booking_page_not_found), or no address at all (/{lang}/book).
  const notFound = page.error instanceof ApiRequestError && page.error.status === 404;
  const title = page.data
    ? intl.formatMessage({ id: "booking.page.title" }, { salon: page.data.salon.name })
    : intl.formatMessage({ id: notFound ? "booking.notFound.title" : "booking.shell.title" });
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!page.data) {
    // A main of its own: the loaded page's comes below the salon's header, as a new element
    // rather than this one moved down (which browsers count as the layout shifting).
    return (
      <main key="pending">
        <PageColumn>
          {page.isPending ? (
            <PageLoading />
          ) : notFound ? (
            <PageMessage titleId="booking.notFound.title">
              <FormattedMessage id="booking.notFound.text" />
            </PageMessage>
          ) : (
            <PageMessage titleId="booking.failed.title" onRetry={() => void page.refetch()}>
              <FormattedMessage id="booking.failed.text" />
            </PageMessage>
          )}
        </PageColumn>
      </main>
    );
  }

  const view = page.data;
  return (
    <>
      <SalonHeader salon={view.salon} today={view.first_day} />
      <main>
        <PageColumn>
          {view.open ? (
            <BookingFlow slug={slug} view={view} />
          ) : (
            <PageMessage titleId="booking.closed.title" level="h2">
              {view.salon.phone ? (
                <FormattedMessage id="booking.closed.call" values={{ salon: view.salon.name, phone: <PhoneLink phone={view.salon.phone} /> }} />
              ) : (
                <FormattedMessage id="booking.closed.text" values={{ salon: view.salon.name }} />
              )}
            </PageMessage>
          )}
        </PageColumn>
      </main>
    </>
  );
}
