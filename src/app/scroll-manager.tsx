import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Delay before scrolling to a section, so a page reached from elsewhere has rendered. */
const SCROLL_DELAY_MS = 100;
const STORE_KEY = "scroll-positions";

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The spec's scrolling: new pages start at the top, a hash scrolls smoothly to its
 * target, and going back restores where the reader was.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    history.scrollRestoration = "manual";
  }, []);

  // Remember the position of the page being left.
  useLayoutEffect(() => {
    const key = location.key;
    return () => {
      const positions = savedPositions();
      positions[key] = window.scrollY;
      sessionStorage.setItem(STORE_KEY, JSON.stringify(positions));
    };
  }, [location.key]);

  useEffect(() => {
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    const saved = savedPositions()[location.key];
    if (navigationType === "POP" && saved !== undefined) {
      // Lazily loaded pages grow after the first frame; retry until the page is tall enough.
      let frames = 0;
      const restore = () => {
        window.scrollTo(0, saved);
        if (Math.abs(window.scrollY - saved) > 1 && frames++ < 60) requestAnimationFrame(restore);
      };
      restore();
      return;
    }
    if (location.hash) {
      const timer = setTimeout(() => {
        document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView({ behavior: "smooth", block: "start" });
      }, SCROLL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    // A query replaced on the same page (a tab, a filter) is not a new page.
    if (samePage && navigationType === "REPLACE") return;
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
