import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { Icon } from "../../../components/icon.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { PricingNotes } from "./pricing-notes.tsx";
import { TierCards } from "./tier-card.tsx";

export function PricingSection() {
  const { localPath } = useLanguage();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-gradient-to-b from-white via-brand-50/40 to-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
            <FormattedMessage id="pricing.section.eyebrow" />
          </p>
          <h2 id="pricing-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            <FormattedMessage id="pricing.section.title" />
          </h2>
          <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">
            <FormattedMessage id="pricing.section.subtitle" />
          </p>
        </div>
        <div className="mt-14">
          <TierCards headingLevel="h3" />
        </div>
        <PricingNotes />
        <p className="mt-8 text-center">
          <Link
            to={localPath("/pricing")}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-600"
          >
            <FormattedMessage id="pricing.section.compare" />
            <Icon name="arrow" className="size-4" />
          </Link>
        </p>
      </div>
    </section>
  );
}
