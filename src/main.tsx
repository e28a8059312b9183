import "./index.css";

/**
 * The entry is this small on purpose: a prerendered page is readable as it arrives, so the
 * browser paints it first and only then runs the app's code, which takes over the page
 * (app/start.tsx), which the page already fetches at low priority (scripts/lib/prerender.ts).
 */
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
await import("./app/start.tsx");
