import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod/mini";
import { useToast } from "../../../components/toast/toast-context.ts";
import { ApiRequestError } from "../../../lib/api-client.ts";
import { failureText, issuesToErrors, type FieldErrors } from "../../../lib/form-errors.ts";
import { Button } from "../../../components/button.tsx";

interface SubmitOptions<Body> {
  /** The contract's schema; what it outputs is what the API is sent. */
  schema: z.ZodMiniType<Body>;
  save: (body: Body) => Promise<unknown>;
  savedText: string;
  failedText: string;
  onSaved: () => void;
}

/**
 * Checks a form with the contract before sending it, sends it, and reports the outcome.
 * Messages of the client's check and of the server's 422 land on the same field paths.
 */
export function useFormSubmit<Body>({ schema, save, savedText, failedText, onSaved }: SubmitOptions<Body>) {
  const intl = useIntl();
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  // Counts submits that came back with messages, so the form can move focus to the first one.
  const [failures, setFailures] = useState(0);
  const fail = (next: FieldErrors) => {
    setErrors(next);
    setFailures((count) => count + 1);
  };

  const submit = async (input: unknown) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      fail(issuesToErrors(parsed.error.issues, intl));
      return;
    }
    setErrors({});
    try {
      await save(parsed.data);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) fail(error.fields);
      toast.show("error", failureText(error, failedText));
      return;
    }
    toast.show("success", savedText);
    onSaved();
  };

  /** Drops the messages of a field, and of the fields inside it, once the user changes it. */
  const clear = (path: string) =>
    setErrors((current) => {
      const kept = Object.entries(current).filter(([key]) => key !== path && !key.startsWith(`${path}.`));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });

  return { errors, failures, submit, clear };
}

interface TabFormProps {
  title: string;
  saving: boolean;
  savingLabel: string;
  requiredNote: string;
  /** From useFormSubmit: each increase moves focus to the first field with a message. */
  failures: number;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The card around the add and edit forms: title, fields, Cancel and Save. */
export function TabForm({ title, saving, savingLabel, requiredNote, failures, onSubmit, onCancel, children }: TabFormProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // Opening the form is a change of view: start at its first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, []);

  // After a failed check, go to the first field that needs attention.
  useEffect(() => {
    if (failures > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures]);

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-xs text-slate-500">{requiredNote}</p>
      </div>
      {/* A focused field scrolls into view with room for the sticky navbar and the form's title. */}
      <form
        ref={formRef}
        noValidate
        className="[&_input]:scroll-mt-40 [&_textarea]:scroll-mt-40"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div className="space-y-6 px-4 py-5 sm:px-6">{children}</div>
        <div className="flex flex-col-reverse gap-3 rounded-b-2xl border-t border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:justify-end sm:px-6">
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" busy={saving}>
            {saving ? savingLabel : <FormattedMessage id="common.save" />}
          </Button>
        </div>
      </form>
    </section>
  );
}
