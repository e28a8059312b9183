import type { Language } from "../../contract/languages.ts";
import type { CatalogPart } from "./catalog-parts.ts";

type Loader = () => Promise<{ default: Record<string, string> }>;

// Spelled out so that the bundler makes one small chunk per language and part.
const loaders: Record<Language, Record<CatalogPart, Loader>> = {
  en: {
    core: () => import("virtual:catalog/en/core"),
    blog: () => import("virtual:catalog/en/blog"),
    dashboard: () => import("virtual:catalog/en/dashboard"),
    visit: () => import("virtual:catalog/en/visit"),
    booking: () => import("virtual:catalog/en/booking"),
  },
  de: {
    core: () => import("virtual:catalog/de/core"),
    blog: () => import("virtual:catalog/de/blog"),
    dashboard: () => import("virtual:catalog/de/dashboard"),
    visit: () => import("virtual:catalog/de/visit"),
    booking: () => import("virtual:catalog/de/booking"),
  },
  cs: {
    core: () => import("virtual:catalog/cs/core"),
    blog: () => import("virtual:catalog/cs/blog"),
    dashboard: () => import("virtual:catalog/cs/dashboard"),
    visit: () => import("virtual:catalog/cs/visit"),
    booking: () => import("virtual:catalog/cs/booking"),
  },
};

export async function loadMessages(language: Language, part: CatalogPart): Promise<Record<string, string>> {
  return (await loaders[language][part]()).default;
}
