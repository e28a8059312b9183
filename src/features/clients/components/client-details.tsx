import { useId, useState, type ReactNode } from "react";
import { seesWholeSalon } from "../../../../contract/team.ts";
import { useMembership } from "../../../lib/auth/membership.ts";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { ClientAppointment, ClientCall, ClientDetail, ClientOffer } from "../../../../contract/clients.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { Button } from "../../../components/button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { OfferStatusChip } from "../../../components/offer-status-chip.tsx";
import { OutcomeChip } from "../../../components/outcome-chip.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useStylists } from "../../../lib/salon-data/stylists.ts";
import { useClient } from "../api/clients.ts";
import { callLength, clientLabel, failureDetail, stylistName, when } from "../format.ts";
import { DeleteClientDialog } from "./delete-client-dialog.tsx";
import { EditClientDialog } from "./edit-client-dialog.tsx";
import { MergeClientDialog } from "./merge-client-dialog.tsx";

interface ClientDetailsProps {
  id: string | null;
  /** Back to the list: on a phone the page stands alone, and an erased client has no page. */
  onBack: () => void;
  /** Shows another client's page (the one a merge kept). */
  onChoose: (id: string) => void;
}

type Dialog = "edit" | "merge" | "delete" | null;

/** A client's page: who they are, their appointments and calls, and the owner's edit, merge and delete. */
export function ClientDetails({ id, onBack, onChoose }: ClientDetailsProps) {
  const intl = useIntl();
  const client = useClient(id);
  const salon = useSalon();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The salon's days and times; the browser's zone only if the salon cannot be read.
  const timeZone = salon.data?.time_zone ?? (salon.isError ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined);

  let body: ReactNode;
  if (!id) {
    body = (
      <p className="px-4 py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="clients.detail.none" />
      </p>
    );
  } else if (client.isError) {
    body = (
      <LoadFailed
        inline
        message={intl.formatMessage({ id: "clients.detail.failed" }, { detail: failureDetail(client.error, intl) })}
        retryLabel={intl.formatMessage({ id: "clients.retry" })}
        onRetry={() => void client.refetch()}
      />
    );
  } else if (!client.data || !timeZone) {
    body = (
      <p role="status" className="px-4 py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="clients.detail.loading" />
      </p>
    );
  } else {
    body = <ClientPage client={client.data} timeZone={timeZone} onAction={setDialog} />;
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      {id && (
        <div className="border-b border-slate-100 p-3 lg:hidden">
          <Button variant="ghost" size="sm" onClick={onBack}>
            <span aria-hidden="true">←</span>
            <FormattedMessage id="clients.detail.back" />
          </Button>
        </div>
      )}
      {body}
      {client.data && (
        <>
          <EditClientDialog open={dialog === "edit"} client={client.data} onClose={() => setDialog(null)} />
          <MergeClientDialog
            open={dialog === "merge"}
            client={client.data}
            label={clientLabel(client.data, intl)}
            onClose={() => setDialog(null)}
            onMerged={onChoose}
          />
          <DeleteClientDialog
            open={dialog === "delete"}
            client={client.data}
            label={clientLabel(client.data, intl)}
            onClose={() => setDialog(null)}
            onDeleted={onBack}
          />
        </>
      )}
    </div>
  );
}

function ClientPage({ client, timeZone, onAction }: { client: ClientDetail; timeZone: string; onAction: (dialog: Dialog) => void }) {
  const intl = useIntl();
  const titleId = useId();
  const stylists = useStylists();
  const notGiven = <span className="text-slate-500">{intl.formatMessage({ id: "clients.detail.notGiven" })}</span>;
  const stylist = client.preferred_stylist_id && stylists.data?.find((one) => one.id === client.preferred_stylist_id);
  const { role } = useMembership();

  return (
    <article aria-labelledby={titleId} className="space-y-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className={`text-xl font-semibold ${client.name ? "text-slate-900" : "text-slate-500 italic"}`}>
          {client.name ?? intl.formatMessage({ id: "clients.unnamed" })}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => onAction("edit")}>
            <FormattedMessage id="common.edit" />
          </Button>
          {/* Merging and erasing reach past one stylist's own clients: for those who see the whole salon. */}
          {seesWholeSalon(role) && (
            <>
              <Button variant="secondary" size="sm" onClick={() => onAction("merge")}>
                <FormattedMessage id="clients.action.merge" />
              </Button>
              <Button variant="danger-outline" size="sm" onClick={() => onAction("delete")}>
                <FormattedMessage id="common.delete" />
              </Button>
            </>
          )}
        </div>
      </div>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <Detail label="clients.field.phones">
          {client.phones.length > 0 ? (
            <ul>
              {client.phones.map((phone) => (
                <li key={phone} className="tabular-nums">
                  {displayPhone(phone)}
                </li>
              ))}
            </ul>
          ) : (
            notGiven
          )}
        </Detail>
        <Detail label="clients.field.email">{client.email ?? notGiven}</Detail>
        <Detail label="clients.field.language">
          {client.language ? new Intl.DisplayNames([intl.locale], { type: "language" }).of(client.language) : notGiven}
        </Detail>
        {/* Until the team has loaded, the row stays empty rather than saying there is no favourite. */}
        <Detail label="clients.field.stylist">{stylist ? stylistName(stylist) : !client.preferred_stylist_id || stylists.isError || stylists.data ? notGiven : null}</Detail>
        <Detail label="clients.field.marketing">
          <FormattedMessage id={client.marketing_consent ? "clients.detail.marketingYes" : "clients.detail.marketingNo"} />
        </Detail>
        {client.opt_outs.length > 0 && (
          <Detail label="clients.detail.optOuts">
            <ul data-testid="client-opt-outs">
              {client.opt_outs.map((optOut) => (
                <li key={`${optOut.channel} ${optOut.address}`} className="font-medium text-amber-900">
                  <FormattedMessage
                    id={optOut.channel === "sms" ? "clients.detail.optOutSms" : "clients.detail.optOutEmail"}
                    values={{
                      address: optOut.channel === "sms" ? displayPhone(optOut.address) : optOut.address,
                      date: intl.formatDate(optOut.created_at, { timeZone, dateStyle: "medium" }),
                    }}
                  />
                </li>
              ))}
            </ul>
          </Detail>
        )}
        <Detail label="clients.field.notes">{client.notes ? <span className="whitespace-pre-line">{client.notes}</span> : notGiven}</Detail>
        <Detail label="clients.field.visits">
          <span className="tabular-nums">{intl.formatNumber(client.visit_count)}</span>
        </Detail>
        <Detail label="clients.field.noShows">
          <span className={`tabular-nums ${client.no_show_count > 0 ? "font-semibold text-amber-900" : ""}`}>
            <FormattedMessage id="clients.detail.noShowCount" values={{ count: client.no_show_count }} />
          </span>
        </Detail>
      </dl>

      <Appointments title="clients.detail.upcoming" empty="clients.detail.noUpcoming" items={client.upcoming_appointments} timeZone={timeZone} />
      <Appointments title="clients.detail.past" empty="clients.detail.noPast" items={client.past_appointments} timeZone={timeZone} />
      <Calls calls={client.calls} timeZone={timeZone} />
      {client.offers.length > 0 && <Offers offers={client.offers} timeZone={timeZone} />}
    </article>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">
        <FormattedMessage id={label} />
      </dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        <FormattedMessage id={title} />
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Appointments({ title, empty, items, timeZone }: { title: string; empty: string; items: ClientAppointment[]; timeZone: string }) {
  const intl = useIntl();
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">
          <FormattedMessage id={empty} />
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
          {items.map((appointment) => (
            <li key={appointment.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
              <time dateTime={appointment.start_datetime} className={`font-medium ${appointment.status === "cancelled" ? "text-slate-500 line-through" : "text-slate-900"}`}>
                {when(appointment.start_datetime, timeZone, intl)}
              </time>
              <span className="text-slate-700">
                {appointment.service_name ?? intl.formatMessage({ id: "clients.detail.noService" })} · {appointment.stylist_name}
                {appointment.status === "cancelled" && (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    <FormattedMessage id="clients.detail.cancelled" />
                  </span>
                )}
                {appointment.no_show && (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                    <FormattedMessage id="clients.detail.noShow" />
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The client's latest calls, each opening on the Calls screen; the screen itself below them. */
function Calls({ calls, timeZone }: { calls: ClientCall[]; timeZone: string }) {
  const intl = useIntl();
  const { localPath } = useLanguage();
  return (
    <Section title="clients.detail.calls">
      {calls.length === 0 ? (
        <p className="text-sm text-slate-600">
          <FormattedMessage id="clients.detail.noCalls" />
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
            {calls.map((call) => (
              <li key={call.id}>
                <Link
                  to={localPath(`/dashboard/calls?call=${call.id}`)}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                >
                  <time dateTime={call.started_at} className="font-medium text-brand-700 underline">
                    {when(call.started_at, timeZone, intl)}
                  </time>
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
                    <span>
                      <FormattedMessage id={call.direction === "outbound" ? "clients.detail.outbound" : "clients.detail.inbound"} /> ·{" "}
                      <span className="tabular-nums">
                        {call.duration === null ? intl.formatMessage({ id: "clients.detail.ongoing" }) : callLength(call.duration, intl)}
                      </span>
                    </span>
                    <OutcomeChip outcome={call.outcome} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to={localPath("/dashboard/calls")} className="mt-2 inline-block text-sm font-medium text-brand-700 underline hover:text-brand-800">
            <FormattedMessage id="clients.detail.allCalls" />
          </Link>
        </>
      )}
    </Section>
  );
}

/** Freed times offered to the client and what came of each; the Waitlist screen's Offers tab below them. */
function Offers({ offers, timeZone }: { offers: ClientOffer[]; timeZone: string }) {
  const intl = useIntl();
  const { localPath } = useLanguage();
  return (
    <Section title="clients.detail.offers">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        {offers.map((offer) => (
          <li key={offer.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
            <span className="font-medium text-slate-900">
              <FormattedMessage
                id="clients.detail.offer"
                values={{ time: <time dateTime={offer.start_datetime}>{when(offer.start_datetime, timeZone, intl)}</time>, stylist: offer.stylist_name }}
              />
            </span>
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
              <span>
                <FormattedMessage id="outreach.log.channel" values={{ channel: offer.channel }} /> ·{" "}
                <time dateTime={offer.created_at}>{when(offer.created_at, timeZone, intl)}</time>
              </span>
              <OfferStatusChip status={offer.status} />
            </span>
          </li>
        ))}
      </ul>
      <Link to={localPath("/dashboard/waitlist?tab=offers")} className="mt-2 inline-block text-sm font-medium text-brand-700 underline hover:text-brand-800">
        <FormattedMessage id="clients.detail.allOffers" />
      </Link>
    </Section>
  );
}
