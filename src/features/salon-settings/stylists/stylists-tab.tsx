import { useIntl } from "react-intl";
import { useDeleteStylist, useStylists } from "../../../lib/salon-data/stylists.ts";
import { StylistForm, stylistName } from "./stylist-form.tsx";
import { ListFormTab } from "../components/tab-list-form.tsx";

/** Salon Settings › Stylists: the team with their contact details, colours and working hours. */
export function StylistsTab() {
  const intl = useIntl();
  const query = useStylists();
  const deleteStylist = useDeleteStylist();
  return (
    <ListFormTab
      query={query}
      texts={{
        count: (count) => intl.formatMessage({ id: "stylists.count" }, { count }),
        listLabel: intl.formatMessage({ id: "stylists.list.label" }),
        add: intl.formatMessage({ id: "stylists.add" }),
        loading: intl.formatMessage({ id: "stylists.loading" }),
        empty: intl.formatMessage({ id: "stylists.empty" }),
        loadFailed: intl.formatMessage({ id: "stylists.loadFailed" }),
        loadFailedToast: intl.formatMessage({ id: "stylists.toast.loadFailed" }),
        retry: intl.formatMessage({ id: "stylists.retry" }),
        edit: (name) => intl.formatMessage({ id: "stylists.row.edit" }, { name }),
        delete: (name) => intl.formatMessage({ id: "stylists.row.delete" }, { name }),
        deletion: {
          title: (name) => intl.formatMessage({ id: "stylists.delete.title" }, { name }),
          message: intl.formatMessage({ id: "stylists.delete.message" }),
          deleted: intl.formatMessage({ id: "stylists.toast.deleted" }),
          failed: intl.formatMessage({ id: "stylists.toast.deleteFailed" }),
        },
      }}
      row={(stylist) => ({
        name: stylistName(stylist),
        color: stylist.color,
        details: [stylist.email, stylist.phone],
        badge: stylist.is_active ? undefined : intl.formatMessage({ id: "stylists.row.inactive" }),
      })}
      onDelete={(stylist) => deleteStylist.mutateAsync(stylist.id)}
      Form={StylistForm}
    />
  );
}
