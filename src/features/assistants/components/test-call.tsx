import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AssistantConfig } from "../../../../contract/assistants.ts";
import { useToast } from "../../../components/toast/toast-context.ts";
import { ApiRequestError, errorDetail } from "../../../lib/api-client.ts";
import { setupProgressKeys } from "../../../lib/query-keys.ts";
import { fetchCallTicket } from "../../../lib/voice-call/call-ticket.ts";
import type { CallPhase, TranscriptLine } from "../../../lib/voice-call/call-types.ts";
import { useVoiceCall } from "../../../lib/voice-call/use-voice-call.ts";

/** The transcript stays this long after a test call ends (business dashboard spec, section 9). */
const TRANSCRIPT_CLEAR_MS = 500;

/**
 * A test call with the saved assistant, from the browser: idle, connecting, active, ended.
 * Every start, failure and end is told in a toast.
 */
export function useTestCall(config: AssistantConfig | undefined) {
  const intl = useIntl();
  const toast = useToast();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();

  const call = useVoiceCall({
    transcriptClearMs: TRANSCRIPT_CLEAR_MS,
    // "Start speaking!" once the server has the assistant on the line, not merely an open socket.
    onSession: () => toast.show("success", t("assistants.testCall.connected", { assistant: config?.name ?? "" })),
    onFailure: (kind, cause) => {
      if (kind !== "unexpected") {
        toast.show("error", t("assistants.testCall.failed"));
        return;
      }
      // The ticket request's message from the server, or what kind of failure it was.
      const fallback = cause instanceof ApiRequestError || cause instanceof TypeError ? "assistants.error.unreachable" : "assistants.testCall.unexpected";
      toast.show("error", t("assistants.testCall.startError", { detail: errorDetail(cause, t(fallback)) }));
    },
    // A call the server turned down before the assistant spoke (not configured, busy, ...) never really started.
    onEnd: (_reason, refusal) => {
      // The call is on record now, which ticks the dashboard's first-steps checklist.
      void client.invalidateQueries({ queryKey: setupProgressKeys.all });
      if (refusal === null) toast.show("info", t("assistants.testCall.ended"));
      else toast.show("error", t("assistants.testCall.startError", { detail: refusal }));
    },
  });

  const toggle = async () => {
    if (!config) {
      toast.show("error", t("assistants.testCall.saveFirst"));
      return;
    }
    if (call.phase === "active") {
      call.hangUp();
      return;
    }
    if (call.phase === "connecting") return;
    await call.start({ assistantId: config.id, ticket: () => fetchCallTicket(config.id) });
  };

  return { phase: call.phase, lines: call.lines, toggle };
}

const HANDSET = (
  <path d="M2 3.5A1.5 1.5 0 0 1 3.5 2h1.148a1.5 1.5 0 0 1 1.465 1.175l.513 2.31a1.5 1.5 0 0 1-1.02 1.745l-.5.167a.75.75 0 0 0-.458.95 10.03 10.03 0 0 0 5.005 5.005.75.75 0 0 0 .95-.458l.167-.5a1.5 1.5 0 0 1 1.745-1.02l2.31.513A1.5 1.5 0 0 1 18 15.352V16.5a1.5 1.5 0 0 1-1.5 1.5H15C8.096 18 2 11.904 2 5V3.5Z" />
);

/** Test Call, Connecting... while it starts, End Call while it runs. */
export function TestCallButton({ phase, onClick }: { phase: CallPhase; onClick: () => void }) {
  const active = phase === "active";
  const connecting = phase === "connecting";
  const tone = active
    ? "border-red-300 bg-red-50 text-red-800 hover:bg-red-100"
    : "border-emerald-300 bg-emerald-50 text-emerald-800 hover:bg-emerald-100 disabled:cursor-wait disabled:opacity-70";
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={connecting}
      aria-busy={connecting || undefined}
      className={`inline-flex items-center gap-1.5 rounded-lg border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${tone}`}
    >
      {connecting ? (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-emerald-300 border-t-emerald-700" />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`size-4 ${active ? "rotate-[135deg]" : ""}`}>
          {HANDSET}
        </svg>
      )}
      <FormattedMessage id={active ? "assistants.editor.endCall" : connecting ? "assistants.editor.connecting" : "assistants.editor.testCall"} />
    </button>
  );
}

/** The running call: a pulsing "Call in progress" and the live transcript, which lingers a moment after the end. */
export function TestCallPanel({ phase, lines, assistantName }: { phase: CallPhase; lines: TranscriptLine[]; assistantName: string }) {
  const intl = useIntl();
  const list = useRef<HTMLOListElement>(null);

  // The newest words stay in view.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines]);

  if (phase !== "active" && lines.length === 0) return null;
  return (
    <section
      aria-label={intl.formatMessage({ id: "assistants.testCall.transcript" })}
      data-testid="test-call-panel"
      className="border-b border-slate-200 bg-slate-50 px-4 py-4 sm:px-6"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        {phase === "active" ? (
          <>
            <span aria-hidden="true" className="relative flex size-2.5">
              <span className="absolute inline-flex size-full rounded-full bg-emerald-400 opacity-75 motion-safe:animate-ping" />
              <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
            </span>
            <FormattedMessage id="assistants.testCall.live" />
          </>
        ) : (
          <>
            <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-400" />
            <FormattedMessage id="assistants.testCall.ended" />
          </>
        )}
      </p>
      <ol
        ref={list}
        aria-live="polite"
        data-testid="test-call-transcript"
        className="mt-3 max-h-64 space-y-2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 text-sm leading-relaxed"
      >
        {lines.length === 0 ? (
          <li className="text-slate-500 italic">
            <FormattedMessage id="assistants.testCall.listening" />
          </li>
        ) : (
          lines.map((line) => (
            <li key={line.id}>
              <span className={`block text-xs font-semibold tracking-wide uppercase ${line.role === "user" ? "text-slate-500" : "text-brand-700"}`}>
                {line.role === "user" ? <FormattedMessage id="assistants.testCall.you" /> : assistantName}
              </span>
              <span className="text-slate-900">{line.text}</span>
            </li>
          ))
        )}
      </ol>
    </section>
  );
}
