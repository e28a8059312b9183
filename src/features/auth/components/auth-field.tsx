import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { useIntl } from "react-intl";
import { controlClass, FieldError } from "../../../components/form-field.tsx";
import { EyeIcon, EyeSlashIcon } from "./icons.tsx";
import type { FieldBinding } from "./use-auth-form.ts";

interface AuthFieldProps extends FieldBinding {
  /** Message id of the label. */
  label: string;
  type: "email" | "password";
  autoComplete: "email" | "current-password" | "new-password";
  inputRef?: Ref<HTMLInputElement>;
  /** Guidance under the field that describes it too, such as the password checklist. */
  hint?: ReactNode;
}

/** A labelled email or password input with its error line; password inputs get the reveal button. */
export function AuthField({ name, value, error, disabled, onChange, label, type, autoComplete, inputRef, hint }: AuthFieldProps) {
  const intl = useIntl();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ") || undefined;
  const isPassword = type === "password";

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {intl.formatMessage({ id: label })}
      </label>
      <div className="relative mt-1">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={isPassword && revealed ? "text" : type}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={`${controlClass(Boolean(error))} ${isPassword ? "pr-11" : ""}`}
        />
        {isPassword && <RevealButton revealed={revealed} disabled={disabled} onReveal={setRevealed} />}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {hint && <div id={hintId}>{hint}</div>}
    </div>
  );
}

const isHoldKey = (event: KeyboardEvent) => event.key === " " || event.key === "Enter";

/** Shows the password only while held, so it is never left on screen by accident. */
function RevealButton({ revealed, disabled, onReveal }: { revealed: boolean; disabled: boolean; onReveal: (revealed: boolean) => void }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: "auth.password.hold" });
  const hide = () => onReveal(false);
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      aria-pressed={revealed}
      disabled={disabled}
      onPointerDown={() => onReveal(true)}
      onPointerUp={hide}
      onPointerLeave={hide}
      onPointerCancel={hide}
      onBlur={hide}
      onKeyDown={(event) => isHoldKey(event) && onReveal(true)}
      onKeyUp={(event) => isHoldKey(event) && hide()}
      // A long press on a phone would open the context menu and cancel the hold.
      onContextMenu={(event) => event.preventDefault()}
      className="absolute inset-y-0 right-0 flex w-11 touch-none items-center justify-center rounded-r-lg text-slate-500 select-none hover:text-brand-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 aria-pressed:text-brand-600"
    >
      {revealed ? <EyeSlashIcon /> : <EyeIcon />}
    </button>
  );
}
