import { Suspense, lazy, useCallback, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { ContactContext, type ContactRequest } from "./contact-context.ts";

// The dialog code loads on the first open, keeping it out of the home page's first download.
const ContactModal = lazy(() => import("./contact-modal.tsx").then((module) => ({ default: module.ContactModal })));

/** Holds the one contact modal of the public site and opens it in the requested mode. */
export function ContactProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [request, setRequest] = useState<ContactRequest | null>(null);
  const [show, setShow] = useState(false);
  const open = useCallback((next: ContactRequest) => {
    setRequest(next);
    setShow(true);
  }, []);

  const mode = request?.mode ?? "sales";
  const title = intl.formatMessage({ id: `contact.modal.title.${mode}` }, { tier: request?.tier ?? "" });
  const placeholder = intl.formatMessage({ id: `contact.modal.placeholder.${mode}` });

  return (
    <ContactContext value={open}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <ContactModal
            show={show}
            onClose={() => setShow(false)}
            title={title}
            messagePlaceholder={placeholder}
            prefilledMessage={request.prefilledMessage ?? ""}
          />
        </Suspense>
      )}
    </ContactContext>
  );
}
