import { useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { registerSchema, VERIFICATION_TTL_HOURS } from "../../../../contract/auth.ts";
import { useToast } from "../../../components/toast/toast-context.ts";
import { register } from "../api.ts";
import { AuthDialog, LinkButton } from "./auth-dialog.tsx";
import { AuthField } from "./auth-field.tsx";
import { PasswordChecklist } from "./password-checklist.tsx";
import { useAuthForm } from "./use-auth-form.ts";

interface RegisterModalProps {
  open: boolean;
  onClose: () => void;
  onSwitchToLogin: () => void;
}

export function RegisterModal({ open, onClose, onSwitchToLogin }: RegisterModalProps) {
  const intl = useIntl();
  const toast = useToast();
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useAuthForm({
    schema: registerSchema,
    fields: ["email", "password"],
    failure: "auth.register.failure",
    send: async (body) => {
      await register(body);
      toast.show("info", intl.formatMessage({ id: "auth.register.success" }, { hours: VERIFICATION_TTL_HOURS }));
      onClose();
    },
  });

  return (
    <AuthDialog
      open={open}
      onClose={onClose}
      title="auth.register.title"
      submit="auth.register.submit"
      busy="auth.register.busy"
      form={form}
      initialFocus={emailRef}
      footer={
        <LinkButton onClick={onSwitchToLogin}>
          <FormattedMessage id="auth.register.switch" />
        </LinkButton>
      }
    >
      <AuthField {...form.field("email")} label="auth.field.email" type="email" autoComplete="email" inputRef={emailRef} />
      <AuthField
        {...form.field("password")}
        label="auth.field.password"
        type="password"
        autoComplete="new-password"
        hint={<PasswordChecklist password={form.values.password} />}
      />
    </AuthDialog>
  );
}
