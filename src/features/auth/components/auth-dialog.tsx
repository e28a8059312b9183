import type { ReactNode, RefObject } from "react";
import { useIntl } from "react-intl";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { FormNotice } from "./form-notice.tsx";
import { SpinnerIcon } from "./icons.tsx";
import type { AuthForm } from "./use-auth-form.ts";

interface AuthDialogProps {
  open: boolean;
  onClose: () => void;
  /** Message ids: the title, an optional line under it, the submit button and its in-progress label. */
  title: string;
  description?: string;
  submit: string;
  busy: string;
  form: Pick<AuthForm<string>, "busy" | "failure" | "formProps" | "reset">;
  /** The field that takes focus when the dialog opens. */
  initialFocus: RefObject<HTMLInputElement | null>;
  /** Shown above the form, such as the verified-email notice. */
  notice?: ReactNode;
  /** Shown under the form, such as the link to the other account dialog. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every account dialog: fields, failure line, submit button, and a reset once closed. */
export function AuthDialog({ open, onClose, title, description, submit, busy, form, initialFocus, notice, footer, children }: AuthDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: title })}
      description={description && intl.formatMessage({ id: description })}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        initialFocus.current?.focus();
      }}
      onClosed={form.reset}
    >
      {notice && <div className="mb-4">{notice}</div>}
      <form {...form.formProps} className="space-y-4">
        {children}
        {form.failure && <FormNotice kind="error">{form.failure}</FormNotice>}
        <Button type="submit" size="lg" busy={form.busy} className="w-full">
          {form.busy && <SpinnerIcon />}
          {intl.formatMessage({ id: form.busy ? busy : submit })}
        </Button>
      </form>
      {footer && <div className="mt-5 border-t border-slate-200 pt-4 text-center">{footer}</div>}
    </Modal>
  );
}

/** A button that looks like a link: it switches dialogs rather than leaving the page. */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {children}
    </button>
  );
}
