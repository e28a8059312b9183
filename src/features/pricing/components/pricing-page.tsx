import { FormattedMessage } from "react-intl";
import { PageMeta } from "../../../components/page-meta.tsx";
import { ComparisonTable } from "./comparison-table.tsx";
import { PricingNotes } from "./pricing-notes.tsx";
import { TierCards } from "./tier-card.tsx";

export function PricingPage() {
  return (
    <div className="bg-gradient-to-b from-brand-50/60 via-white to-white">
      <PageMeta titleId="pricing.page.title" descriptionId="pricing.page.subtitle" />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        <header className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
            <FormattedMessage id="pricing.section.eyebrow" />
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            <FormattedMessage id="pricing.page.title" />
          </h1>
          <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">
            <FormattedMessage id="pricing.page.subtitle" />
          </p>
        </header>
        <div className="mt-14">
          <TierCards headingLevel="h2" />
        </div>
        <PricingNotes />
        <section aria-labelledby="compare-title" className="mt-20 sm:mt-28">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="compare-title" className="text-3xl font-bold tracking-tight text-slate-900">
              <FormattedMessage id="pricing.compare.title" />
            </h2>
            <p className="mt-3 text-lg text-slate-600">
              <FormattedMessage id="pricing.compare.subtitle" />
            </p>
          </div>
          <p className="mt-8 mb-3 text-center text-xs text-slate-500 md:hidden">
            <FormattedMessage id="pricing.compare.scrollHint" />
          </p>
          <div className="md:mt-10">
            <ComparisonTable labelledBy="compare-title" />
          </div>
        </section>
      </div>
    </div>
  );
}
