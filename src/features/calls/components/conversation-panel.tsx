import { useId, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ConversationItem, ConversationMessage, FunctionCallItem } from "../../../../contract/calls.ts";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { prettyJson } from "../format.ts";

const NONE_OPEN: ReadonlySet<string> = new Set();

interface ConversationPanelProps {
  callId: string | null;
  /** The salon's transcript retention has removed what was said. */
  removed: boolean;
  items: ConversationItem[] | undefined;
  loading: boolean;
  /** Why the conversation could not be loaded. */
  failure: string | null;
  onRetry: () => void;
  timeZone: string;
}

/**
 * The right column: the call as a chat, the caller on the left and the assistant on the
 * right, with its function calls as cards that open to their arguments, result and error.
 * Choosing another call closes every card.
 */
export function ConversationPanel({ callId, removed, items, loading, failure, onRetry, timeZone }: ConversationPanelProps) {
  const intl = useIntl();
  const titleId = useId();
  // The cards open in the call shown; another call starts with all of them closed.
  const [cards, setCards] = useState<{ callId: string | null; open: ReadonlySet<string> }>({ callId, open: NONE_OPEN });
  if (cards.callId !== callId) setCards({ callId, open: NONE_OPEN });
  const open = cards.callId === callId ? cards.open : NONE_OPEN;
  const toggle = (id: string) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setCards({ callId, open: next });
  };

  let body: ReactNode;
  if (callId === null) {
    body = <Note id="calls.conversation.select" />;
  } else if (removed) {
    body = <Note id="calls.conversation.removed" />;
  } else if (failure) {
    body = <LoadFailed inline message={failure} retryLabel={intl.formatMessage({ id: "calls.retry" })} onRetry={onRetry} />;
  } else if (loading || !items) {
    body = <Note id="calls.conversation.loading" status />;
  } else if (items.length === 0) {
    body = <Note id="calls.conversation.empty" />;
  } else {
    body = (
      <ol className="space-y-3 p-4 xl:max-h-[46rem] xl:overflow-y-auto">
        {items.map((item) =>
          item.item_type === "conversation" ? (
            <Bubble key={item.id} message={item} timeZone={timeZone} />
          ) : (
            <FunctionCard key={item.id} item={item} open={open.has(item.id)} onToggle={() => toggle(item.id)} />
          ),
        )}
      </ol>
    );
  }

  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id={titleId} className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        <FormattedMessage id="calls.conversation.title" />
      </h2>
      {body}
    </section>
  );
}

function Note({ id, status = false }: { id: string; status?: boolean }) {
  return (
    <p role={status ? "status" : undefined} className="px-4 py-10 text-center text-sm text-slate-600">
      <FormattedMessage id={id} />
    </p>
  );
}

function Bubble({ message, timeZone }: { message: ConversationMessage; timeZone: string }) {
  const intl = useIntl();
  const time = intl.formatTime(message.created_at, { timeZone, hour: "numeric", minute: "2-digit", second: "2-digit" });
  const who = intl.formatMessage({ id: `calls.role.${message.role}` });
  if (message.role === "system") {
    return (
      <li className="mx-auto max-w-[90%] rounded-lg bg-slate-100 px-3 py-2 text-center text-xs whitespace-pre-wrap text-slate-600">
        <span className="sr-only">{who}: </span>
        {message.content}
      </li>
    );
  }
  const assistant = message.role === "assistant";
  return (
    <li className={`flex flex-col ${assistant ? "items-end" : "items-start"}`}>
      <span className="mb-1 px-1 text-xs text-slate-500">
        {who} · <time dateTime={message.created_at}>{time}</time>
      </span>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] ${
          assistant ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md bg-slate-100 text-slate-900"
        }`}
      >
        {message.content}
        {message.is_truncated && (
          <span className={`mt-1 block text-xs italic ${assistant ? "text-brand-100" : "text-slate-500"}`}>
            <FormattedMessage id="calls.conversation.interrupted" />
          </span>
        )}
      </div>
    </li>
  );
}

type Tone = "successful" | "failed" | "attempted" | "other";

const TONE: Record<Tone, { card: string; badge: string }> = {
  successful: { card: "border-emerald-300", badge: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { card: "border-red-300", badge: "bg-red-50 text-red-800 ring-red-200" },
  attempted: { card: "border-amber-300", badge: "bg-amber-50 text-amber-800 ring-amber-200" },
  other: { card: "border-slate-300", badge: "bg-slate-100 text-slate-700 ring-slate-200" },
};

const toneOf = (status: string | null): Tone => (status === "successful" || status === "failed" || status === "attempted" ? status : "other");

function FunctionCard({ item, open, onToggle }: { item: FunctionCallItem; open: boolean; onToggle: () => void }) {
  const detailsId = useId();
  const tone = toneOf(item.status);
  const sections = [
    ["calls.function.arguments", item.arguments],
    ["calls.function.result", item.result],
    ["calls.function.error", item.error],
  ] as const;
  return (
    <li className={`rounded-xl border border-l-4 bg-white ${TONE[tone].card}`} data-status={tone}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={onToggle}
        className="flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`size-4 shrink-0 text-slate-500 transition-transform ${open ? "rotate-90" : ""}`}>
          <path fillRule="evenodd" d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z" clipRule="evenodd" />
        </svg>
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-slate-500">
            <FormattedMessage id="calls.function.label" />
          </span>
          <span className="block truncate font-mono font-medium text-slate-900">{item.function_name ?? "–"}</span>
        </span>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[tone].badge}`}>
          <FormattedMessage id={`calls.function.status.${tone}`} />
        </span>
      </button>
      <div id={detailsId} hidden={!open} className="space-y-2 border-t border-slate-100 px-3 py-2">
        {sections.map(([label, text]) =>
          text ? (
            <div key={label}>
              <h4 className={`text-xs font-semibold ${label === "calls.function.error" ? "text-red-700" : "text-slate-600"}`}>
                <FormattedMessage id={label} />
              </h4>
              <pre
                className={`mt-1 max-h-64 overflow-auto rounded-lg p-2 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere] ${
                  label === "calls.function.error" ? "bg-red-50 text-red-900" : "bg-slate-50 text-slate-800"
                }`}
              >
                {label === "calls.function.error" ? text : prettyJson(text)}
              </pre>
            </div>
          ) : null,
        )}
      </div>
    </li>
  );
}
