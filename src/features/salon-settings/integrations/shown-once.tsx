import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../../../components/button.tsx";
import { CopyButton } from "../components/booking-copy-button.tsx";

/** A secret the salon keeps no readable copy of (an API key, a signing secret), shown this once with a way to copy it. */
export function ShownOnce({ secret, testId, warning, copyLabel, children, onDone }: {
  secret: string;
  testId: string;
  /** Catalogue ids: the warning that it is shown only now, and the copy button's name. */
  warning: string;
  copyLabel: string;
  /** What follows the secret, such as how it is used. */
  children?: ReactNode;
  onDone: () => void;
}) {
  const intl = useIntl();
  return (
    <div>
      <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        <FormattedMessage id={warning} />
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1.5 text-sm break-all text-slate-900">
          {secret}
        </code>
        <CopyButton text={secret} label={intl.formatMessage({ id: copyLabel })} />
      </div>
      {children}
      <div className="mt-6 flex justify-end">
        <Button onClick={onDone}>
          <FormattedMessage id="salonSettings.shownOnce.done" />
        </Button>
      </div>
    </div>
  );
}
