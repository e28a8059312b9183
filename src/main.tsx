import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router";
import { routes } from "./app/router.tsx";
import { preloadCatalog } from "./i18n/language-provider.tsx";
import { refreshAccessToken } from "./lib/api-client.ts";
import { resumeSession } from "./lib/auth/session.ts";
import "./index.css";

await preloadCatalog(window.location.pathname);
void resumeSession(refreshAccessToken);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={createBrowserRouter(routes)} />
  </StrictMode>,
);
