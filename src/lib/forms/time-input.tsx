import { useMemo, useState, type InputHTMLAttributes } from "react";
import { useLanguage } from "../../i18n/language-context.ts";
import { readTime, showTime, timeConvention } from "./time-text.ts";

type TimeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type"> & {
  /** "HH:MM", empty, or text that is not a time yet. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * One text box per time, instead of the browser's time input whose hours, minutes and AM/PM
 * are each a stop for Tab. It takes "9", "930" or "9:30 pm" and shows the time the reader's way
 * once focus leaves it.
 */
export function TimeInput({ value, onChange, onFocus, onBlur, ...props }: TimeInputProps) {
  const { language } = useLanguage();
  const { locale, hour12 } = useMemo(() => timeConvention(language), [language]);
  // What is being typed, kept as typed until focus leaves.
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <input
      {...props}
      type="text"
      inputMode={hour12 ? "text" : "numeric"}
      autoComplete="off"
      spellCheck={false}
      placeholder={showTime("09:00", locale, hour12)}
      value={typing ?? showTime(value, locale, hour12)}
      onChange={(event) => {
        const text = event.target.value;
        setTyping(text);
        onChange(text.trim() === "" ? "" : (readTime(text) ?? text));
      }}
      onFocus={onFocus}
      onBlur={(event) => {
        setTyping(null);
        onBlur?.(event);
      }}
    />
  );
}
