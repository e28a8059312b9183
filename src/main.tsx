import "./index.css";

/**
 * The entry is this small on purpose: a prerendered page is readable as it arrives, so the
 * browser paints it first and only then runs the app's code, which takes over the page
 * (app/start.tsx), whose download begins then (scripts/lib/prerender.ts says why).
 */
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
await import("./app/start.tsx");
