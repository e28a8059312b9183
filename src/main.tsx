import "./index.css";

/**
 * The entry is this small on purpose: a prerendered page is readable as it arrives, so the
 * browser paints it first and only then runs the app's code, which takes over the page
 * (app/start.tsx), whose download begins then (scripts/lib/prerender.ts says why).
 */
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
// A number formatter first, in a task of its own: react-intl opens by checking the locale with
// supportedLocalesOf, which before any formatter exists makes the engine list every locale it
// has (measured in Chromium: 71 ms that way, 33 ms with a formatter made first).
new Intl.NumberFormat(document.documentElement.lang);
await new Promise((next) => setTimeout(next));
await import("./app/start.tsx");
