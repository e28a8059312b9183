import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useLanguage } from "../../../i18n/language-context.ts";
import { moneyFormat } from "../../../lib/pricing/money.ts";
import { CALCULATOR, clampToRange, displayMoney, yearlyLoss, type SliderRange } from "../calculator.ts";

interface SliderProps {
  labelId: string;
  range: SliderRange;
  value: number;
  onChange: (value: number) => void;
  format: (value: number) => string;
}

function Slider({ labelId, range, value, onChange, format }: SliderProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="font-medium text-slate-900">
          <FormattedMessage id={labelId} />
        </label>
        {/* Not an <output>: that is a live region, and the result below is already announced. */}
        <span className="rounded-md bg-white px-2.5 py-0.5 text-lg font-semibold text-brand-700 tabular-nums shadow-sm ring-1 ring-brand-100">
          {format(value)}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(event) => onChange(clampToRange(Number(event.target.value), range))}
        className="mt-4 h-2 w-full cursor-pointer rounded-full accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
      />
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600 tabular-nums">
        <span>{format(range.min)}</span>
        <span>{format(range.max)}</span>
      </div>
    </div>
  );
}

/** The article's missed-call calculator; costs are euros inside and shown in the interface currency. */
export function RevenueCalculator() {
  const intl = useIntl();
  const { language } = useLanguage();
  const headingId = useId();
  const [calls, setCalls] = useState<number>(CALCULATOR.missedCallsPerDay.initial);
  const [cost, setCost] = useState<number>(CALCULATOR.serviceCost.initial);

  const formatEuros = (euros: number) => {
    const money = displayMoney(euros, language);
    return intl.formatNumber(money.amount, moneyFormat(money));
  };

  return (
    <section aria-labelledby={headingId} className="my-10 overflow-hidden rounded-2xl bg-brand-50 ring-1 ring-brand-100">
      <div className="grid lg:grid-cols-2">
        <div className="space-y-8 p-6 sm:p-8">
          <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6 text-brand-600">
              <rect x="5" y="3" width="14" height="18" rx="2" />
              <path d="M8 7h8M8 11h2M12 11h0M16 11h0M8 15h2M12 15h0M16 15h0M8 18h2M12 18h4" strokeLinecap="round" />
            </svg>
            <FormattedMessage id="blog.calculator.title" />
          </h3>
          <Slider
            labelId="blog.calculator.calls"
            range={CALCULATOR.missedCallsPerDay}
            value={calls}
            onChange={setCalls}
            format={(value) => intl.formatNumber(value)}
          />
          <Slider labelId="blog.calculator.cost" range={CALCULATOR.serviceCost} value={cost} onChange={setCost} format={formatEuros} />
        </div>
        <div aria-live="polite" aria-atomic="true" className="flex flex-col justify-center bg-brand-600 p-6 text-white sm:p-8">
          <p className="text-sm font-medium text-brand-100">
            <FormattedMessage id="blog.calculator.result" />
          </p>
          <p data-testid="yearly-loss" className="mt-2 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">
            {formatEuros(yearlyLoss(calls, cost))}
          </p>
          <p className="mt-3 text-sm text-brand-100">
            <FormattedMessage
              id="blog.calculator.formula"
              values={{ calls, cost: formatEuros(cost), days: CALCULATOR.workingDaysPerYear }}
            />
          </p>
        </div>
      </div>
    </section>
  );
}
