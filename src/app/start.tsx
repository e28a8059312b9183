import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App, preloadRoutes } from "./app.tsx";
import { preloadCatalog } from "../i18n/language-provider.tsx";
import { refreshAccessToken } from "../lib/api-client.ts";
import { resumeSession } from "../lib/auth/session.ts";

// The first render has its texts and its page's code, so a prerendered page hydrates in one pass.
await Promise.all([preloadCatalog(window.location.pathname), preloadRoutes(window.location.pathname)]);
void resumeSession(refreshAccessToken);

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
const root = document.getElementById("root")!;
// Public pages arrive prerendered (scripts/lib/prerender.ts); the signed-in screens render here.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
