import { FormattedMessage, FormattedNumber } from "react-intl";
import { Icon } from "../../../components/icon.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { moneyFormat, moneyIn, type Amounts } from "../../../lib/pricing/money.ts";
import { FEATURE_IDS, TIERS, type FeatureId, type PricedTier, type Tier } from "../../../lib/pricing/tiers.ts";

type Row =
  | { kind: "money"; labelId: string; amounts: (tier: PricedTier) => Amounts }
  | { kind: "count"; labelId: string; count: (tier: PricedTier) => number }
  | { kind: "feature"; labelId: string; feature: FeatureId };

const ROWS: readonly Row[] = [
  { kind: "money", labelId: "pricing.compare.row.monthlyPrice", amounts: (tier) => tier.monthly },
  { kind: "count", labelId: "pricing.compare.row.minutesIncluded", count: (tier) => tier.minutesIncluded },
  { kind: "money", labelId: "pricing.compare.row.extraMinute", amounts: (tier) => tier.extraMinute },
  { kind: "money", labelId: "pricing.compare.row.effectiveRate", amounts: (tier) => tier.effectiveMinute },
  { kind: "count", labelId: "pricing.compare.row.phoneNumbers", count: (tier) => tier.phoneNumbers },
  ...FEATURE_IDS.map((feature): Row => ({ kind: "feature", labelId: `pricing.feature.${feature}`, feature })),
];

function Included({ value }: { value: boolean }) {
  return (
    <>
      <Icon name={value ? "check" : "cross"} className={`mx-auto size-5 ${value ? "text-brand-600" : "text-slate-400"}`} />
      <span className="sr-only">
        <FormattedMessage id={value ? "pricing.compare.included" : "pricing.compare.notIncluded"} />
      </span>
    </>
  );
}

function CellValue({ row, tier }: { row: Row; tier: Tier }) {
  const { language } = useLanguage();
  if (row.kind === "feature") return <Included value={tier.features.includes(row.feature)} />;
  if (tier.kind === "custom") return <FormattedMessage id="pricing.custom" />;
  if (row.kind === "count") return <FormattedNumber value={row.count(tier)} />;
  const money = moneyIn(row.amounts(tier), language);
  return <FormattedNumber value={money.amount} {...moneyFormat(money)} />;
}

// The first column stays in view while the plans scroll sideways on narrow screens.
const stickyCell = "sticky left-0 z-10 bg-white shadow-[inset_-1px_0_0_var(--color-slate-200)]";

export function ComparisonTable({ labelledBy }: { labelledBy: string }) {
  return (
    // Focusable so keyboard users can scroll it; named by the section heading. Relative, so the
    // screen-reader-only texts (absolutely positioned) stay inside the scroller instead of widening the page.
    <div role="region" aria-labelledby={labelledBy} tabIndex={0} className="relative overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className="w-full min-w-[44rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">
          <FormattedMessage id="pricing.compare.caption" />
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={`${stickyCell} w-36 px-4 py-4 text-left align-bottom font-semibold text-slate-900 sm:w-64 sm:px-6`}>
              <FormattedMessage id="pricing.compare.featureHeader" />
            </th>
            {TIERS.map((tier) => (
              <th key={tier.id} scope="col" className={`px-4 py-4 text-center align-bottom font-semibold text-slate-900 ${tier.popular ? "bg-brand-50" : ""}`}>
                {tier.popular && (
                  <span className="mb-1 block text-xs font-semibold text-brand-700">
                    <FormattedMessage id="pricing.card.popular" />
                  </span>
                )}
                <FormattedMessage id={`pricing.tier.${tier.id}.name`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {ROWS.map((row) => (
            <tr key={row.labelId}>
              <th scope="row" className={`${stickyCell} px-4 py-3.5 text-left font-medium text-slate-700 sm:px-6`}>
                <FormattedMessage id={row.labelId} />
              </th>
              {TIERS.map((tier) => (
                <td key={tier.id} className={`px-4 py-3.5 text-center whitespace-nowrap text-slate-700 tabular-nums ${tier.popular ? "bg-brand-50/60" : ""}`}>
                  <CellValue row={row} tier={tier} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
