import "./index.css";

/**
 * The entry is this small on purpose: a prerendered page is readable as it arrives, so the
 * browser paints it first and only then runs the app's code, which takes over the page
 * (app/start.tsx). The build preloads that code beside the page (scripts/lib/prerender.ts), so
 * waiting for the paint costs a frame, not a download.
 */
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
await import("./app/start.tsx");
