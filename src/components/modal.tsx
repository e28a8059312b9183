import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { CLOSE_ICON } from "./icon-button.tsx";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Called when the dialog opens; focus the first field here. */
  onOpenAutoFocus?: (event: Event) => void;
  /** Runs once the closing animation has finished and the dialog is gone, e.g. to reset a form. */
  onClosed?: () => void;
  size?: "md" | "lg";
}

// What each open dialog gives focus back to, by its content element. A dialog opened from
// one that closes for it (Log In -> Forgot password) inherits that one's, since the control
// that opened it leaves with it; a dialog opened on top of one that stays keeps its control.
const openers = new WeakMap<Element, HTMLElement>();

function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement)) return null;
  const dialog = active.closest("[role=dialog][data-state=closed]");
  return (dialog && openers.get(dialog)) || active;
}

/**
 * The one dialog of the product: focus is trapped, Escape and a backdrop click close it,
 * it leaves with a 300 ms animation, and focus then returns to what had it before.
 */
export function Modal({ open, onClose, title, description, children, onOpenAutoFocus, onClosed, size = "md" }: ModalProps) {
  const intl = useIntl();
  // Dialogs here are opened from code, not from a Radix trigger, so Radix has nothing to
  // return focus to: remember the element that had it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            opener.current = openerOf(document.activeElement);
            if (opener.current && event.currentTarget instanceof Element) openers.set(event.currentTarget, opener.current);
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed?.();
            // A dialog handed over to another leaves focus where the next one put it.
            const focusElsewhere = document.activeElement && document.activeElement !== document.body;
            if (!focusElsewhere && opener.current?.isConnected) opener.current.focus();
          }}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={`modal-content fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none ${size === "lg" ? "max-w-2xl" : "max-w-md"}`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-semibold text-slate-900">{title}</Dialog.Title>
              {description && <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>}
            </div>
            <Dialog.Close
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label={intl.formatMessage({ id: "common.modal.close" })}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                {CLOSE_ICON}
              </svg>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
