import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { ToastContext, type ToastKind } from "./toast-context.ts";

const TOAST_DURATION_MS = 5000;
const MAX_TOASTS = 20;

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

const STYLES: Record<ToastKind, string> = {
  success: "border-emerald-500 bg-emerald-50 text-emerald-950",
  error: "border-red-500 bg-red-50 text-red-950",
  info: "border-sky-500 bg-sky-50 text-sky-950",
};

// The icon repeats the kind so that colour is not the only signal.
const ICONS: Record<ToastKind, string> = { success: "✓", error: "!", info: "i" };

export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  // A toast's timer must not outlive the provider: it would update a tree that is gone.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = ++nextId.current;
      setToasts((list) => [...list, { id, kind, text }].slice(-MAX_TOASTS));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, TOAST_DURATION_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext value={api}>
      {children}
      <ol
        aria-live="polite"
        aria-label={intl.formatMessage({ id: "common.toast.region" })}
        className="pointer-events-none fixed right-4 bottom-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      >
        {toasts.map((toast) => (
          <li
            key={toast.id}
            data-kind={toast.kind}
            className={`toast-enter pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${STYLES[toast.kind]}`}
          >
            {/* The role sits inside the item, so the list keeps list items and Dismiss is not read out with the text. */}
            <div role={toast.kind === "error" ? "alert" : "status"} className="flex flex-1 items-start gap-3">
              <span aria-hidden="true" className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-current/10 text-xs font-bold">
                {ICONS[toast.kind]}
              </span>
              <p className="flex-1 text-sm">{toast.text}</p>
            </div>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded text-lg leading-none opacity-60 hover:opacity-100"
              aria-label={intl.formatMessage({ id: "common.toast.dismiss" })}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
    </ToastContext>
  );
}
