import "./booking.css";
import { createRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE, isLanguage } from "../contract/languages.ts";
import { BookingApp, loadCatalog } from "./features/booking/components/booking-app.tsx";

/**
 * The booking page's entry, built apart from the site (vite.config.ts) so that it loads only
 * what the page needs. The prerendered shell (/{lang}/book) shows a skeleton in the page's
 * language until this has its texts and renders in its place.
 */
const [, lang = "", , slug = ""] = window.location.pathname.split("/");
const catalog = await loadCatalog(isLanguage(lang) ? lang : DEFAULT_LANGUAGE);
createRoot(document.getElementById("booking-root")!).render(<BookingApp slug={slug} catalog={catalog} />);
