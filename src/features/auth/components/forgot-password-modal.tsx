import { useRef } from "react";
import { useIntl } from "react-intl";
import { forgotPasswordSchema } from "../../../../contract/auth.ts";
import { useToast } from "../../../components/toast/toast-context.ts";
import { forgotPassword } from "../api.ts";
import { AuthDialog } from "./auth-dialog.tsx";
import { AuthField } from "./auth-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

interface ForgotPasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/** Asks for a reset link; the spec titles it Reset Password. */
export function ForgotPasswordModal({ open, onClose }: ForgotPasswordModalProps) {
  const intl = useIntl();
  const toast = useToast();
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useAuthForm({
    schema: forgotPasswordSchema,
    fields: ["email"],
    failure: "auth.forgot.failure",
    failureIn: "toast",
    send: async (body) => {
      await forgotPassword(body);
      toast.show("success", intl.formatMessage({ id: "auth.forgot.success" }));
      onClose();
    },
  });

  return (
    <AuthDialog
      open={open}
      onClose={onClose}
      title="auth.reset.title"
      description="auth.forgot.description"
      submit="auth.forgot.submit"
      busy="auth.forgot.busy"
      form={form}
      initialFocus={emailRef}
    >
      <AuthField {...form.field("email")} label="auth.field.email" type="email" autoComplete="email" inputRef={emailRef} />
    </AuthDialog>
  );
}
