import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { marketingPrices } from "../prices.ts";
import { CheckIcon, SparkleIcon } from "./icons.tsx";
import { Money } from "./money.tsx";

function TrustItem({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CheckIcon className="size-3.5" />
      </span>
      {children}
    </li>
  );
}

export function Hero({ waitlistForm, phone }: { waitlistForm: ReactNode; phone: ReactNode }) {
  const intl = useIntl();
  const brand = intl.formatMessage({ id: "common.brand" });
  const prices = marketingPrices(intl.locale);

  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-brand-50 via-white to-white" />
      <div aria-hidden="true" className="absolute -top-40 right-0 -z-10 size-[36rem] rounded-full bg-brand-100/70 blur-3xl lg:right-24" />

      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-16 lg:pt-20 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-2xl border border-brand-100 bg-white/80 px-3 py-1 text-left text-sm font-medium text-brand-700 shadow-sm sm:rounded-full">
            <SparkleIcon className="size-4 shrink-0" />
            <FormattedMessage id="hero.eyebrow" />
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance hyphens-auto text-slate-900 sm:text-5xl lg:text-6xl"
          >
            <FormattedMessage id="hero.title" values={{ highlight: (chunks) => <span className="text-brand-600">{chunks}</span> }} />
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 lg:mx-0">
            <FormattedMessage id="hero.subtitle" values={{ brand }} />
          </p>

          <div className="mt-8 flex flex-col items-center lg:items-start">
            <p className="mb-3 text-sm font-semibold text-slate-800">
              <FormattedMessage id="hero.waitlist.lead" />
            </p>
            {waitlistForm}
          </div>

          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm font-medium text-slate-700 lg:justify-start">
            <TrustItem>
              <FormattedMessage id="hero.trust.availability" />
            </TrustItem>
            <TrustItem>
              <FormattedMessage id="hero.trust.trial" />
            </TrustItem>
            <TrustItem>
              <FormattedMessage
                id="hero.trust.price"
                values={{ price: <Money value={prices.receptaPerMinute} currency={prices.currency} /> }}
              />
            </TrustItem>
          </ul>
        </div>

        <div className="flex flex-col items-center gap-4">
          <div className="relative">
            <div aria-hidden="true" className="absolute inset-x-6 inset-y-16 -z-10 rounded-full bg-brand-500/30 blur-3xl" />
            {phone}
          </div>
          <p className="max-w-[300px] text-center text-sm text-slate-600">
            <FormattedMessage id="hero.demo.hint" values={{ brand }} />
          </p>
        </div>
      </div>
    </section>
  );
}
