import type { ReactNode, RefObject } from "react";
import { FormattedMessage } from "react-intl";

export const STEP_COUNT = 4;

/**
 * One step of the booking: its number, its heading (where focus goes when the step opens, so a
 * screen reader starts reading there) and a way back to the step before.
 */
export function StepFrame({ number, titleId, headingRef, onBack, group = false, children }: {
  number: number;
  titleId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack?: () => void;
  /** The step is one choice: a fieldset, its heading the legend. */
  group?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <h2 ref={headingRef} tabIndex={-1} className="mt-2 text-xl font-bold text-slate-900 focus:outline-none">
      <FormattedMessage id={titleId} />
    </h2>
  );
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            className="-ml-2 inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span aria-hidden="true">←</span>
            <FormattedMessage id="booking.step.back" />
          </button>
        ) : (
          <span />
        )}
        <p className="text-sm text-slate-600">
          <FormattedMessage id="booking.step.count" values={{ step: number, count: STEP_COUNT }} />
        </p>
      </div>
      {group ? (
        <fieldset>
          <legend className="contents">{heading}</legend>
          {children}
        </fieldset>
      ) : (
        <>
          {heading}
          {children}
        </>
      )}
    </div>
  );
}

/** The bar at the bottom of the screen: what is chosen so far, and the way on. */
export function ChoiceBar({ summary, disabled, onContinue }: { summary: ReactNode; disabled: boolean; onContinue: () => void }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-lg">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0 text-sm text-slate-700" aria-live="polite">
          {summary}
        </div>
        <button
          type="button"
          disabled={disabled}
          onClick={onContinue}
          className="shrink-0 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          <FormattedMessage id="booking.step.continue" />
        </button>
      </div>
    </div>
  );
}

/** The look of a choice the visitor taps: a service, a stylist. */
export const optionClass = (chosen: boolean) =>
  `flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
    chosen ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : "border-slate-200 bg-white hover:border-brand-400"
  }`;
