import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { marketingPrices } from "../prices.ts";
import { CheckIcon, CrossIcon, MinusIcon } from "./icons.tsx";
import { Money } from "./money.tsx";
import { SectionHeader } from "./section-header.tsx";

type Verdict = "yes" | "partly" | "no";
type Column = "product" | "human" | "others";

/** The spec's 15 rows in order; a verdict adds an icon and a spoken yes/partly/no before the cell's text. */
const ROWS: { id: string; verdicts?: Record<Column, Verdict> }[] = [
  { id: "availability", verdicts: { product: "yes", human: "no", others: "partly" } },
  { id: "cost" },
  { id: "conversations", verdicts: { product: "yes", human: "yes", others: "no" } },
  { id: "appointments", verdicts: { product: "yes", human: "yes", others: "partly" } },
  { id: "reminders", verdicts: { product: "yes", human: "no", others: "partly" } },
  { id: "outbound", verdicts: { product: "yes", human: "partly", others: "no" } },
  { id: "integration", verdicts: { product: "yes", human: "no", others: "partly" } },
  { id: "errorRate", verdicts: { product: "yes", human: "partly", others: "partly" } },
  { id: "callVolumes", verdicts: { product: "yes", human: "no", others: "partly" } },
  { id: "analytics", verdicts: { product: "yes", human: "no", others: "partly" } },
  { id: "security", verdicts: { product: "yes", human: "partly", others: "partly" } },
  { id: "faqs", verdicts: { product: "yes", human: "yes", others: "partly" } },
  { id: "scalability", verdicts: { product: "yes", human: "no", others: "partly" } },
  { id: "immunity", verdicts: { product: "yes", human: "no", others: "yes" } },
  { id: "onboarding", verdicts: { product: "yes", human: "no", others: "partly" } },
];

const COLUMNS: Column[] = ["product", "human", "others"];

const VERDICT_STYLE: Record<Verdict, { Icon: typeof CheckIcon; className: string }> = {
  yes: { Icon: CheckIcon, className: "bg-emerald-100 text-emerald-700" },
  partly: { Icon: MinusIcon, className: "bg-amber-100 text-amber-700" },
  no: { Icon: CrossIcon, className: "bg-rose-100 text-rose-700" },
};

function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { Icon, className } = VERDICT_STYLE[verdict];
  return (
    <>
      <span className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full ${className}`}>
        <Icon className="size-3.5" />
      </span>
      <span className="sr-only">
        <FormattedMessage id={`comparison.verdict.${verdict}`} />
      </span>
    </>
  );
}

function CostCell({ column }: { column: Column }) {
  const intl = useIntl();
  const prices = marketingPrices(intl.locale);
  const money = (value: number) => <Money value={value} currency={prices.currency} />;
  if (column === "product") return <FormattedMessage id="comparison.cost.product" values={{ price: money(prices.receptaPerMinute) }} />;
  if (column === "human") {
    return (
      <FormattedMessage
        id="comparison.cost.human"
        values={{ perMinute: money(prices.humanPerMinute), perMonth: money(prices.humanPerMonth) }}
      />
    );
  }
  return <FormattedMessage id="comparison.cost.others" />;
}

function Cell({ row, column }: { row: (typeof ROWS)[number]; column: Column }) {
  const verdict = row.verdicts?.[column];
  const text: ReactNode = row.id === "cost" ? <CostCell column={column} /> : <FormattedMessage id={`comparison.${row.id}.${column}`} />;
  const highlighted = column === "product";
  return (
    <td className={`px-4 py-4 align-top text-sm ${highlighted ? "bg-brand-50/70 font-medium text-slate-900" : "text-slate-600"}`}>
      <span className="flex items-start gap-2.5">
        {verdict && <VerdictBadge verdict={verdict} />}
        <span>{text}</span>
      </span>
    </td>
  );
}

export function ComparisonSection() {
  const intl = useIntl();
  const brand = intl.formatMessage({ id: "common.brand" });

  return (
    <section aria-labelledby="comparison-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          titleId="comparison-title"
          eyebrow={<FormattedMessage id="comparison.eyebrow" />}
          title={<FormattedMessage id="comparison.title" values={{ brand }} />}
          lead={<FormattedMessage id="comparison.lead" />}
        />

        <p className="mt-10 text-center text-sm text-slate-500 md:hidden" aria-hidden="true">
          <FormattedMessage id="comparison.scrollHint" />
        </p>
        {/* Phones scroll the table inside this frame instead of the page; the frame takes focus so keyboards can scroll it too. */}
        <div
          role="region"
          aria-labelledby="comparison-caption"
          tabIndex={0}
          className="relative mt-4 overflow-x-auto rounded-2xl shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:mt-14"
        >
          <table className="w-full min-w-[44rem] border-collapse text-left">
            <caption id="comparison-caption" className="sr-only">
              <FormattedMessage id="comparison.caption" values={{ brand }} />
            </caption>
            <thead>
              <tr className="border-b border-slate-200 bg-slate-50">
                <th scope="col" className="sticky left-0 z-10 w-32 bg-slate-50 px-4 py-4 text-sm font-semibold text-slate-900 shadow-[inset_-1px_0_0_var(--color-slate-200)] sm:w-52 md:shadow-none">
                  <FormattedMessage id="comparison.column.criterion" />
                </th>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={`px-4 py-4 text-sm font-semibold ${column === "product" ? "bg-brand-600 text-white" : "text-slate-900"}`}
                  >
                    <FormattedMessage id={`comparison.column.${column}`} values={{ brand }} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {ROWS.map((row) => (
                <tr key={row.id}>
                  <th
                    scope="row"
                    className="sticky left-0 z-10 bg-white px-4 py-4 align-top text-sm font-semibold break-words hyphens-auto text-slate-900 shadow-[inset_-1px_0_0_var(--color-slate-200)] md:shadow-none"
                  >
                    <FormattedMessage id={`comparison.${row.id}.label`} />
                  </th>
                  {COLUMNS.map((column) => (
                    <Cell key={column} row={row} column={column} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
