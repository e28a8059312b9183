import { useIntl } from "react-intl";
import { DEFAULT_COLOR, DEFAULT_SERVICE_DURATION, SERVICE_DURATION_STEP, serviceSchema, type Service } from "../../../../contract/salon.ts";
import { useSaveService } from "../../../lib/salon-data/services.ts";
import { ColorField } from "../components/tab-color-field.tsx";
import { Field } from "../../../components/form-field.tsx";
import { failureText } from "../../../lib/form-errors.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useCurrencySign } from "../../../lib/money.ts";
import { TabForm } from "../components/tab-form.tsx";

interface ServiceDraft {
  name: string;
  duration: string;
  price: string;
  min_price: string;
  max_price: string;
  color: string;
  description: string;
}

const asText = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

const toDraft = (service: Service | undefined): ServiceDraft => ({
  name: service?.name ?? "",
  duration: String(service?.duration ?? DEFAULT_SERVICE_DURATION),
  price: String(service?.price ?? 0),
  min_price: asText(service?.min_price),
  max_price: asText(service?.max_price),
  // The colour input only takes lower-case #rrggbb.
  color: (service?.color ?? DEFAULT_COLOR).toLowerCase(),
  description: service?.description ?? "",
});

// An empty required number must fail the contract's check instead of taking its default.
const requiredNumber = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
// The spec sends an empty optional price as null.
const optionalNumber = (value: string) => (value.trim() === "" ? null : Number(value));

/** Adds a service (no `item`) or edits one; `onClose` after a save or Cancel. */
export function ServiceForm({ item: service, onClose }: { item: Service | undefined; onClose: () => void }) {
  const intl = useIntl();
  const saveService = useSaveService();
  const form = useDashboardForm({
    loaded: toDraft(service),
    check: (draft) =>
      checkWith(
        serviceSchema,
        {
          name: draft.name,
          description: draft.description,
          duration: requiredNumber(draft.duration),
          price: requiredNumber(draft.price),
          min_price: optionalNumber(draft.min_price),
          max_price: optionalNumber(draft.max_price),
          color: draft.color,
        },
        intl,
      ),
    save: (body) => saveService.mutateAsync({ id: service?.id, body }),
    savedText: service ? intl.formatMessage({ id: "services.toast.updated" }) : intl.formatMessage({ id: "services.toast.added" }),
    failedText: (error) => failureText(error, intl.formatMessage({ id: "services.toast.saveFailed" })),
    onSaved: onClose,
  });
  const { draft, errors } = form;
  const set = (key: keyof ServiceDraft, value: string) => form.change({ [key]: value }, key);
  const currency = useCurrencySign();

  const priceInput = (key: "price" | "min_price" | "max_price", label: string, required = false) => (
    <Field label={label} error={errors[key]} required={required} unit={currency}>
      {(control) => (
        <input {...control} type="number" inputMode="decimal" min={0} step={0.01} value={draft[key]} onChange={(event) => set(key, event.target.value)} />
      )}
    </Field>
  );

  return (
    <TabForm
      title={service ? intl.formatMessage({ id: "services.form.editTitle" }) : intl.formatMessage({ id: "services.form.addTitle" })}
      savingLabel={intl.formatMessage({ id: "services.form.saving" })}
      requiredNote={intl.formatMessage({ id: "services.form.requiredNote" })}
      form={form}
      onCancel={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={intl.formatMessage({ id: "services.form.name" })} error={errors.name} required className="sm:col-span-2">
          {(control) => <input {...control} type="text" autoComplete="off" value={draft.name} onChange={(event) => set("name", event.target.value)} />}
        </Field>
        <Field label={intl.formatMessage({ id: "services.form.duration" })} error={errors.duration} required>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={SERVICE_DURATION_STEP}
              step={SERVICE_DURATION_STEP}
              value={draft.duration}
              onChange={(event) => set("duration", event.target.value)}
            />
          )}
        </Field>
        {priceInput("price", intl.formatMessage({ id: "services.form.price" }), true)}
        {priceInput("min_price", intl.formatMessage({ id: "services.form.minPrice" }))}
        {priceInput("max_price", intl.formatMessage({ id: "services.form.maxPrice" }))}
        <ColorField label={intl.formatMessage({ id: "services.form.color" })} value={draft.color} onChange={(color) => set("color", color)} error={errors.color} />
        <Field label={intl.formatMessage({ id: "services.form.description" })} error={errors.description} className="sm:col-span-2">
          {(control) => <textarea {...control} rows={3} maxLength={1000} value={draft.description} onChange={(event) => set("description", event.target.value)} />}
        </Field>
      </div>
    </TabForm>
  );
}
