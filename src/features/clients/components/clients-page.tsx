import { useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { seesWholeSalon } from "../../../../contract/team.ts";
import { useMembership } from "../../../lib/auth/membership.ts";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { failureDetail } from "../format.ts";
import { downloadClientExport } from "../api/clients.ts";
import { ClientDetails } from "./client-details.tsx";
import { ClientList } from "./client-list.tsx";

/**
 * Clients: the search and list beside the chosen client's page. The search and the chosen
 * client live in the address (?q=&client=), so a reload or Back shows the same view; on a
 * phone the client's page replaces the list and has a way back.
 */
export function ClientsPage() {
  const intl = useIntl();
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const chosen = params.get("client");
  // The whole list leaves the salon in one file: for those who see every client.
  const { role } = useMembership();

  // The address as last asked for. React Router gives an updater the parameters of the last
  // render, so a change made before the next one (the search settling just as a client is
  // chosen) would write the address from before the other and drop the client.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  const changeParams = useCallback(
    (changes: { q?: string; client?: string | null }) => {
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      latest.current = next;
      // Each letter typed is not a step of the history; choosing a client is.
      setParams(next, { replace: !("client" in changes) });
    },
    [setParams],
  );
  const setQuery = useCallback((q: string) => changeParams({ q }), [changeParams]);

  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.nav.clients" })} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <FormattedMessage id="clients.title" />
          </h1>
          <p className="mt-1 text-slate-600">
            <FormattedMessage id="clients.intro" />
          </p>
        </div>
        {seesWholeSalon(role) && <ExportButton />}
      </div>

      <div className="mt-6 grid items-start gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={chosen ? "max-lg:hidden" : undefined}>
          <ClientList query={query} onQuery={setQuery} selectedId={chosen} onSelect={(client, q) => changeParams({ client, q })} />
        </div>
        <div className={chosen ? undefined : "max-lg:hidden"}>
          <ClientDetails id={chosen} onBack={() => changeParams({ client: null })} onChoose={(client) => changeParams({ client })} />
        </div>
      </div>
    </section>
  );
}

function ExportButton() {
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      await downloadClientExport(intl.formatMessage({ id: "clients.export.fileName" }));
    } catch (error) {
      toast.show("error", intl.formatMessage({ id: "clients.export.failed" }, { detail: failureDetail(error, intl) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} onClick={() => void exportList()}>
      <FormattedMessage id={busy ? "clients.export.busy" : "clients.export.button"} />
    </Button>
  );
}
