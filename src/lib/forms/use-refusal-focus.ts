import { useEffect, useRef, useState } from "react";

/**
 * After a refused submit, focus goes to the first field with a message (and the browser scrolls
 * to it). It waits for the render that shows the messages, so the field is announced with its own.
 */
export function useRefusalFocus() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const refused = () => setRefusals((count) => count + 1);
  return { formRef, refused };
}
