import type { ReactNode, Ref } from "react";

interface AddButtonProps {
  onClick: () => void;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The primary "+ Add …" button of the dashboard's lists. */
export function AddButton({ onClick, children, className = "", ref }: AddButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      className={`inline-flex items-center justify-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
      </svg>
      {children}
    </button>
  );
}
