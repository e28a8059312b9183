import { useCallback, useEffect, useRef, useState } from "react";
import type { CallFailure, CallPhase, CallTarget, LiveCall, TranscriptLine } from "./call-types.ts";
import { CallStartError } from "./call-types.ts";

export interface VoiceCallOptions {
  /** After a call ends its transcript stays this long, then is cleared. */
  transcriptClearMs?: number;
  /** The call could not start; `cause` is what went wrong underneath (e.g. the ticket request's error). */
  onFailure?: (kind: CallFailure, cause: unknown) => void;
  /** The server created the call's session: the assistant is on the line. */
  onSession?: (sessionId: string) => void;
  /**
   * The call ended: hung up here ("caller_hung_up") or by the other side (the socket's close
   * reason). `refusal`: the server's message when it turned the call down before the assistant
   * said anything. Not called on unmount.
   */
  onEnd?: (reason: string, refusal: string | null) => void;
}

interface Attempt {
  abort: AbortController;
  call?: LiveCall;
}

/**
 * One browser call at a time: idle -> connecting -> active -> ended (or back to idle when it
 * could not start). The call's code downloads on the first start. Leaving the page ends the call.
 */
export function useVoiceCall({ transcriptClearMs = 0, ...callbacks }: VoiceCallOptions = {}) {
  const [phase, setPhase] = useState<CallPhase>("idle");
  const [lines, setLines] = useState<TranscriptLine[]>([]);
  const current = useRef<Attempt | null>(null);
  const events = useRef(callbacks);
  useEffect(() => {
    events.current = callbacks;
  });

  useEffect(
    () => () => {
      const attempt = current.current;
      current.current = null;
      attempt?.abort.abort();
      attempt?.call?.hangUp();
    },
    [],
  );

  // The spec clears the transcript (and the demo its messages) a moment after the end.
  useEffect(() => {
    if (phase !== "ended") return;
    const timer = setTimeout(() => setLines([]), transcriptClearMs);
    return () => clearTimeout(timer);
  }, [phase, transcriptClearMs]);

  /** Starts a call to the demo or to a salon's assistant; true once it is active. */
  const start = useCallback(async (target: CallTarget): Promise<boolean> => {
    if (current.current) return false;
    const attempt: Attempt = { abort: new AbortController() };
    current.current = attempt;
    const mine = () => current.current === attempt;
    setPhase("connecting");
    setLines([]);
    try {
      const { startCall } = await import("./call-client.ts");
      if (!mine()) return false;
      attempt.call = await startCall(
        target,
        {
          onSession: (sessionId) => {
            if (mine()) events.current.onSession?.(sessionId);
          },
          onTranscript: (line) => {
            if (!mine()) return;
            setLines((shown) => (shown.some((other) => other.id === line.id) ? shown.map((other) => (other.id === line.id ? line : other)) : [...shown, line]));
          },
          onEnd: (reason, refusal) => {
            if (!mine()) return;
            current.current = null;
            setPhase("ended");
            events.current.onEnd?.(reason, refusal);
          },
        },
        attempt.abort.signal,
      );
      if (!mine()) {
        attempt.call.hangUp();
        return false;
      }
      setPhase("active");
      return true;
    } catch (error) {
      if (!mine()) return false;
      current.current = null;
      const kind = error instanceof CallStartError ? error.kind : "unexpected";
      events.current.onFailure?.(kind, error instanceof CallStartError ? (error.cause ?? error) : error);
      setPhase("idle");
      return false;
    }
  }, []);

  /** Ends the call from this side. */
  const hangUp = useCallback(() => {
    const attempt = current.current;
    if (!attempt?.call) return;
    current.current = null;
    attempt.call.hangUp();
    setPhase("ended");
    events.current.onEnd?.("caller_hung_up", null);
  }, []);

  /** Back to idle after an ended call. */
  const reset = useCallback(() => {
    if (current.current) return;
    setPhase("idle");
    setLines([]);
  }, []);

  return { phase, lines, start, hangUp, reset };
}
