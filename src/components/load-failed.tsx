import { Button } from "./button.tsx";

/** A screen whose data could not be loaded: says so and offers another try. */
export function LoadFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p className="text-slate-700">{message}</p>
      <Button variant="secondary" onClick={onRetry} className="mt-4">
        {retryLabel}
      </Button>
    </section>
  );
}
