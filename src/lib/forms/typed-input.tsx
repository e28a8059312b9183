import { useState, type InputHTMLAttributes, type KeyboardEvent } from "react";

export type TypedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type" | "step"> & {
  /** The draft's value in its canonical form, empty, or text that does not read as one yet. */
  value: string;
  onChange: (value: string) => void;
};

interface Reading {
  /** The canonical value of a typed text, or null when it is none. */
  read: (text: string) => string | null;
  /** The canonical value as the reader writes it; other text as it is. */
  show: (value: string) => string;
  /** The value an arrow key moves to from the current one (`step` 1 up, -1 down), if the box steps. */
  stepTo?: (value: string | null, step: 1 | -1) => string;
}

/**
 * One text box for a value people type in their own way (a date, a time), instead of the
 * browser's input, which writes it the browser's way and makes each part a stop for Tab.
 * What is typed stays as typed until focus leaves; then the box shows the value the reader's
 * way. Text that reads as no value is flagged invalid at once.
 */
export function TypedInput({ value, onChange, onFocus, onBlur, onKeyDown, read, show, stepTo, ...props }: TypedInputProps & Reading) {
  // What is being typed, kept as typed until focus leaves.
  const [typing, setTyping] = useState<string | null>(null);
  const text = typing ?? show(value);
  const unreadable = text.trim() !== "" && read(text) === null;

  const stepBy = (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = event.key === "ArrowUp" ? 1 : event.key === "ArrowDown" ? -1 : 0;
    if (!stepTo || direction === 0 || unreadable) return;
    event.preventDefault();
    setTyping(null);
    onChange(stepTo(text.trim() === "" ? null : read(text), direction));
  };

  return (
    <input
      {...props}
      type="text"
      autoComplete="off"
      spellCheck={false}
      aria-invalid={props["aria-invalid"] === true || props["aria-invalid"] === "true" || unreadable}
      // Red as soon as the text reads as nothing, before the form's check names the field.
      className={`${props.className ?? ""} aria-invalid:border-red-500`}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setTyping(typed);
        onChange(typed.trim() === "" ? "" : (read(typed) ?? typed));
      }}
      onKeyDown={(event) => {
        stepBy(event);
        onKeyDown?.(event);
      }}
      onFocus={onFocus}
      onBlur={(event) => {
        setTyping(null);
        onBlur?.(event);
      }}
    />
  );
}
