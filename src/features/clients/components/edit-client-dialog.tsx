import { useId } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { clientUpdateSchema, CLIENT_LIMITS, type ClientDetail, type ClientUpdate } from "../../../../contract/clients.ts";
import { LANGUAGES, type Language } from "../../../../contract/languages.ts";
import { displayPhone, samePhone } from "../../../../contract/phone.ts";
import { Button } from "../../../components/button.tsx";
import { CHECKBOX_CLASS, controlClass, Field, FieldError } from "../../../components/form-field.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { IconButton, TRASH_ICON } from "../../../components/icon-button.tsx";
import { Modal } from "../../../components/modal.tsx";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useStylists } from "../../../lib/salon-data/stylists.ts";
import { failureDetail, stylistName } from "../format.ts";
import { useUpdateClient } from "../api/clients.ts";

interface EditClientDialogProps {
  open: boolean;
  client: ClientDetail;
  onClose: () => void;
}

interface Draft {
  name: string;
  email: string;
  language: Language | "";
  preferred_stylist_id: string;
  notes: string;
  marketing_consent: boolean;
  /** As typed; the saved ones as the salon reads them. */
  phones: string[];
}

const draftOf = (client: ClientDetail): Draft => ({
  name: client.name ?? "",
  email: client.email ?? "",
  language: client.language ?? "",
  preferred_stylist_id: client.preferred_stylist_id ?? "",
  notes: client.notes ?? "",
  marketing_consent: client.marketing_consent,
  phones: client.phones.map((phone) => displayPhone(phone)),
});

/** The typed numbers that are not yet the client's, by their place in the form. */
const addedPhones = (draft: Draft, client: ClientDetail) =>
  draft.phones.flatMap((phone, index) => (phone.trim() && !client.phones.some((saved) => samePhone(saved, phone)) ? [{ phone: phone.trim(), index }] : []));

/**
 * The request adds and removes numbers while the form shows one list: a message about the
 * k-th added number belongs to the box it was typed in, one about the numbers as a whole
 * (a number another client has) under the list.
 */
function phoneErrorsInForm(errors: FieldErrors, draft: Draft, client: ClientDetail): FieldErrors {
  const added = addedPhones(draft, client);
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => {
      const [field, position] = path.split(".");
      if (field !== "phones_add" && field !== "phones_remove") return [path, message];
      const box = field === "phones_add" && position !== undefined ? added[Number(position)] : undefined;
      return [box ? `phones.${box.index}` : "phones", message];
    }),
  );
}

function check(draft: Draft, client: ClientDetail, intl: IntlShape) {
  const checked = checkWith(
    clientUpdateSchema,
    {
      name: draft.name,
      email: draft.email,
      language: draft.language || null,
      preferred_stylist_id: draft.preferred_stylist_id || null,
      notes: draft.notes,
      marketing_consent: draft.marketing_consent,
      phones_add: addedPhones(draft, client).map(({ phone }) => phone),
      phones_remove: client.phones.filter((saved) => !draft.phones.some((phone) => samePhone(saved, phone))),
    },
    intl,
  );
  return "errors" in checked ? { errors: phoneErrorsInForm(checked.errors, draft, client) } : checked;
}

/** The owner's edit of a client: who they are, their numbers, notes and consent. */
export function EditClientDialog({ open, client, onClose }: EditClientDialogProps) {
  const intl = useIntl();
  return (
    <Modal open={open} onClose={onClose} title={intl.formatMessage({ id: "clients.edit.title" })} size="lg">
      <EditClientForm client={client} onClose={onClose} />
    </Modal>
  );
}

function EditClientForm({ client, onClose }: { client: ClientDetail; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const update = useUpdateClient(client.id);
  const stylists = useStylists();
  const phonesId = useId();
  const marketingId = useId();
  const form = useDashboardForm<Draft, ClientUpdate, ClientDetail>({
    loaded: draftOf(client),
    check: (draft) => check(draft, client, intl),
    save: (body) => update.mutateAsync(body),
    canSave: (_, dirty) => dirty,
    savedText: t("clients.edit.saved"),
    failedText: (error) => t("clients.edit.failed", { detail: failureDetail(error, intl) }),
    onSaved: onClose,
    serverErrors: (errors, submitted) => phoneErrorsInForm(errors, submitted, client),
  });
  const { draft, errors, change } = form;
  const setPhone = (index: number, value: string) => change({ phones: draft.phones.map((phone, at) => (at === index ? value : phone)) }, "phones");

  return (
    <form {...form.formProps} className="space-y-4">
      <Field label={t("clients.field.name")} error={errors.name}>
        {(control) => (
          <input {...control} value={draft.name} maxLength={CLIENT_LIMITS.name} autoComplete="off" onChange={(event) => change({ name: event.target.value }, "name")} />
        )}
      </Field>

      <fieldset aria-describedby={errors.phones ? phonesId : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t("clients.field.phones")}</legend>
        <ul className="mt-1 space-y-2">
          {draft.phones.map((phone, index) => (
            <li key={index}>
              <div className="flex items-center gap-2">
                <input
                  type="tel"
                  aria-label={t("clients.edit.phone", { n: index + 1 })}
                  aria-invalid={Boolean(errors[`phones.${index}`])}
                  aria-describedby={errors[`phones.${index}`] ? `${phonesId}-${index}` : undefined}
                  value={phone}
                  autoComplete="off"
                  onChange={(event) => setPhone(index, event.target.value)}
                  className={controlClass(Boolean(errors[`phones.${index}`]))}
                />
                <IconButton
                  label={t("clients.edit.removePhone", { n: index + 1 })}
                  tone="danger"
                  onClick={() => change({ phones: draft.phones.filter((_, at) => at !== index) }, "phones")}
                >
                  {TRASH_ICON}
                </IconButton>
              </div>
              {errors[`phones.${index}`] && <FieldError id={`${phonesId}-${index}`}>{errors[`phones.${index}`]}</FieldError>}
            </li>
          ))}
        </ul>
        {errors.phones && <FieldError id={phonesId}>{errors.phones}</FieldError>}
        <Button variant="dashed" size="sm" className="mt-2" onClick={() => change({ phones: [...draft.phones, ""] })}>
          <FormattedMessage id="clients.edit.addPhone" />
        </Button>
      </fieldset>

      <Field label={t("clients.field.email")} error={errors.email}>
        {(control) => (
          <input {...control} type="email" value={draft.email} maxLength={CLIENT_LIMITS.email} autoComplete="off" onChange={(event) => change({ email: event.target.value }, "email")} />
        )}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("clients.field.language")} error={errors.language}>
          {(control) => (
            <select {...control} value={draft.language} onChange={(event) => change({ language: event.target.value as Language | "" }, "language")}>
              <option value="">{t("clients.edit.languageUnset")}</option>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {new Intl.DisplayNames([intl.locale], { type: "language" }).of(language)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("clients.field.stylist")} error={errors.preferred_stylist_id}>
          {(control) => (
            <select {...control} value={draft.preferred_stylist_id} onChange={(event) => change({ preferred_stylist_id: event.target.value }, "preferred_stylist_id")}>
              <option value="">{t("clients.edit.noStylist")}</option>
              {stylists.data?.map((stylist) => (
                <option key={stylist.id} value={stylist.id}>
                  {stylistName(stylist)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <Field label={t("clients.field.notes")} error={errors.notes}>
        {(control) => (
          <textarea {...control} rows={4} value={draft.notes} maxLength={CLIENT_LIMITS.notes} onChange={(event) => change({ notes: event.target.value }, "notes")} />
        )}
      </Field>

      <div>
        <div className="flex items-center gap-2">
          <input
            id={marketingId}
            type="checkbox"
            checked={draft.marketing_consent}
            onChange={(event) => change({ marketing_consent: event.target.checked }, "marketing_consent")}
            className={CHECKBOX_CLASS}
          />
          <label htmlFor={marketingId} className="text-sm text-slate-700">
            <FormattedMessage id="clients.edit.marketing" />
          </label>
        </div>
        {errors.marketing_consent && <FieldError>{errors.marketing_consent}</FieldError>}
      </div>

      <FormActions
        placement="dialog"
        onCancel={onClose}
        busy={form.busy}
        disabled={!form.canSave}
        label={<FormattedMessage id="common.save" />}
        busyLabel={<FormattedMessage id="clients.edit.saving" />}
      />
    </form>
  );
}
