import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AssistantConfig } from "../../../../contract/assistants.ts";
import {
  NUMBER_COUNTRIES,
  NUMBER_LIMITS,
  PHONE_NAME_LENGTH,
  type AvailableNumber,
  type NumberCountry,
  type PhoneNumber,
} from "../../../../contract/phone-numbers.ts";
import { displayPhone, type CountryCode } from "../../../../contract/phone.ts";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/form-field.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { ApiRequestError, errorDetail } from "../../../lib/api-client.ts";
import { useNumberSearch, usePurchaseNumber } from "../api.ts";
import { AssistantSelect } from "./assistant-select.tsx";

const FALLBACK_COUNTRY: NumberCountry = "CZ";

const offered = (country: CountryCode | undefined): country is NumberCountry => NUMBER_COUNTRIES.includes(country as NumberCountry);

const TYPE_LABELS: Record<AvailableNumber["type"], string> = {
  local: "phoneNumbers.get.type.local",
  mobile: "phoneNumbers.get.type.mobile",
  national: "phoneNumbers.get.type.national",
  "toll free": "phoneNumbers.get.type.tollFree",
};

interface GetNumberDialogProps {
  open: boolean;
  onClose: () => void;
  assistants: AssistantConfig[];
  /** The salon's country: searched first when numbers of it are on offer. */
  salonCountry: CountryCode | undefined;
  onBought: (row: PhoneNumber) => void;
}

/**
 * Get a number: search the numbers on offer in a country (optionally by digits it should
 * contain), choose one, name it and link an assistant, and buy it. Every refusal is shown in
 * the dialog with the server's words; a number someone else took meanwhile leaves the results.
 */
export function GetNumberDialog({ open, onClose, assistants, salonCountry, onBought }: GetNumberDialogProps) {
  const intl = useIntl();
  const toast = useToast();
  const search = useNumberSearch();
  const purchase = usePurchaseNumber();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  // Null until the owner picks one: the salon's country until then, which may load late.
  const [country, setCountry] = useState<NumberCountry | null>(null);
  const [contains, setContains] = useState("");
  const [results, setResults] = useState<{ numbers: AvailableNumber[]; withDigits: boolean } | null>(null);
  const [chosen, setChosen] = useState<AvailableNumber | null>(null);
  const [name, setName] = useState("");
  // Null until the owner picks one: the first assistant, so a new number answers at once.
  const [assistantId, setAssistantId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const countryRef = useRef<HTMLSelectElement>(null);
  const chosenRef = useRef<HTMLHeadingElement>(null);
  const resultsRef = useRef<HTMLParagraphElement>(null);

  const shownCountry = country ?? (offered(salonCountry) ? salonCountry : FALLBACK_COUNTRY);
  const shownAssistant = assistantId ?? assistants[0]?.id ?? "";
  const regionNames = new Intl.DisplayNames([intl.locale], { type: "region" });
  const countryName = (code: NumberCountry) => regionNames.of(code) ?? code;
  const countries = [...NUMBER_COUNTRIES].sort((a, b) => countryName(a).localeCompare(countryName(b), intl.locale));
  const unreachable = () => t("phoneNumbers.error.unreachable");

  // Each step starts where the owner reads on: the chosen number, or the results again (after
  // Back, or when the chosen number was taken); the button that had focus is gone.
  useEffect(() => {
    (chosen ? chosenRef : resultsRef).current?.focus();
  }, [chosen]);

  const reset = () => {
    setCountry(null);
    setContains("");
    setResults(null);
    setChosen(null);
    setName("");
    setAssistantId(null);
    setError(null);
    search.reset();
    purchase.reset();
  };

  const runSearch = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await search.mutateAsync({ country: shownCountry, contains: contains || null });
      setResults({ numbers: answer.numbers, withDigits: contains !== "" });
    } catch (failure) {
      setResults(null);
      setError(errorDetail(failure, unreachable()));
    }
  };

  const buy = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setError(null);
    try {
      const row = await purchase.mutateAsync({
        country: shownCountry,
        phone_number: chosen.phone_number,
        phone_name: name.trim() || null,
        assistant_config_id: shownAssistant || null,
      });
      toast.show("success", t("phoneNumbers.toast.bought", { number: displayPhone(row.phone_number) }));
      onBought(row);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === "number_unavailable") {
        // Someone else got it first: back to the others on offer.
        setResults((shown) => shown && { ...shown, numbers: shown.numbers.filter((number) => number.phone_number !== chosen.phone_number) });
        setChosen(null);
      }
      setError(errorDetail(failure, unreachable()));
    }
  };

  const price = (number: AvailableNumber) =>
    number.monthly_price !== null && number.price_unit
      ? t("phoneNumbers.get.perMonth", { price: intl.formatNumber(number.monthly_price, { style: "currency", currency: number.price_unit }) })
      : null;
  const place = (number: AvailableNumber) => [...new Set([number.locality, number.region].filter(Boolean))].join(", ");
  const details = (number: AvailableNumber) => [place(number), t(TYPE_LABELS[number.type])].filter(Boolean).join(" · ");

  const alert = error && (
    <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );

  let step;
  if (chosen) {
    step = (
      <form noValidate onSubmit={buy} className="space-y-4">
        <div className="rounded-xl border border-brand-100 bg-brand-50 px-4 py-3">
          <h3 ref={chosenRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 tabular-nums focus:outline-none">
            {displayPhone(chosen.phone_number)}
          </h3>
          <p className="text-sm text-slate-600">{details(chosen)}</p>
          {price(chosen) && <p className="mt-1 text-sm font-medium text-slate-800">{price(chosen)}</p>}
        </div>
        <Field label={t("phoneNumbers.form.name")}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              placeholder={t("phoneNumbers.form.namePlaceholder")}
              maxLength={PHONE_NAME_LENGTH}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <AssistantSelect value={shownAssistant} onChange={setAssistantId} assistants={assistants} />
        {alert}
        {/* On a phone the buttons stack full width, the main one on top. */}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={purchase.isPending}
            onClick={() => {
              setChosen(null);
              setError(null);
            }}
          >
            <FormattedMessage id="phoneNumbers.get.back" />
          </Button>
          <Button type="submit" busy={purchase.isPending}>
            <FormattedMessage id={purchase.isPending ? "phoneNumbers.get.buying" : "phoneNumbers.get.buy"} />
          </Button>
        </div>
      </form>
    );
  } else {
    step = (
      <>
        <form noValidate onSubmit={runSearch} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
          <Field label={t("phoneNumbers.get.country")}>
            {(control) => (
              <select {...control} ref={countryRef} value={shownCountry} onChange={(event) => setCountry(event.target.value as NumberCountry)}>
                {countries.map((code) => (
                  <option key={code} value={code}>
                    {countryName(code)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("phoneNumbers.get.contains")} hint={t("phoneNumbers.get.containsHint")}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={NUMBER_LIMITS.containsLength}
                value={contains}
                // Digits only: "+420 777" is read as 420777.
                onChange={(event) => setContains(event.target.value.replace(/\D/g, "").slice(0, NUMBER_LIMITS.containsLength))}
              />
            )}
          </Field>
          <Button type="submit" busy={search.isPending} className="sm:mt-6">
            <FormattedMessage id={search.isPending ? "phoneNumbers.get.searching" : "phoneNumbers.get.search"} />
          </Button>
        </form>
        {alert}
        {results && (
          <div className="mt-5">
            <p ref={resultsRef} tabIndex={-1} role="status" className="text-sm font-medium text-slate-700 focus:outline-none">
              {results.numbers.length > 0
                ? t("phoneNumbers.get.found", { count: results.numbers.length })
                : t(results.withDigits ? "phoneNumbers.get.noneWithDigits" : "phoneNumbers.get.none")}
            </p>
            {results.numbers.length > 0 && (
              <ul aria-label={t("phoneNumbers.get.results")} className="mt-2 max-h-80 space-y-1.5 overflow-y-auto">
                {results.numbers.map((number) => (
                  <li key={number.phone_number}>
                    <button
                      type="button"
                      onClick={() => {
                        setChosen(number);
                        setError(null);
                      }}
                      className="flex w-full flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 rounded-xl border border-slate-200 px-3 py-2.5 text-left hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      <span className="min-w-0">
                        <span className="block font-semibold text-slate-900 tabular-nums">{displayPhone(number.phone_number)}</span>
                        <span className="block text-sm text-slate-600">{details(number)}</span>
                      </span>
                      {price(number) && <span className="text-sm font-medium text-slate-800">{price(number)}</span>}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <Modal
      open={open}
      // Closing mid-purchase would hide whether the number was bought.
      onClose={() => !purchase.isPending && onClose()}
      title={t("phoneNumbers.get.title")}
      description={t("phoneNumbers.get.description")}
      size="lg"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        countryRef.current?.focus();
      }}
      onClosed={reset}
    >
      {step}
    </Modal>
  );
}
