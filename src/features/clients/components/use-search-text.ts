import { useEffect, useState } from "react";

/** How long typing pauses before the search runs: one request per word, not per letter. */
const SEARCH_DELAY_MS = 200;

/**
 * The search box's text and the search it has settled into: `onSettle` gets the text once
 * typing has paused, so the list (and the address) follow without a request per key.
 */
export function useSearchText(settled: string, onSettle: (text: string) => void) {
  const [text, setText] = useState(settled);
  // A search the address brings back (Back, a link) replaces what the box shows.
  const [seen, setSeen] = useState(settled);
  if (settled !== seen) {
    setSeen(settled);
    if (settled !== text.trim()) setText(settled);
  }
  useEffect(() => {
    if (text.trim() === settled) return;
    const timer = setTimeout(() => onSettle(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, settled, onSettle]);
  return [text, setText] as const;
}
