import type { ComponentPropsWithRef } from "react";

const VARIANTS = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700",
  /** A destructive action that is not the point of the screen (Delete beside Save, Delete in a list row). */
  "danger-outline": "border border-red-200 bg-white text-red-700 shadow-sm hover:bg-red-50",
  /** Adds a row to a list inside a form (Add Service, Add Time Off). */
  dashed: "border border-dashed border-slate-300 text-brand-700 hover:border-brand-500 hover:bg-brand-50",
  ghost: "text-slate-800 hover:bg-slate-100",
  /** The marketing pages' calls to action, with a glow that lifts them off the section. */
  cta: "bg-brand-600 text-white shadow-lg shadow-brand-600/25 hover:bg-brand-700",
} as const;

// Each size sets every padding itself: Tailwind lets the stylesheet's order, not the class list's, decide between two.
const SIZES = {
  /** Inside forms and toolbars. */
  sm: "rounded-lg px-3 py-1.5 text-sm",
  md: "rounded-lg px-4 py-2 text-sm",
  /** The one action of a dialog or a page of its own (Log in, Send Message, Back to home). */
  lg: "rounded-lg px-5 py-2.5 text-base",
  xl: "rounded-xl px-6 py-3 text-base",
  /** A square around a 20×20 icon. */
  icon: "rounded-lg p-2",
} as const;

export interface ButtonLook {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
}

/** The classes of a button's look, for a link that leads on like a button does. */
export const buttonClass = ({ variant = "primary", size = "md" }: ButtonLook = {}) =>
  `inline-flex items-center justify-center gap-1.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${SIZES[size]} ${VARIANTS[variant]}`;

export interface ButtonProps extends ComponentPropsWithRef<"button">, ButtonLook {
  /** While its action runs: disabled, and announced as busy. */
  busy?: boolean;
}

/** A button in one of the product's looks; `type` is "button" unless it is set to submit a form. */
export function Button({ variant, size, busy = false, type = "button", disabled, className = "", ...props }: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClass({ variant, size })} ${className}`}
    />
  );
}
