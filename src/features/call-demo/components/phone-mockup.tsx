import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useIntl } from "react-intl";
import type { CallFailure } from "../../../lib/voice-call/call-types.ts";
import { useVoiceCall } from "../../../lib/voice-call/use-voice-call.ts";
import { CALL_ERROR_DISPLAY_MS, HERO_ANIMATION_MS, HERO_ANIMATION_PAUSE_MS } from "../constants.ts";
import { SignalIcons } from "./call-icons.tsx";
import { ActiveScreen, ConnectingScreen, EndedScreen, ErrorScreen, IncomingScreen } from "./phone-screens.tsx";

/** The spec's incoming -> active -> ended, plus the two moments between answering and talking. */
type CallState = "incoming" | "connecting" | "error" | "active" | "ended";

/** The spec's message for each way a start fails. */
const FAILURE_MESSAGES: Record<CallFailure, string> = {
  microphone: "callDemo.error.microphone",
  connection: "callDemo.error.connection",
  unexpected: "callDemo.error.unexpected",
};

/** Four rings per hero cycle, so each cycle ends with the phone at rest before the pause. */
const RING_MS = HERO_ANIMATION_MS / 4;

const SHAKE: Keyframe[] = [0, -6, 6, -4, 4, 0].map((x) => ({ transform: `translateX(${x}px)` }));

/** Rings for HERO_ANIMATION_MS, rests for HERO_ANIMATION_PAUSE_MS, and again, while enabled. */
function useRingCycle(enabled: boolean) {
  const [ringing, setRinging] = useState(true);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setRinging((current) => !current), ringing ? HERO_ANIMATION_MS : HERO_ANIMATION_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [enabled, ringing]);
  return enabled && ringing;
}

export function PhoneMockup() {
  const intl = useIntl();
  const device = useRef<HTMLDivElement>(null);
  // A failed start shows its message in the phone for CALL_ERROR_DISPLAY_MS, then the call rings again.
  // A call the server turns down (busy, too many calls) or that ends before the assistant is on
  // the line failed to connect as well: the server's message is only logged (spec), the phone
  // shows the connection error.
  const [failure, setFailure] = useState<CallFailure | null>(null);
  // The socket opens before the server has decided; a refused call opens it too, says why
  // and closes. The phone stays on Connecting... until the server has the assistant on the line.
  const [onAir, setOnAir] = useState(false);
  const call = useVoiceCall({
    onSession: () => setOnAir(true),
    onFailure: (kind) => setFailure(kind),
    onEnd: (_reason, refusal) => {
      if (refusal === null && onAir) return;
      setFailure("connection");
      call.reset();
    },
  });
  const state: CallState = failure ? "error" : call.phase === "idle" ? "incoming" : call.phase === "active" && !onAir ? "connecting" : call.phase;
  const ringing = useRingCycle(state === "incoming");
  const lastAssistantMessage = call.lines.filter((line) => line.role === "assistant").at(-1)?.text ?? null;

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), CALL_ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  const answer = () => {
    setOnAir(false);
    void call.start({ demo: true });
  };

  // Declining does nothing (spec); a small shake shows the tap was noticed.
  const decline = () => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    device.current?.animate?.(SHAKE, { duration: 400, easing: "ease-in-out" });
  };

  return (
    <div
      ref={device}
      data-testid="phone-mockup"
      data-state={state}
      role="group"
      aria-label={intl.formatMessage({ id: "callDemo.phone.label" })}
      style={{ "--ring-ms": `${RING_MS}ms` } as CSSProperties}
      className={`relative h-[600px] w-[300px] shrink-0 rounded-[3rem] bg-slate-900 p-3 shadow-2xl ring-1 shadow-slate-900/40 ring-slate-700/60 ${ringing ? "phone-ringing" : ""}`}
    >
      <span aria-hidden="true" className="absolute top-28 -left-1 h-8 w-1 rounded-l bg-slate-700" />
      <span aria-hidden="true" className="absolute top-40 -left-1 h-14 w-1 rounded-l bg-slate-700" />
      <span aria-hidden="true" className="absolute top-36 -right-1 h-20 w-1 rounded-r bg-slate-700" />
      <div className="relative h-full overflow-hidden rounded-[2.25rem] bg-linear-to-b from-brand-500 via-brand-700 to-slate-950">
        <div aria-hidden="true" className="absolute -top-24 left-1/2 size-72 -translate-x-1/2 rounded-full bg-white/15 blur-3xl" />
        <div aria-hidden="true" className="absolute top-0 left-1/2 z-10 flex h-7 w-28 -translate-x-1/2 items-center justify-end rounded-b-2xl bg-slate-900 pr-4">
          <span className="size-2 rounded-full bg-slate-700" />
        </div>
        <div className="absolute top-2.5 right-6 z-10">
          <SignalIcons />
        </div>
        {state === "incoming" && <IncomingScreen onAnswer={answer} onDecline={decline} />}
        {state === "connecting" && <ConnectingScreen />}
        {state === "error" && failure && <ErrorScreen messageId={FAILURE_MESSAGES[failure]} />}
        {state === "active" && <ActiveScreen lastAssistantMessage={lastAssistantMessage} onHangUp={call.hangUp} />}
        {state === "ended" && <EndedScreen onCallAgain={call.reset} />}
      </div>
    </div>
  );
}
