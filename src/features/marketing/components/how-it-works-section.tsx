import { FormattedMessage, useIntl } from "react-intl";
import { SectionHeader } from "./section-header.tsx";

const STEPS = ["details", "assistant", "phone", "handle"] as const;

export function HowItWorksSection() {
  const intl = useIntl();
  const brand = intl.formatMessage({ id: "common.brand" });

  return (
    <section aria-labelledby="how-it-works-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          titleId="how-it-works-title"
          eyebrow={<FormattedMessage id="howItWorks.eyebrow" />}
          title={<FormattedMessage id="howItWorks.title" />}
          lead={<FormattedMessage id="howItWorks.lead" />}
        />
        <div className="relative mt-16">
          {/* One line through the number badges reads as a path from the first step to the last. */}
          <div aria-hidden="true" className="absolute top-6 right-[12.5%] left-[12.5%] hidden h-0.5 bg-linear-to-r from-brand-100 via-brand-500/40 to-brand-100 lg:block" />
          <ol className="grid gap-x-8 gap-y-12 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step} className="relative flex flex-col items-center text-center">
                <span
                  aria-hidden="true"
                  className="flex size-12 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white shadow-lg ring-8 shadow-brand-600/25 ring-slate-50"
                >
                  {intl.formatNumber(index + 1)}
                </span>
                <p className="mt-6 text-xs font-semibold tracking-wide text-brand-600 uppercase">
                  <FormattedMessage id="howItWorks.stepLabel" values={{ number: index + 1 }} />
                </p>
                <h3 className="mt-2 text-lg font-semibold break-words hyphens-auto text-slate-900">
                  <FormattedMessage id={`howItWorks.${step}.title`} />
                </h3>
                <p className="mt-2 max-w-xs text-sm leading-6 text-pretty text-slate-600">
                  <FormattedMessage id={`howItWorks.${step}.description`} values={{ brand }} />
                </p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
