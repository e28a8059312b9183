import { useId, type ReactNode } from "react";
import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import { useContactModal } from "../../../components/contact/contact-context.ts";
import { Icon } from "../../../components/icon.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { moneyFormat, moneyIn } from "../../../lib/pricing/money.ts";
import { TIERS, addedFeatures, tierPrice, type PricedTier, type Tier } from "../../../lib/pricing/tiers.ts";

function PricedTierPrice({ tier }: { tier: PricedTier }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const price = tierPrice(tier, language);
  const rate = moneyIn(tier.effectiveMinute, language);
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          <FormattedNumber value={price.amount} {...moneyFormat(price)} />
        </span>
        <span className="text-sm font-medium text-slate-500">
          <FormattedMessage id="pricing.card.unit" />
        </span>
      </p>
      <p className="mt-1 text-xs text-slate-500">
        <FormattedMessage id="pricing.card.priceNote" values={{ rate: intl.formatNumber(rate.amount, moneyFormat(rate)) }} />
      </p>
    </>
  );
}

function CustomTierPrice() {
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          <FormattedMessage id="pricing.custom" />
        </span>
        <span className="text-sm font-medium text-slate-500">
          <FormattedMessage id="pricing.tier.enterprise.unit" />
        </span>
      </p>
      <p className="mt-1 text-xs text-slate-500">
        <FormattedMessage id="pricing.tier.enterprise.note" />
      </p>
    </>
  );
}

function Bullet({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2.5">
      <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <span>{children}</span>
    </li>
  );
}

/** The volume lines that open every card's list. */
function VolumeBullets({ tier }: { tier: Tier }) {
  const intl = useIntl();
  const { language } = useLanguage();
  if (tier.kind === "custom") {
    return (
      <>
        <Bullet>
          <FormattedMessage id="pricing.tier.enterprise.minutes" />
        </Bullet>
        <Bullet>
          <FormattedMessage id="pricing.tier.enterprise.phoneNumbers" />
        </Bullet>
      </>
    );
  }
  const extra = moneyIn(tier.extraMinute, language);
  return (
    <>
      <Bullet>
        <FormattedMessage id="pricing.card.minutes" values={{ minutes: tier.minutesIncluded }} />
      </Bullet>
      <Bullet>
        <FormattedMessage id="pricing.card.extraMinute" values={{ price: intl.formatNumber(extra.amount, moneyFormat(extra)) }} />
      </Bullet>
      <Bullet>
        <FormattedMessage id="pricing.card.phoneNumbers" values={{ count: tier.phoneNumbers }} />
      </Bullet>
    </>
  );
}

/** One plan. Shared by the home page section (names as h3) and the pricing page (names as h2). */
function TierCard({ tier, headingLevel }: { tier: Tier; headingLevel: "h2" | "h3" }) {
  const intl = useIntl();
  const openContact = useContactModal();
  const headingId = useId();
  const Heading = headingLevel;
  const { previous, features } = addedFeatures(tier);
  const name = intl.formatMessage({ id: `pricing.tier.${tier.id}.name` });

  const openContactForTier = () => (tier.kind === "custom" ? openContact({ mode: "enterprise" }) : openContact({ mode: "trial", tier: name }));

  return (
    // Subgrid rows keep names, prices, buttons and lists level across a row of cards.
    <article
      aria-labelledby={headingId}
      className={`relative row-span-5 grid grid-rows-subgrid gap-y-5 rounded-2xl bg-white p-6 ${
        tier.popular ? "border-2 border-brand-600 shadow-xl shadow-brand-600/10" : "border border-slate-200 shadow-sm"
      }`}
    >
      <div>
        {tier.popular && (
          <p className="absolute -top-3.5 left-6 inline-flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
            </svg>
            <FormattedMessage id="pricing.card.popular" />
          </p>
        )}
        <Heading id={headingId} className={`text-lg font-semibold ${tier.popular ? "text-brand-700" : "text-slate-900"}`}>
          {name}
        </Heading>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          <FormattedMessage id={`pricing.tier.${tier.id}.description`} />
        </p>
      </div>
      <div>{tier.kind === "priced" ? <PricedTierPrice tier={tier} /> : <CustomTierPrice />}</div>
      <button
        type="button"
        onClick={openContactForTier}
        aria-describedby={headingId}
        className={`self-start w-full rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          tier.popular ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-white text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
        }`}
      >
        <FormattedMessage id={tier.kind === "custom" ? "pricing.card.cta.enterprise" : "pricing.card.cta.trial"} />
      </button>
      <ul className="space-y-3 border-t border-slate-100 pt-5 text-sm leading-6 text-slate-700">
        <VolumeBullets tier={tier} />
      </ul>
      <div className="text-sm leading-6 text-slate-700">
        {previous && (
          <p className="mb-3 font-medium text-slate-900">
            <FormattedMessage id="pricing.card.everythingIn" values={{ tier: intl.formatMessage({ id: `pricing.tier.${previous.id}.name` }) }} />
          </p>
        )}
        <ul className="space-y-3">
          {features.map((feature) => (
            <Bullet key={feature}>
              <FormattedMessage id={`pricing.feature.${feature}`} />
            </Bullet>
          ))}
        </ul>
      </div>
    </article>
  );
}

export function TierCards({ headingLevel }: { headingLevel: "h2" | "h3" }) {
  return (
    <div className="grid gap-x-6 gap-y-10 md:grid-cols-2 xl:grid-cols-4">
      {TIERS.map((tier) => (
        <TierCard key={tier.id} tier={tier} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
