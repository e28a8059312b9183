import { Button, type ButtonProps } from "./button.tsx";

/** The primary "+ Add …" button of the dashboard's lists. */
export function AddButton({ children, ...props }: Omit<ButtonProps, "variant" | "size">) {
  return (
    <Button {...props}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
      </svg>
      {children}
    </Button>
  );
}
