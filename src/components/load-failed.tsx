import { Button } from "./button.tsx";

interface LoadFailedProps {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** A line inside a panel that keeps its frame (a list's card, the statistics, above the calendar) rather than a card of its own. */
  inline?: boolean;
}

/** Data that could not be loaded, in place of what it would have shown: says so and offers another try. */
export function LoadFailed({ message, retryLabel, onRetry, inline = false }: LoadFailedProps) {
  return (
    <div
      className={
        inline
          ? "flex flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-6 text-center text-sm"
          : "rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      }
    >
      <p className="text-slate-700">{message}</p>
      <Button variant="secondary" size={inline ? "sm" : undefined} onClick={onRetry} className={inline ? undefined : "mt-4"}>
        {retryLabel}
      </Button>
    </div>
  );
}
