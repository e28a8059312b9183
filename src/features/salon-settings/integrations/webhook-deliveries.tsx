import { FormattedMessage, useIntl } from "react-intl";
import type { WebhookDelivery, WebhookEndpoint } from "../../../../contract/webhooks.ts";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useWebhookDeliveries } from "./webhooks.ts";
import { SalonTime } from "../components/salon-time.tsx";


/** How a delivery went, in a few words: "Delivered (200)", "Failed: not reachable", "Next try 14:05". */
export function DeliveryResult({ delivery }: { delivery: Pick<WebhookDelivery, "status" | "response_status" | "error" | "next_attempt_at"> }) {
  const { status, response_status: code, error, next_attempt_at: next } = delivery;
  if (status === "delivered") return <FormattedMessage id="salonSettings.webhooks.result.delivered" values={{ status: code }} />;
  if (status === "pending") return next ? <FormattedMessage id="salonSettings.webhooks.result.next" values={{ date: <SalonTime value={next} /> }} /> : <FormattedMessage id="salonSettings.webhooks.result.waiting" />;
  if (code !== null) return <FormattedMessage id="salonSettings.webhooks.result.failedStatus" values={{ status: code }} />;
  return <FormattedMessage id={error === "timeout" ? "salonSettings.webhooks.result.timeout" : "salonSettings.webhooks.result.unreachable"} />;
}

const tone = { delivered: "bg-emerald-50 text-emerald-800", failed: "bg-red-50 text-red-800", pending: "bg-amber-50 text-amber-900" } as const;

/** The deliveries to one endpoint, newest first, a page at a time. */
export function WebhookDeliveries({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const intl = useIntl();
  const log = useWebhookDeliveries(endpoint?.id ?? "", endpoint !== null);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Modal open={endpoint !== null} onClose={onClose} size="lg" title={intl.formatMessage({ id: "salonSettings.webhooks.logTitle" })} description={endpoint && <span className="break-all">{endpoint.url}</span>}>
      {log.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          <FormattedMessage id="salonSettings.webhooks.logLoading" />
        </p>
      ) : log.isError ? (
        <p role="alert" className="text-sm text-red-700">
          <FormattedMessage id="salonSettings.webhooks.logFailed" />
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">
          <FormattedMessage id="salonSettings.webhooks.logEmpty" />
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {items.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <FormattedMessage id={`salonSettings.webhooks.event.${delivery.event_type}`} />
                </p>
                <p className="text-slate-600">
                  <SalonTime value={delivery.created_at} />
                  {" · "}
                  <FormattedMessage id="salonSettings.webhooks.attempts" values={{ count: delivery.attempts }} />
                </p>
              </div>
              <span className={`inline-block rounded-full px-2.5 py-0.5 first-letter:uppercase ${tone[delivery.status]}`}>
                <DeliveryResult delivery={delivery} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {log.hasNextPage && (
          <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            <FormattedMessage id="salonSettings.webhooks.logMore" />
          </Button>
        )}
        <Button onClick={onClose}>
          <FormattedMessage id="salonSettings.webhooks.close" />
        </Button>
      </div>
    </Modal>
  );
}
