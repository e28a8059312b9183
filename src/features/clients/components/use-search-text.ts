import { useCallback, useEffect, useRef, useState } from "react";

/** How long typing pauses before the search runs: one request per word, not per letter. */
const SEARCH_DELAY_MS = 200;

/**
 * The search box's text and the search it has settled into: `onSettle` gets the text once
 * typing has paused, so the list (and the address) follow without a request per key.
 * `handedOn` drops a settle still waiting, for a caller that passes the text on itself: a
 * client chosen within the pause would otherwise have the late settle write the address from
 * before the choice, and lose it.
 */
export function useSearchText(settled: string, onSettle: (text: string) => void) {
  const [text, setText] = useState(settled);
  // A search the address brings back (Back, a link) replaces what the box shows.
  const [seen, setSeen] = useState(settled);
  if (settled !== seen) {
    setSeen(settled);
    if (settled !== text.trim()) setText(settled);
  }
  const waiting = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (text.trim() === settled) return;
    waiting.current = setTimeout(() => onSettle(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(waiting.current);
  }, [text, settled, onSettle]);
  const handedOn = useCallback(() => clearTimeout(waiting.current), []);
  return [text, setText, handedOn] as const;
}
