import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../../../components/button.tsx";

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_MS = 2500;

/** Copies `text`; the button and a live region say so, and where the clipboard is out of reach the text stays there to select. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" aria-label={copied ? intl.formatMessage({ id: "salonSettings.booking.copied" }) : label} onClick={() => void copy()}>
        <FormattedMessage id={copied ? "salonSettings.booking.copied" : "salonSettings.booking.copy"} />
      </Button>
      <span aria-live="polite" className="sr-only">
        {copied && intl.formatMessage({ id: "salonSettings.booking.copied" })}
      </span>
    </>
  );
}
