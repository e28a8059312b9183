import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Button } from "../../../components/button.tsx";

/** The page's column: a phone's width first, a calm card-sized column on wider screens. */
export function PageColumn({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-xl px-4 pt-4 pb-8 sm:pt-10">{children}</div>;
}

/** The white card a part of the page sits on. */
export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>{children}</section>;
}

export function PageLoading() {
  return (
    <div role="status" className="flex flex-col items-center py-24 text-center">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <p className="mt-4 text-slate-700">
        <FormattedMessage id="booking.page.loading" />
      </p>
    </div>
  );
}

/** A page that cannot offer booking: an address that is no page, a page switched off, a load that failed. */
export function PageMessage({ titleId, children, onRetry, level = "h1" }: {
  titleId: string;
  children: ReactNode;
  onRetry?: () => void;
  /** Under the salon's header, whose name is the page's first heading: h2. */
  level?: "h1" | "h2";
}) {
  const Heading = level;
  return (
    <Card className="px-6 py-10 text-center">
      <span aria-hidden="true" className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-100 text-xl font-bold text-amber-800">
        !
      </span>
      <Heading className="mt-4 text-xl font-semibold text-slate-900">
        <FormattedMessage id={titleId} />
      </Heading>
      <div className="mt-2 text-slate-700">{children}</div>
      {onRetry && (
        <Button variant="secondary" size="lg" className="mt-6" onClick={onRetry}>
          <FormattedMessage id="booking.failed.retry" />
        </Button>
      )}
    </Card>
  );
}

/** The salon's number as a link that dials it. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline">
      {phone}
    </a>
  );
}
