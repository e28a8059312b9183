import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AssistantConfig } from "../../../../contract/assistants.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { useAssistants } from "../../../lib/salon-data/assistants.ts";
import { TEMP_ID, newDraft, toDraft, type AssistantDraft } from "../assistant-draft.ts";
import { AssistantEditor } from "./assistant-editor.tsx";
import { AssistantList, type AssistantEntry } from "./assistant-list.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { sameValue } from "../../../lib/forms/use-dashboard-form.ts";
import { Button } from "../../../components/button.tsx";
import { DocumentTitle } from "../../../components/document-title.tsx";

/**
 * Assistants: the salon's assistants on the left, the chosen one's editor on the right. Edits
 * are kept per assistant until saved or cancelled, so moving between them loses nothing;
 * a new assistant lives in the list as temp-new until it is saved.
 */
export function AssistantsPage() {
  const intl = useIntl();
  const { language } = useLanguage();
  const query = useAssistants();
  const [drafts, setDrafts] = useState<Record<string, AssistantDraft>>({});
  const [chosenId, setChosenId] = useState<string | null>(null);

  const saved = query.data ?? [];
  const newOne = drafts[TEMP_ID];
  const entries: AssistantEntry[] = [
    ...saved.map((config) => ({
      id: config.id,
      name: drafts[config.id]?.name || config.name,
      voice: config.voice_name,
      connected: config.phone_connection,
      unsaved: config.id in drafts && !sameValue(drafts[config.id], toDraft(config)),
    })),
    ...(newOne ? [{ id: TEMP_ID, name: newOne.name || intl.formatMessage({ id: "assistants.defaultName" }), voice: newOne.voice_name, connected: false, unsaved: true }] : []),
  ];
  // The chosen assistant, or the first one when it is gone (deleted, or never chosen).
  const current = entries.find((entry) => entry.id === chosenId) ?? entries[0];
  const config: AssistantConfig | undefined = saved.find((item) => item.id === current?.id);

  const setDraft = (id: string, draft: AssistantDraft | undefined) =>
    setDrafts(({ [id]: _dropped, ...others }) => (draft ? { ...others, [id]: draft } : others));

  const create = () => {
    if (!newOne) setDraft(TEMP_ID, newDraft(intl.formatMessage({ id: "assistants.defaultName" }), language));
    setChosenId(TEMP_ID);
  };

  let editor;
  if (current) {
    const base = config ? toDraft(config) : undefined;
    editor = (
      <AssistantEditor
        key={current.id}
        config={config}
        draft={drafts[current.id] ?? base!}
        onChange={(draft) => setDraft(current.id, draft)}
        onSaved={(savedConfig) => {
          setDraft(current.id, undefined);
          // A new assistant stays chosen under its real id, unless the owner chose another meanwhile.
          setChosenId((chosen) => (chosen === current.id ? savedConfig.id : chosen));
        }}
        // Cancel drops the edits; for a new assistant that is the whole entry.
        onCancel={() => setDraft(current.id, undefined)}
        onDeleted={() => {
          setDraft(current.id, undefined);
          setChosenId(null);
        }}
      />
    );
  }

  return (
    <div>
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.nav.assistant" })} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        <FormattedMessage id="assistants.title" />
      </h1>
      <p className="mt-1 text-slate-600">
        <FormattedMessage id="assistants.intro" />
      </p>
      <div className="mt-6">
        {query.isPending ? (
          <p role="status" className="rounded-2xl border border-slate-200 bg-white p-10 text-center text-slate-600 shadow-sm">
            <FormattedMessage id="assistants.loading" />
          </p>
        ) : current ? (
          <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
            <AssistantList entries={entries} currentId={current.id} onChoose={setChosenId} onCreate={create} />
            {editor}
          </div>
        ) : query.isError ? (
          // The spec leaves the list empty when it cannot be loaded; this says why and offers another try.
          <LoadFailed
            message={intl.formatMessage({ id: "assistants.loadFailed" })}
            retryLabel={intl.formatMessage({ id: "assistants.retry" })}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <EmptyState onCreate={create} />
        )}
      </div>
    </div>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <section className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <h2 className="text-lg font-semibold text-slate-900">
        <FormattedMessage id="assistants.empty.title" />
      </h2>
      <p className="mt-2 text-slate-600">
        <FormattedMessage id="assistants.empty.text" />
      </p>
      <Button onClick={onCreate} className="mt-6">
        <FormattedMessage id="assistants.empty.create" />
      </Button>
    </section>
  );
}
