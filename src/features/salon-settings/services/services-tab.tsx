import { useIntl } from "react-intl";
import { useDeleteService, useServices } from "../../../lib/salon-data/services.ts";
import { usePrices } from "../../../lib/money.ts";
import { ServiceForm } from "./service-form.tsx";
import { ListFormTab } from "../components/tab-list-form.tsx";

/** Salon Settings › Services: what the salon offers, how long it takes and what it costs. */
export function ServicesTab() {
  const intl = useIntl();
  const query = useServices();
  const deleteService = useDeleteService();
  const prices = usePrices();
  return (
    <ListFormTab
      query={query}
      texts={{
        count: (count) => intl.formatMessage({ id: "services.count" }, { count }),
        listLabel: intl.formatMessage({ id: "services.list.label" }),
        add: intl.formatMessage({ id: "services.add" }),
        loading: intl.formatMessage({ id: "services.loading" }),
        empty: intl.formatMessage({ id: "services.empty" }),
        loadFailed: intl.formatMessage({ id: "services.loadFailed" }),
        loadFailedToast: intl.formatMessage({ id: "services.toast.loadFailed" }),
        retry: intl.formatMessage({ id: "services.retry" }),
        edit: (name) => intl.formatMessage({ id: "services.row.edit" }, { name }),
        delete: (name) => intl.formatMessage({ id: "services.row.delete" }, { name }),
        deletion: {
          title: (name) => intl.formatMessage({ id: "services.delete.title" }, { name }),
          message: intl.formatMessage({ id: "services.delete.message" }),
          deleted: intl.formatMessage({ id: "services.toast.deleted" }),
          failed: intl.formatMessage({ id: "services.toast.deleteFailed" }),
        },
      }}
      row={(service) => ({
        name: service.name,
        color: service.color,
        details: [
          intl.formatMessage({ id: "services.row.duration" }, { minutes: service.duration }),
          prices(service.price),
          service.min_price !== null && service.max_price !== null && (
            <span>
              <span className="sr-only">{intl.formatMessage({ id: "services.row.priceRange" })} </span>
              <span>{intl.formatMessage({ id: "services.row.range" }, { min: prices(service.min_price), max: prices(service.max_price) })}</span>
            </span>
          ),
        ],
      })}
      onDelete={(service) => deleteService.mutateAsync(service.id)}
      Form={ServiceForm}
    />
  );
}
