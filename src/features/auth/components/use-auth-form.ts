import { useState, type FormEvent, type RefObject } from "react";
import { useIntl } from "react-intl";
import type { z } from "zod/mini";
import { useToast } from "../../../components/toast/toast-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { useRefusalFocus } from "../../../lib/forms/use-refusal-focus.ts";

interface AuthFormOptions<F extends string, T> {
  /** The contract's schema: the form checks exactly what the API checks. */
  schema: z.ZodMiniType<T>;
  /** The typed fields, named as in the request body. */
  fields: readonly F[];
  /** Body values the user does not type, such as the token of a reset link. */
  fixed?: Record<string, string>;
  /** Message id for a failure the server did not explain. */
  failure: string;
  /** Where a failure shows: inline in the dialog, or as a toast (forgot password, per the spec). */
  failureIn?: "form" | "toast";
  /** Sends the checked body; resolving means success, so it also closes the dialog. */
  send: (body: T) => Promise<void>;
}

/** What a field needs from the form; spread onto AuthField. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

export interface AuthForm<F extends string> {
  values: Record<F, string>;
  busy: boolean;
  /** The server's or the fallback failure text, or a message for a value the user does not type. */
  failure: string | null;
  field(name: F): FieldBinding;
  /** Spread onto the form element; a refused submit focuses its first field with a message. */
  formProps: { ref: RefObject<HTMLFormElement | null>; noValidate: true; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  reset(): void;
}

/**
 * State and submission shared by the account dialogs: values, one message per field from
 * the contract's schema, the in-progress flag and the failure text.
 */
export function useAuthForm<F extends string, T>({ schema, fields, fixed, failure, failureIn = "form", send }: AuthFormOptions<F, T>): AuthForm<F> {
  const intl = useIntl();
  const toast = useToast();
  const empty = () => Object.fromEntries(fields.map((name) => [name, ""])) as Record<F, string>;
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failureText, setFailureText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { formRef, refused } = useRefusalFocus();

  const isField = (key: PropertyKey | undefined): key is F => fields.includes(key as F);

  const field = (name: F): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: busy,
    onChange: (value) => {
      setValues((current) => ({ ...current, [name]: value }));
      // The message described the old value; keeping it while the user fixes it misleads.
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse({ ...values, ...fixed });
    if (!parsed.success) {
      const next: Partial<Record<F, string>> = {};
      let other: string | null = null;
      for (const issue of parsed.error.issues) {
        const text = intl.formatMessage({ id: issue.message });
        const key = issue.path[0];
        if (isField(key)) next[key] ??= text;
        else other ??= text;
      }
      setErrors(next);
      setFailureText(other);
      refused();
      return;
    }
    setErrors({});
    setFailureText(null);
    setBusy(true);
    try {
      await send(parsed.data);
    } catch (error) {
      const text = errorDetail(error, intl.formatMessage({ id: failure }));
      if (failureIn === "toast") toast.show("error", text);
      else setFailureText(text);
      setBusy(false);
    }
  }

  /** Back to empty; the dialogs call it once they have closed. */
  const reset = () => {
    setValues(empty());
    setErrors({});
    setFailureText(null);
    setBusy(false);
  };

  return {
    values,
    busy,
    failure: failureText,
    field,
    formProps: { ref: formRef, noValidate: true, onSubmit: (event) => void submit(event) },
    reset,
  };
}
