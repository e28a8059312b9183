import { useRef, useState, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { appointmentSchema, type AppointmentBody } from "../../../../contract/appointments.ts";
import { outsideHours } from "../../../../contract/opening-hours.ts";
import type { BusinessHours } from "../../../../contract/salon.ts";
import { seesWholeSalon } from "../../../../contract/team.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { Field } from "../../../components/form-field.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { useMembership } from "../../../lib/auth/membership.ts";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { DateTimeInput } from "../../../lib/forms/date-time-input.tsx";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useServices } from "../../../lib/salon-data/services.ts";
import { useStylists } from "../../../lib/salon-data/stylists.ts";
import { useAppointment, useDeleteAppointment, useSaveAppointment } from "../api/appointments.ts";
import { canSave, draftFor, toInput, withComputedEnd, type AppointmentDraft, type AppointmentTarget } from "../appointment-draft.ts";
import type { Wall } from "../salon-time.ts";
import { AppointmentMessages } from "./appointment-messages.tsx";
import { AppointmentServiceRows } from "./appointment-service-rows.tsx";
import { BookingSourceLine } from "./booking-source-line.tsx";
import { FreeTimes } from "./free-times.tsx";
import { NoShowControl } from "./no-show-control.tsx";
import { OutsideHoursNotice } from "./outside-hours-notice.tsx";

interface AppointmentModalProps {
  /** What to open; null closes the modal. */
  target: AppointmentTarget | null;
  /** The salon's IANA time zone: the inputs show its wall-clock times. */
  timeZone: string;
  /** The salon's opening hours, which the modal warns about booking outside. */
  businessHours: BusinessHours;
  onClose: () => void;
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The spec's Save and Update, what they say while in progress, and outside the hours. */
const SAVE_LABELS = {
  create: { label: "appointments.form.save", busy: "appointments.form.saving", anyway: "appointments.form.saveAnyway" },
  edit: { label: "appointments.form.update", busy: "appointments.form.updating", anyway: "appointments.form.updateAnyway" },
} as const;

/**
 * Create Appointment or Edit Appointment, with Delete in edit mode. The form stays while
 * the modal fades out and is dropped after, so every opening starts afresh.
 */
export function AppointmentModal({ target, timeZone, businessHours, onClose }: AppointmentModalProps) {
  const intl = useIntl();
  const save = useSaveAppointment();
  const remove = useDeleteAppointment();
  const busy = save.isPending || remove.isPending;
  const [shown, setShown] = useState<{ target: AppointmentTarget; opening: number } | null>(null);
  if (target && target !== shown?.target) setShown({ target, opening: (shown?.opening ?? 0) + 1 });
  const current = target ?? shown?.target;
  // The spec loads the details when the clicked event carries no services.
  const needsDetail = current?.mode === "edit" && current.appointment.services.length === 0;
  const detail = useAppointment(current?.mode === "edit" ? current.appointment.id : "", needsDetail);
  const appointment = current?.mode === "edit" ? (needsDetail ? detail.data : current.appointment) : undefined;
  const firstField = useRef<HTMLInputElement>(null);

  return (
    <Modal
      open={target !== null}
      // Closing is held back while a change is on its way, so its outcome is not lost.
      onClose={() => !busy && onClose()}
      onClosed={() => {
        setShown(null);
      }}
      size="lg"
      title={intl.formatMessage({ id: current?.mode === "edit" ? "appointments.modal.editTitle" : "appointments.modal.createTitle" })}
      description={
        timeZone !== browserTimeZone() ? intl.formatMessage({ id: "appointments.modal.timeZone" }, { zone: timeZone }) : undefined
      }
      onOpenAutoFocus={(event) => {
        // Another stylist's appointment opens to be read: the dialog's own first control takes focus.
        if (firstField.current?.disabled) return;
        event.preventDefault();
        firstField.current?.focus();
      }}
    >
      {current?.mode === "edit" && !appointment ? (
        <p role="status" className="py-6 text-center text-slate-600">
          <FormattedMessage id={detail.isError ? "appointments.modal.loadFailed" : "appointments.modal.loading"} />
        </p>
      ) : (
        current && (
          <AppointmentForm
            key={shown?.opening}
            target={appointment ? { mode: "edit", appointment } : current}
            timeZone={timeZone}
            businessHours={businessHours}
            firstField={firstField}
            deleting={remove.isPending}
            onSave={(id, body) => save.mutateAsync({ id, body })}
            onDelete={(id) => remove.mutateAsync(id)}
            onDone={onClose}
          />
        )
      )}
    </Modal>
  );
}

interface AppointmentFormProps {
  /** Read once: the form then keeps its own draft. */
  target: AppointmentTarget;
  timeZone: string;
  businessHours: BusinessHours;
  firstField: RefObject<HTMLInputElement | null>;
  deleting: boolean;
  onSave: (id: string | undefined, body: AppointmentBody) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
  onDone: () => void;
}

/** Messages of the request's "services.<n>" belong to the row that line came from. */
function onRows(errors: FieldErrors, rows: readonly number[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => {
      const match = /^services\.(\d+)(\..*)?$/.exec(key);
      return [match ? `lines.${rows[Number(match[1])] ?? match[1]}${match[2] ?? ""}` : key, message];
    }),
  );
}

function AppointmentForm({ target, timeZone, businessHours, firstField, deleting, onSave, onDelete, onDone }: AppointmentFormProps) {
  const intl = useIntl();
  const toast = useToast();
  const stylists = useStylists();
  const services = useServices();
  const [confirming, setConfirming] = useState(false);
  const appointment = target.mode === "edit" ? target.appointment : undefined;
  const editing = appointment !== undefined;
  // A stylist reads the others' appointments and changes their own; the clients' messages are for those who see the whole salon.
  const { role, stylist_id: ownStylist } = useMembership();
  const wholeSalon = seesWholeSalon(role);
  const readOnly = !wholeSalon && appointment !== undefined && appointment.stylist !== ownStylist;
  // Made once: the service rows get their keys as the draft is made.
  const [loaded] = useState(() => draftFor(target, timeZone));
  // Only a time that has begun can be missed; what the form's own time boxes say is not saved yet.
  const [begun] = useState(() => appointment !== undefined && Date.parse(appointment.start_datetime) <= Date.now());
  const form = useDashboardForm({
    loaded,
    canSave: (draft) => canSave(draft) && !deleting && !readOnly,
    check: (draft) => {
      const { input, rows } = toInput(draft, timeZone);
      const checked = checkWith(appointmentSchema, input, intl);
      return "errors" in checked ? { errors: onRows(checked.errors, rows) } : checked;
    },
    save: (body) => onSave(appointment?.id, body),
    savedText: intl.formatMessage({ id: editing ? "appointments.toast.updated" : "appointments.toast.created" }),
    // A clash names the appointment in the way; the modal stays open for another time.
    failedText: (error) => errorDetail(error, intl.formatMessage({ id: "appointments.toast.saveFailed" })),
    serverErrors: (errors, submitted) => onRows(errors, toInput(submitted, timeZone).rows),
    onSaved: onDone,
  });
  const { draft, errors, change, busy: saving } = form;
  const busy = saving || deleting;
  // A new start or other services move the end to start + their summed durations.
  const changeTiming = (next: Partial<AppointmentDraft>, ...paths: string[]) => {
    change(withComputedEnd({ ...draft, ...next }, timeZone), ...paths, "end_datetime");
  };

  const confirmDelete = async () => {
    try {
      await onDelete(appointment!.id);
    } catch (error) {
      toast.show("error", errorDetail(error, intl.formatMessage({ id: "appointments.toast.deleteFailed" })));
      throw error;
    }
    toast.show("success", intl.formatMessage({ id: "appointments.toast.deleted" }));
    onDone();
  };

  // The owner may book outside the hours on purpose; the form says which and Save says "anyway".
  const chosen = stylists.data?.find((stylist) => stylist.id === draft.stylist);
  const outside = draft.start && draft.end && draft.start < draft.end ? outsideHours(businessHours, chosen ?? null, draft.start, draft.end) : [];
  const labels = SAVE_LABELS[editing ? "edit" : "create"];

  // The stylist of an edited appointment stays choosable even when no longer active; a stylist books only themselves.
  const stylistOptions = (stylists.data ?? []).filter(
    (stylist) => stylist.id === draft.stylist || (stylist.is_active && (wholeSalon || stylist.id === ownStylist)),
  );
  // The language's own date and time boxes, not the browser's datetime-local, which writes the browser's locale.
  const timeInput = (key: "start" | "end", path: string, label: string) => (
    <Field label={label} error={errors[path]} required>
      {(control) => (
        <DateTimeInput
          {...control}
          timeLabel={intl.formatMessage({ id: "dashboard.dateTime.time" }, { field: label })}
          value={draft[key]}
          onChange={(wall) => (key === "start" ? changeTiming({ start: wall }, path) : change({ end: wall }, path))}
        />
      )}
    </Field>
  );

  return (
    <form {...form.formProps}>
      {!editing && (
        <MissingForBooking noServices={services.data?.length === 0} noStylists={stylists.data?.every((stylist) => !stylist.is_active) ?? false} />
      )}
      {appointment && <BookingSourceLine appointment={appointment} timeZone={timeZone} className="mb-4" />}
      {readOnly && (
        <p className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          <FormattedMessage id="appointments.readOnly" />
        </p>
      )}
      <fieldset disabled={readOnly} className="grid min-w-0 gap-4 sm:grid-cols-2">
        {appointment && begun && !readOnly && <NoShowControl appointment={appointment} disabled={busy} />}
        <Field label={intl.formatMessage({ id: "appointments.form.clientName" })} error={errors.customer_name}>
          {(control) => (
            <input
              {...control}
              ref={firstField}
              type="text"
              autoComplete="off"
              maxLength={120}
              value={draft.customer_name}
              onChange={(event) => change({ customer_name: event.target.value }, "customer_name")}
            />
          )}
        </Field>
        <Field label={intl.formatMessage({ id: "appointments.form.phone" })} error={errors.customer_phone}>
          {(control) => (
            <input
              {...control}
              type="tel"
              autoComplete="off"
              maxLength={32}
              value={draft.customer_phone}
              onChange={(event) => change({ customer_phone: event.target.value }, "customer_phone")}
            />
          )}
        </Field>
        <Field label={intl.formatMessage({ id: "appointments.form.stylist" })} error={errors.stylist} required className="sm:col-span-2">
          {(control) => (
            <select {...control} value={draft.stylist} onChange={(event) => change({ stylist: event.target.value }, "stylist")}>
              <option value="">{intl.formatMessage({ id: "appointments.form.selectStylist" })}</option>
              {stylistOptions.map((stylist) => (
                <option key={stylist.id} value={stylist.id}>
                  {`${stylist.first_name} ${stylist.last_name}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <AppointmentServiceRows
            lines={draft.lines}
            services={services.data ?? []}
            errors={errors}
            disabled={busy}
            onChange={(lines) => changeTiming({ lines }, "lines")}
          />
        </div>
        {timeInput("start", "start_datetime", intl.formatMessage({ id: "appointments.form.start" }))}
        {timeInput("end", "end_datetime", intl.formatMessage({ id: "appointments.form.end" }))}
        {/* Always there, so a screen reader hears the warning when a new time brings it. */}
        <div role="status" className="empty:hidden sm:col-span-2">
          {outside.length > 0 && (
            <OutsideHoursNotice
              reasons={outside}
              stylist={chosen ? `${chosen.first_name} ${chosen.last_name}` : ""}
              hint={intl.formatMessage({ id: "calendar.outside.bookAnyway" })}
            />
          )}
        </div>
        {!readOnly && (
          <FreeTimes
            className="sm:col-span-2"
            stylist={draft.stylist}
            lines={draft.lines}
            start={draft.start}
            timeZone={timeZone}
            onPick={(start: Wall) => changeTiming({ start }, "start_datetime")}
          />
        )}
        <Field label={intl.formatMessage({ id: "appointments.form.notes" })} error={errors.notes} className="sm:col-span-2">
          {(control) => (
            <textarea {...control} rows={3} maxLength={2000} value={draft.notes} onChange={(event) => change({ notes: event.target.value }, "notes")} />
          )}
        </Field>
        {appointment && wholeSalon && <AppointmentMessages appointmentId={appointment.id} timeZone={timeZone} className="sm:col-span-2" />}
      </fieldset>

      {readOnly ? (
        <div className="mt-6 flex justify-end border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onDone}>
            <FormattedMessage id="common.modal.close" />
          </Button>
        </div>
      ) : (
        /* Deleting runs in the dialog that asks first, which keeps everything here out of reach meanwhile. */
        <FormActions
          placement="dialog"
          onCancel={onDone}
          busy={saving}
          disabled={!form.canSave}
          label={<FormattedMessage id={outside.length ? labels.anyway : labels.label} />}
          busyLabel={<FormattedMessage id={labels.busy} />}
          className="border-t border-slate-200 pt-4"
        >
          <p className="w-full text-xs text-slate-500 sm:mr-auto sm:w-auto">
            <FormattedMessage id="appointments.form.requiredNote" />
          </p>
          {editing && (
            <Button variant="danger-outline" onClick={() => setConfirming(true)} busy={deleting} disabled={saving}>
              <FormattedMessage id={deleting ? "common.deleting" : "common.delete"} />
            </Button>
          )}
        </FormActions>
      )}

      {editing && (
        <ConfirmDialog
          open={confirming}
          title={intl.formatMessage({ id: "appointments.delete.title" })}
          message={intl.formatMessage({ id: "appointments.delete.message" })}
          confirmLabel={intl.formatMessage({ id: "common.delete" })}
          busyLabel={intl.formatMessage({ id: "common.deleting" })}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}

/** Why a new salon cannot book yet, with the way to the settings that fix it: Save stays disabled meanwhile. */
function MissingForBooking({ noServices, noStylists }: { noServices: boolean; noStylists: boolean }) {
  const { localPath } = useLanguage();
  const missing = [
    ...(noStylists ? [{ tab: "stylists", text: "appointments.missing.stylists", link: "appointments.missing.stylistsLink" }] : []),
    ...(noServices ? [{ tab: "services", text: "appointments.missing.services", link: "appointments.missing.servicesLink" }] : []),
  ];
  if (!missing.length) return null;
  return (
    <div className="mb-4 space-y-2 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
      {missing.map(({ tab, text, link }) => (
        <p key={tab}>
          <FormattedMessage id={text} />{" "}
          <Link
            to={localPath(`/salon-settings?tab=${tab}`)}
            className="rounded font-semibold text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <FormattedMessage id={link} />
          </Link>
        </p>
      ))}
    </div>
  );
}
