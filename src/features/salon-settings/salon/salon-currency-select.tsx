import { useMemo, useRef } from "react";
import { useIntl } from "react-intl";
import { CURRENCIES, DEFAULT_CURRENCY, currencyOfCountry, type Currency } from "../../../../contract/currency.ts";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/form-field.tsx";

interface SalonCurrencySelectProps {
  value: Currency;
  onChange: (value: Currency) => void;
  /** The country the salon's Country field names, whose currency is offered while the default is chosen. */
  country: string | undefined;
  error?: string;
  disabled: boolean;
}

/** The unit of the salon's prices: each currency named in the reader's language with its code. */
export function SalonCurrencySelect({ value, onChange, country, error, disabled }: SalonCurrencySelectProps) {
  const intl = useIntl();
  const select = useRef<HTMLSelectElement>(null);
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([intl.locale], { type: "currency" });
    return CURRENCIES.map((code) => ({ code, label: intl.formatMessage({ id: "salonSettings.salon.currencyOption" }, { name: names.of(code) ?? code, code }) }));
  }, [intl]);
  // Only an owner who has not chosen yet is offered the country's currency.
  const suggested = value === DEFAULT_CURRENCY ? currencyOfCountry(country) : undefined;
  const takeSuggested = (currency: Currency) => {
    onChange(currency);
    // The button goes once used: focus stays on the field it changed rather than dropping to the page.
    select.current?.focus();
  };
  return (
    <div>
      <Field label={intl.formatMessage({ id: "salonSettings.salon.currency" })} hint={intl.formatMessage({ id: "salonSettings.salon.currencyHint" })} error={error}>
        {(control) => (
          <select {...control} ref={select} name="currency" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as Currency)}>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {suggested && suggested !== value && (
        <Button variant="dashed" size="sm" disabled={disabled} onClick={() => takeSuggested(suggested)} className="mt-2">
          {intl.formatMessage({ id: "salonSettings.salon.currencySuggest" }, { code: suggested })}
        </Button>
      )}
    </div>
  );
}
