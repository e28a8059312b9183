import { useEffect, useRef, useState, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useParams } from "react-router";
import type { VisitView } from "../../../../contract/visit.ts";
import { Button } from "../../../components/button.tsx";
import { useVisit } from "../api.ts";
import { useSalonClock } from "../format.ts";
import { CancelDialog } from "./cancel-dialog.tsx";
import { Card, LinkProblem, PageFrame, PageLoading, PhoneLink } from "./page-frame.tsx";
import { ReschedulePanel } from "./reschedule-panel.tsx";
import { VisitDetails } from "./visit-details.tsx";

/** /{lang}/visit/:token: the client's appointment, opened from a confirmation or a reminder. */
export function VisitPage() {
  const { token = "" } = useParams();
  return (
    <PageFrame titleId="visit.page.title">
      <Visit token={token} />
    </PageFrame>
  );
}

/** Where the visit stands for its client: still theirs to change, too close, over, or off. */
type Standing = "open" | "notice" | "past" | "cancelled";

function standingOf(visit: VisitView, now: number): Standing {
  if (visit.appointment.status === "cancelled") return "cancelled";
  if (Date.parse(visit.appointment.start_datetime) <= now) return "past";
  return visit.can_change ? "open" : "notice";
}

const TONES = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  warning: "bg-amber-50 text-amber-950 ring-amber-200",
  neutral: "bg-slate-100 text-slate-900 ring-slate-200",
} as const;

function Banner({ tone, titleId, children }: { tone: keyof typeof TONES; titleId: string; children: ReactNode }) {
  return (
    <div className={`mx-6 mt-4 rounded-xl p-4 ring-1 ${TONES[tone]}`}>
      <h2 className="font-semibold">
        <FormattedMessage id={titleId} />
      </h2>
      <div className="mt-1 text-sm">{children}</div>
    </div>
  );
}

/** How to reach the salon instead: its number to call, or a plain word without one. */
function CallTheSalon({ phone, withPhoneId, withoutPhoneId }: { phone: string | null; withPhoneId: string; withoutPhoneId: string }) {
  return phone ? <FormattedMessage id={withPhoneId} values={{ phone: <PhoneLink phone={phone} /> }} /> : <FormattedMessage id={withoutPhoneId} />;
}

function Visit({ token }: { token: string }) {
  const visit = useVisit(token);
  const [outcome, setOutcome] = useState<"moved" | "cancelled" | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const banner = useRef<HTMLDivElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const backToButton = useRef(false);
  const start = visit.data?.appointment.start_datetime;
  const clock = useSalonClock(visit.data?.appointment.time_zone ?? "UTC");

  // What just changed is read out first: focus goes to the news, not back to the page's top.
  useEffect(() => {
    if (outcome === "moved") banner.current?.focus();
  }, [outcome, start]);
  useEffect(() => {
    if (!rescheduling && backToButton.current) changeButton.current?.focus();
    backToButton.current = false;
  }, [rescheduling]);

  if (visit.isPending) return <PageLoading textId="visit.page.loading" />;
  if (visit.isError) return <LinkProblem error={visit.error} onRetry={() => void visit.refetch()} />;

  const data = visit.data;
  const { phone } = data.salon;
  // As of the answer, as the server's can_change is.
  const standing = standingOf(data, visit.dataUpdatedAt);
  const hours = data.cancellation_notice_hours;

  return (
    <>
      <Card>
        <header className="px-6 pt-6">
          <p className="text-sm font-semibold text-brand-700">{data.salon.name}</p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">
            <FormattedMessage id="visit.page.heading" />
          </h1>
        </header>

        <div ref={banner} tabIndex={-1} aria-live="polite" className="focus:outline-none">
          {standing === "open" && outcome === "moved" && (
            <Banner tone="success" titleId="visit.moved.title">
              <FormattedMessage id="visit.moved.text" values={{ date: clock.longDate(data.appointment.start_datetime), time: clock.time(data.appointment.start_datetime) }} />
            </Banner>
          )}
          {standing === "cancelled" && (
            <Banner tone={outcome === "cancelled" ? "success" : "neutral"} titleId={outcome === "cancelled" ? "visit.cancelled.doneTitle" : "visit.cancelled.title"}>
              <CallTheSalon phone={phone} withPhoneId="visit.bookAgain" withoutPhoneId="visit.bookAgainNoPhone" />
            </Banner>
          )}
          {standing === "past" && (
            <Banner tone="neutral" titleId="visit.past.title">
              <CallTheSalon phone={phone} withPhoneId="visit.bookAgain" withoutPhoneId="visit.bookAgainNoPhone" />
            </Banner>
          )}
          {standing === "notice" && (
            <Banner tone="warning" titleId="visit.notice.title">
              <p>
                <FormattedMessage id="visit.notice.text" values={{ hours }} />
              </p>
              <p className="mt-1">
                <CallTheSalon phone={phone} withPhoneId="visit.callToChange" withoutPhoneId="visit.contactToChange" />
              </p>
            </Banner>
          )}
        </div>

        <VisitDetails visit={data} />

        {standing === "open" &&
          (rescheduling ? (
            <ReschedulePanel
              token={token}
              visit={data}
              onMoved={() => {
                setRescheduling(false);
                setOutcome("moved");
              }}
              onClose={() => {
                backToButton.current = true;
                setRescheduling(false);
              }}
            />
          ) : (
            <div className="border-t border-slate-200 px-6 py-5">
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button ref={changeButton} size="lg" onClick={() => setRescheduling(true)}>
                  <FormattedMessage id="visit.actions.reschedule" />
                </Button>
                <Button variant="danger-outline" size="lg" onClick={() => setCancelling(true)}>
                  <FormattedMessage id="visit.actions.cancel" />
                </Button>
              </div>
              <p className="mt-3 text-sm text-slate-600">
                <FormattedMessage id="visit.open.notice" values={{ hours }} />
              </p>
            </div>
          ))}
      </Card>

      <CancelDialog
        token={token}
        visit={data}
        open={cancelling}
        onClose={() => setCancelling(false)}
        onCancelled={() => {
          setOutcome("cancelled");
          setCancelling(false);
        }}
        onClosed={() => {
          if (data.appointment.status === "cancelled") banner.current?.focus();
        }}
      />
    </>
  );
}
