import { useMemo } from "react";
import { useLanguage } from "../../i18n/language-context.ts";
import { readTime, showTime, timeConvention } from "./time-text.ts";
import { TypedInput, type TypedInputProps } from "./typed-input.tsx";

/**
 * A time in one text box ("HH:MM" in the draft). It takes "9", "930" or "9:30 pm" and shows
 * the time the reader's way once focus leaves it: 24 hours in German and Czech.
 */
export function TimeInput(props: TypedInputProps) {
  const { language } = useLanguage();
  const { locale, hour12 } = useMemo(() => timeConvention(language), [language]);
  return (
    <TypedInput
      inputMode={hour12 ? "text" : "numeric"}
      placeholder={showTime("09:00", locale, hour12)}
      {...props}
      read={readTime}
      show={(value) => showTime(value, locale, hour12)}
    />
  );
}
