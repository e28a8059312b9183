import { useSearchParams } from "react-router";

/**
 * The tab a screen shows, kept in its address (`?tab=`) so a reload or a link opens it again;
 * an address naming none (or no such tab) shows the first. Choosing one replaces the address
 * rather than adding to the history, and keeps the scroll position.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab = tabs.find((value) => value === requested) ?? tabs[0];
  const select = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("tab", value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, select];
}
