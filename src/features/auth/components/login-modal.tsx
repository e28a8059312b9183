import { useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { loginSchema } from "../../../../contract/auth.ts";
import { useToast } from "../../../components/toast/toast-context.ts";
import { login } from "../api.ts";
import { AuthDialog, LinkButton } from "./auth-dialog.tsx";
import { AuthField } from "./auth-field.tsx";
import { FormNotice } from "./form-notice.tsx";
import { useAuthForm } from "./use-auth-form.ts";

interface LoginModalProps {
  open: boolean;
  /** Set after a verification link brought the user back (?verified=success). */
  verifiedNotice: boolean;
  onClose: () => void;
  onSwitchToRegister: () => void;
  onForgotPassword: () => void;
}

export function LoginModal({ open, verifiedNotice, onClose, onSwitchToRegister, onForgotPassword }: LoginModalProps) {
  const intl = useIntl();
  const toast = useToast();
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useAuthForm({
    schema: loginSchema,
    fields: ["email", "password"],
    failure: "auth.login.failure",
    send: async (body) => {
      await login(body);
      toast.show("success", intl.formatMessage({ id: "auth.login.welcome" }));
      onClose();
    },
  });

  return (
    <AuthDialog
      open={open}
      onClose={onClose}
      title="auth.login.title"
      submit="auth.login.submit"
      busy="auth.login.busy"
      form={form}
      initialFocus={emailRef}
      notice={
        verifiedNotice && (
          <FormNotice kind="success">
            <FormattedMessage id="auth.verify.success" />
          </FormNotice>
        )
      }
      footer={
        <LinkButton onClick={onSwitchToRegister}>
          <FormattedMessage id="auth.login.switch" />
        </LinkButton>
      }
    >
      <AuthField {...form.field("email")} label="auth.field.email" type="email" autoComplete="email" inputRef={emailRef} />
      <div>
        <AuthField {...form.field("password")} label="auth.field.password" type="password" autoComplete="current-password" />
        <div className="mt-2 text-right">
          <LinkButton onClick={onForgotPassword}>
            <FormattedMessage id="auth.login.forgot" />
          </LinkButton>
        </div>
      </div>
    </AuthDialog>
  );
}
