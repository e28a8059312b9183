import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Service } from "../../../../contract/salon.ts";
import { Button } from "../../../components/button.tsx";
import { controlClass, GroupErrors } from "../../../components/form-field.tsx";
import { messagesUnder, type FieldErrors } from "../../../lib/form-errors.ts";
import { chooseService, emptyLine, totalMinutes, totalPrice, type LineDraft } from "../appointment-draft.ts";
import { useCurrencySign, usePrices } from "../../../lib/money.ts";

interface ServiceRowsProps {
  lines: LineDraft[];
  services: readonly Service[];
  /** Messages keyed "lines.<row>.<field>". */
  errors: FieldErrors;
  disabled: boolean;
  onChange: (lines: LineDraft[]) => void;
}

/** The modal's Services: one row per service, each with the price and duration agreed for it. */
export function AppointmentServiceRows({ lines, services, errors, disabled, onChange }: ServiceRowsProps) {
  const intl = useIntl();
  const prices = usePrices();
  const minutes = totalMinutes(lines);
  const update = (key: number, next: LineDraft) => onChange(lines.map((line) => (line.key === key ? next : line)));
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-700">
        <FormattedMessage id="appointments.form.services" />
      </legend>
      <ol className="mt-1 space-y-2">
        {lines.map((line, index) => (
          <ServiceRow
            key={line.key}
            number={index + 1}
            line={line}
            services={services}
            errors={errors}
            disabled={disabled}
            // The spec shows a remove button only while there is more than one row.
            onRemove={lines.length > 1 ? () => onChange(lines.filter((other) => other.key !== line.key)) : undefined}
            onChange={(next) => update(line.key, next)}
          />
        ))}
      </ol>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <Button variant="dashed" size="sm" disabled={disabled} onClick={() => onChange([...lines, emptyLine()])}>
          <FormattedMessage id="appointments.form.addService" />
        </Button>
        {minutes > 0 && (
          <p className="text-sm text-slate-600" data-testid="services-total">
            {intl.formatMessage({ id: "appointments.form.total" }, { minutes, price: prices(totalPrice(lines)) })}
          </p>
        )}
      </div>
    </fieldset>
  );
}

interface ServiceRowProps {
  number: number;
  line: LineDraft;
  services: readonly Service[];
  errors: FieldErrors;
  disabled: boolean;
  onRemove: (() => void) | undefined;
  onChange: (line: LineDraft) => void;
}

function ServiceRow({ number, line, services, errors, disabled, onRemove, onChange }: ServiceRowProps) {
  const intl = useIntl();
  const prices = usePrices();
  const id = useId();
  const errorId = `${id}-error`;
  const path = `lines.${number - 1}`;
  const messages = messagesUnder(errors, path);
  const invalid = (field: string) => Boolean(errors[`${path}.${field}`]);
  const currency = useCurrencySign();
  // A row's number inputs; `sent` is the field's name in the request, which messages are keyed by.
  const small = (field: "price" | "duration", sent: string, label: string, props: { step: number; min: number; unit?: string }) => (
    <div className="w-24 shrink-0">
      <label htmlFor={`${id}-${field}`} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={`${id}-${field}`}
          type="number"
          inputMode={field === "price" ? "decimal" : "numeric"}
          min={props.min}
          step={props.step}
          value={line[field]}
          disabled={disabled}
          aria-invalid={invalid(sent)}
          aria-describedby={messages.length ? errorId : undefined}
          onChange={(event) => onChange({ ...line, [field]: event.target.value })}
          className={`${controlClass(invalid(sent), true)} ${props.unit ? (props.unit.length > 1 ? "pl-8" : "pl-6") : ""}`}
        />
        {props.unit && (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-2 flex items-center text-sm text-slate-500">
            {props.unit}
          </span>
        )}
      </div>
    </div>
  );
  return (
    <li>
      <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3">
        <legend className="sr-only">{intl.formatMessage({ id: "appointments.form.serviceRow" }, { number })}</legend>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-[1_1_14rem]">
            <label htmlFor={`${id}-service`} className="text-xs font-medium text-slate-600">
              {intl.formatMessage({ id: "appointments.form.service" })}
              {number === 1 && (
                <span aria-hidden="true" className="ml-0.5 text-red-700">
                  *
                </span>
              )}
            </label>
            <select
              id={`${id}-service`}
              value={line.service}
              disabled={disabled}
              required={number === 1}
              aria-invalid={invalid("service")}
              aria-describedby={messages.length ? errorId : undefined}
              onChange={(event) => onChange(chooseService(line, services.find((service) => service.id === event.target.value)))}
              className={`${controlClass(invalid("service"), true)} mt-1`}
            >
              <option value="">{intl.formatMessage({ id: "appointments.form.selectService" })}</option>
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {intl.formatMessage(
                    { id: "appointments.form.serviceOption" },
                    { name: service.name, minutes: service.duration, price: prices(service.price) },
                  )}
                </option>
              ))}
            </select>
          </div>
          {small("price", "price_at_booking", intl.formatMessage({ id: "appointments.form.price" }), { step: 0.01, min: 0, unit: currency })}
          {small("duration", "duration_at_booking", intl.formatMessage({ id: "appointments.form.duration" }), { step: 5, min: 5 })}
          {onRemove && (
            <Button
              variant="secondary"
              size="sm"
              onClick={onRemove}
              disabled={disabled}
              aria-label={intl.formatMessage({ id: "appointments.form.removeService" }, { number })}
            >
              <FormattedMessage id="appointments.form.remove" />
            </Button>
          )}
        </div>
        <GroupErrors id={errorId} messages={messages} />
      </fieldset>
    </li>
  );
}
