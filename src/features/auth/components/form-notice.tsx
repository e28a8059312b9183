import type { ReactNode } from "react";
import { AlertCircleIcon, CheckCircleIcon } from "./icons.tsx";

const STYLES = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-800",
} as const;

/** A message inside a dialog; errors interrupt (alert), successes wait their turn (status). */
export function FormNotice({ kind, children }: { kind: keyof typeof STYLES; children: ReactNode }) {
  const Icon = kind === "success" ? CheckCircleIcon : AlertCircleIcon;
  return (
    <div role={kind === "error" ? "alert" : "status"} className={`flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm ${STYLES[kind]}`}>
      <Icon className="mt-px size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
