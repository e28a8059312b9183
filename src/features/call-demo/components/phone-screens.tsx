import { useEffect, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { truncateCaption } from "../caption.ts";
import { DOTS_TICK_MS } from "../constants.ts";
import { AlertIcon, HandsetIcon, WaveformIcon } from "./call-icons.tsx";

/** "." -> ".." -> "..." -> "." while the call rings. */
function useDots() {
  const [count, setCount] = useState(1);
  useEffect(() => {
    const timer = setInterval(() => setCount((current) => (current % 3) + 1), DOTS_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return ".".repeat(count);
}

function Avatar({ tone = "default", children }: { tone?: "default" | "error" | "muted"; children?: ReactNode }) {
  const toneClass = { default: "bg-white/15 text-white", error: "bg-red-500/20 text-red-100", muted: "bg-white/10 text-white/60" }[tone];
  return (
    <div className="relative flex size-28 items-center justify-center">
      {/* Pulse rings only move while the hero phone is ringing (see phone-mockup.css). */}
      <span aria-hidden="true" className="phone-pulse absolute inset-0 rounded-full bg-white/25 opacity-0" />
      <span aria-hidden="true" className="phone-pulse phone-pulse-late absolute inset-0 rounded-full bg-white/20 opacity-0" />
      <span className={`relative flex size-28 items-center justify-center rounded-full ring-1 ring-white/25 backdrop-blur ${toneClass}`}>
        {children ?? <WaveformIcon />}
      </span>
    </div>
  );
}

function CallerName() {
  const intl = useIntl();
  return (
    <div>
      <p className="text-xl leading-tight font-semibold text-balance text-white">
        <FormattedMessage id="callDemo.caller" values={{ brand: intl.formatMessage({ id: "common.brand" }) }} />
      </p>
      <p className="mt-1 text-sm text-white/70">
        <FormattedMessage id="callDemo.callerNote" />
      </p>
    </div>
  );
}

/** The common layout of every call screen: status line, caller, a middle area and the call controls. */
function Screen({ status, avatar, body, actions }: { status: ReactNode; avatar: ReactNode; body?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="relative flex h-full flex-col items-center px-6 pt-14 pb-10 text-center">
      <div className="flex min-h-5 items-center justify-center gap-2 text-sm font-medium text-white/80">{status}</div>
      <div className="flex w-full flex-1 flex-col items-center justify-center gap-6 py-6">
        {avatar}
        <CallerName />
        {body}
      </div>
      <div className="flex min-h-24 w-full items-end justify-center">{actions}</div>
    </div>
  );
}

function RoundButton({ tone, label, onClick, icon, className = "" }: { tone: "answer" | "decline"; label: ReactNode; onClick: () => void; icon: ReactNode; className?: string }) {
  const toneClass = tone === "answer" ? "bg-emerald-500 group-hover:bg-emerald-400" : "bg-red-500 group-hover:bg-red-400";
  return (
    <button type="button" onClick={onClick} className="group flex w-24 flex-col items-center gap-2 rounded-2xl text-sm font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white">
      <span className={`flex size-16 items-center justify-center rounded-full text-white shadow-lg transition group-active:scale-95 ${toneClass} ${className}`}>{icon}</span>
      <span className="leading-tight">{label}</span>
    </button>
  );
}

export function IncomingScreen({ onAnswer, onDecline }: { onAnswer: () => void; onDecline: () => void }) {
  const dots = useDots();
  return (
    <Screen
      status={
        <span>
          <FormattedMessage id="callDemo.incoming" />
          {/* Fixed width so the growing dots do not shift the line; hidden because they carry no meaning. */}
          <span aria-hidden="true" data-testid="call-dots" className="inline-block w-[1.5ch] text-left">
            {dots}
          </span>
        </span>
      }
      avatar={<Avatar />}
      actions={
        <div className="flex w-full justify-between">
          <RoundButton tone="decline" label={<FormattedMessage id="callDemo.decline" />} onClick={onDecline} icon={<HandsetIcon className="size-7 rotate-[135deg]" />} />
          <RoundButton tone="answer" label={<FormattedMessage id="callDemo.answer" />} onClick={onAnswer} icon={<HandsetIcon />} className="phone-answer-glow" />
        </div>
      }
    />
  );
}

export function ConnectingScreen() {
  return (
    <Screen
      status={
        <span role="status">
          <FormattedMessage id="callDemo.connecting" />
        </span>
      }
      avatar={
        <Avatar>
          <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-white/30 border-t-white" />
        </Avatar>
      }
    />
  );
}

export function ErrorScreen({ messageId }: { messageId: string }) {
  return (
    <Screen
      status={null}
      avatar={
        <Avatar tone="error">
          <AlertIcon />
        </Avatar>
      }
      body={
        <p role="alert" className="rounded-2xl bg-red-500/20 px-4 py-3 text-sm leading-5 font-medium text-white ring-1 ring-red-300/40">
          <FormattedMessage id={messageId} />
        </p>
      }
    />
  );
}

/** The live call: the caption shows the assistant's last words, cut to fit the screen. */
export function ActiveScreen({ lastAssistantMessage, onHangUp }: { lastAssistantMessage: string | null; onHangUp: () => void }) {
  return (
    <Screen
      status={
        <>
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-emerald-400" />
          <FormattedMessage id="callDemo.active.status" />
        </>
      }
      avatar={<Avatar />}
      body={
        <p aria-live="polite" data-testid="call-caption" className="rounded-2xl bg-white/10 px-4 py-3 text-left text-sm leading-5 text-white ring-1 ring-white/15">
          {lastAssistantMessage ? truncateCaption(lastAssistantMessage) : (
            <span className="text-white/70 italic">
              <FormattedMessage id="callDemo.active.listening" />
            </span>
          )}
        </p>
      }
      actions={<RoundButton tone="decline" label={<FormattedMessage id="callDemo.hangUp" />} onClick={onHangUp} icon={<HandsetIcon className="size-7 rotate-[135deg]" />} />}
    />
  );
}

export function EndedScreen({ onCallAgain }: { onCallAgain: () => void }) {
  return (
    <Screen
      status={
        <span role="status">
          <FormattedMessage id="callDemo.ended" />
        </span>
      }
      avatar={<Avatar tone="muted" />}
      actions={
        <button
          type="button"
          onClick={onCallAgain}
          className="rounded-full bg-white px-6 py-3 text-sm font-semibold text-brand-700 shadow-lg hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
        >
          <FormattedMessage id="callDemo.callAgain" />
        </button>
      }
    />
  );
}
