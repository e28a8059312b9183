import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { errorDetail } from "../../../lib/api-client.ts";
import { useEmailSubscription, useUnsubscribe } from "../api.ts";
import { Card, LinkProblem, PageFrame, PageLoading } from "./page-frame.tsx";

/** /{lang}/unsubscribe/:token: leaving a salon's emails. Opening the page changes nothing; the button does. */
export function UnsubscribePage() {
  const { token = "" } = useParams();
  return (
    <PageFrame titleId="visit.unsubscribe.title">
      <Unsubscribe token={token} />
    </PageFrame>
  );
}

function Unsubscribe({ token }: { token: string }) {
  const intl = useIntl();
  const subscription = useEmailSubscription(token);
  const unsubscribe = useUnsubscribe(token);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = subscription.data?.opted_out;

  // The confirmation replaces the button that had focus: focus follows it.
  useEffect(() => {
    if (unsubscribe.isSuccess) heading.current?.focus();
  }, [unsubscribe.isSuccess]);

  if (subscription.isPending) return <PageLoading textId="visit.unsubscribe.loading" />;
  if (subscription.isError) return <LinkProblem error={subscription.error} onRetry={() => void subscription.refetch()} />;
  const { salon_name: salon, address } = subscription.data;

  return (
    <Card>
      <div className="px-6 py-8">
        <p className="text-sm font-semibold text-brand-700">{salon}</p>
        {done ? (
          <>
            <span aria-hidden="true" className="mt-4 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-xl text-emerald-700">
              ✓
            </span>
            <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none">
              <FormattedMessage id="visit.unsubscribe.doneTitle" />
            </h1>
            <p className="mt-2 text-slate-700">
              <FormattedMessage id="visit.unsubscribe.doneText" values={{ salon, address: <strong>{address}</strong> }} />
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-1 text-2xl font-bold text-slate-900">
              <FormattedMessage id="visit.unsubscribe.heading" />
            </h1>
            <p className="mt-2 text-slate-700">
              <FormattedMessage id="visit.unsubscribe.text" values={{ salon, address: <strong>{address}</strong> }} />
            </p>
            {unsubscribe.isError && (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {errorDetail(unsubscribe.error, intl.formatMessage({ id: "visit.unsubscribe.failed" }))}
              </p>
            )}
            <Button size="lg" className="mt-6 w-full sm:w-auto" busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              <FormattedMessage id={unsubscribe.isPending ? "visit.unsubscribe.busy" : "visit.unsubscribe.button"} />
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
