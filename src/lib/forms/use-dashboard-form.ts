import { useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import type { IntlShape } from "react-intl";
import type { z } from "zod/mini";
import { useToast } from "../../components/toast/toast-context.ts";
import { ApiRequestError } from "../api-client.ts";
import { isUnder, issuesToErrors, type FieldErrors } from "../form-errors.ts";
import { useRefusalFocus } from "./use-refusal-focus.ts";

/** Inputs that are buttons: Enter presses them as usual. */
const BUTTON_INPUTS = new Set(["submit", "button", "reset", "image"]);

/** A draft checked before it is sent: the body to send, or the messages of the fields in the way. */
export type Checked<Body> = { body: Body } | { errors: FieldErrors };

/** The contract's check: the form refuses what the API would, and sends what the schema outputs. */
export function checkWith<Body>(schema: z.ZodMiniType<Body>, input: unknown, intl: IntlShape): Checked<Body> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { body: parsed.data } : { errors: issuesToErrors(parsed.error.issues, intl) };
}

/** Equal drafts: the same plain values, arrays and objects, however often they were copied. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

type DraftSource<Draft> =
  /** The form keeps the draft; it starts as `loaded`, a new item's blank one included. */
  | { loaded: Draft; draft?: undefined; onDraftChange?: undefined }
  /** A parent keeps the draft, so edits outlive the form; `loaded` is undefined for an item never saved. */
  | { loaded: Draft | undefined; draft: Draft; onDraftChange: (draft: Draft) => void };

type DashboardFormOptions<Draft, Body, Saved> = DraftSource<Draft> & {
  check: (draft: Draft) => Checked<Body>;
  save: (body: Body) => Promise<Saved>;
  /** Whether Save does anything, e.g. only once something changed; without it, always. */
  canSave?: (draft: Draft, dirty: boolean) => boolean;
  /** The toasts of the outcome. */
  savedText: string;
  failedText: (error: unknown) => string;
  onSaved?: (saved: Saved) => void;
  /** Moves the server's messages from the request's field paths to the form's, where the two differ. */
  serverErrors?: (errors: FieldErrors, submitted: Draft) => FieldErrors;
  /** Runs before focus moves to the first field with a message, e.g. to open the tab it is on. */
  onRefused?: (errors: FieldErrors) => void;
};

export interface DashboardForm<Draft> {
  draft: Draft;
  /**
   * Changes the draft. The messages of the named fields, and of the fields inside them
   * ("time_off" covers "time_off.0.end_date"), go: they described the old value.
   */
  change: (patch: Partial<Draft>, ...fields: string[]) => void;
  /** Messages keyed by field path as the contract names it; the client's check and the server's 422 both land here. */
  errors: FieldErrors;
  /** The draft differs from what was loaded (always, for an item never saved). */
  dirty: boolean;
  canSave: boolean;
  /** A save is on its way. */
  busy: boolean;
  /** Spread onto the form element. */
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent) => void;
    onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => void;
  };
}

/**
 * The dashboard's edit forms: the draft and whether it differs from what was loaded, the
 * contract's check before sending, the server's field messages after, focus on the first field
 * with a message when a save is refused, and the toasts of the outcome.
 */
export function useDashboardForm<Draft, Body, Saved>(options: DashboardFormOptions<Draft, Body, Saved>): DashboardForm<Draft> {
  const { loaded, check, save, savedText, failedText, onSaved, serverErrors, onRefused } = options;
  const toast = useToast();
  const { formRef, refused } = useRefusalFocus();
  const [ownDraft, setOwnDraft] = useState(loaded);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // A second submit can arrive before the render that disables Save.
  const saving = useRef(false);

  const draft = (options.draft ?? ownDraft) as Draft;
  const dirty = loaded === undefined || !sameValue(draft, loaded);
  const canSave = options.canSave?.(draft, dirty) ?? true;

  const change = (patch: Partial<Draft>, ...fields: string[]) => {
    if (options.onDraftChange) options.onDraftChange({ ...draft, ...patch });
    else setOwnDraft((current) => ({ ...(current as Draft), ...patch }));
    setErrors((current) => {
      const kept = Object.entries(current).filter(([key]) => !fields.some((field) => isUnder(key, field)));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  };

  const refuse = (next: FieldErrors) => {
    setErrors(next);
    onRefused?.(next);
    refused();
  };

  const submit = async () => {
    if (!canSave || saving.current) return;
    const submitted = draft;
    const checked = check(submitted);
    if ("errors" in checked) {
      refuse(checked.errors);
      return;
    }
    setErrors({});
    saving.current = true;
    setBusy(true);
    let saved: Saved;
    try {
      saved = await save(checked.body);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) refuse(serverErrors ? serverErrors(error.fields, submitted) : error.fields);
      toast.show("error", failedText(error));
      return;
    } finally {
      saving.current = false;
      setBusy(false);
    }
    toast.show("success", savedText);
    onSaved?.(saved);
  };

  return {
    draft,
    change,
    errors,
    dirty,
    canSave,
    busy,
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: (event) => {
        event.preventDefault();
        void submit();
      },
      // Enter in a field sends the form only once it is complete and passes the check: a
      // browser would send it half typed (a shift's start without its end) and answer with errors.
      onKeyDown: (event) => {
        const { target } = event;
        if (event.key !== "Enter" || event.defaultPrevented || event.nativeEvent.isComposing) return;
        if (!(target instanceof HTMLInputElement) || BUTTON_INPUTS.has(target.type)) return;
        event.preventDefault();
        if ("body" in check(draft)) void submit();
      },
    },
  };
}
