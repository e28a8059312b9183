import { useRef } from "react";
import { useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { resetPasswordSchema } from "../../../../contract/auth.ts";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { resetPassword } from "../api.ts";
import { AuthDialog } from "./auth-dialog.tsx";
import { AuthField } from "./auth-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

interface ResetPasswordModalProps {
  open: boolean;
  /** From the emailed link; an empty token fails the contract's check with its own message. */
  token: string;
  onClose: () => void;
}

export function ResetPasswordModal({ open, token, onClose }: ResetPasswordModalProps) {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { localPath } = useLanguage();
  const passwordRef = useRef<HTMLInputElement>(null);
  const form = useAuthForm({
    schema: resetPasswordSchema,
    fields: ["new_password"],
    fixed: { token },
    failure: "auth.reset.failure",
    send: async (body) => {
      await resetPassword(body);
      toast.show("success", intl.formatMessage({ id: "auth.reset.success" }));
      onClose();
      navigate(localPath("/"));
    },
  });

  return (
    <AuthDialog
      open={open}
      onClose={onClose}
      title="auth.reset.title"
      description="auth.reset.description"
      submit="auth.reset.submit"
      busy="auth.reset.busy"
      form={form}
      initialFocus={passwordRef}
    >
      <AuthField {...form.field("new_password")} label="auth.field.newPassword" type="password" autoComplete="new-password" inputRef={passwordRef} />
    </AuthDialog>
  );
}
