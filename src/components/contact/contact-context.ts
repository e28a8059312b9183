import { createContext, useContext } from "react";

export type ContactMode = "sales" | "support" | "trial" | "enterprise";

export interface ContactRequest {
  mode: ContactMode;
  /** Tier name shown in trial mode, e.g. "Growth". */
  tier?: string;
  prefilledMessage?: string;
}

export const ContactContext = createContext<((request: ContactRequest) => void) | null>(null);

/** Opens the site-wide contact modal in one of its modes. */
export function useContactModal() {
  const open = useContext(ContactContext);
  if (!open) throw new Error("useContactModal needs a ContactProvider");
  return open;
}
