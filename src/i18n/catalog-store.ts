import { useSyncExternalStore } from "react";
import type { Language } from "../../contract/languages.ts";
import type { CatalogPart } from "./catalog-parts.ts";
import { loadMessages } from "./load-messages.ts";
import { setRequestLanguage } from "./request-language.ts";

export interface Catalog {
  language: Language;
  parts: ReadonlySet<CatalogPart>;
  messages: Record<string, string>;
}

const listeners = new Set<() => void>();
const needed = new Set<CatalogPart>(["core"]);
let current: Catalog | null = null;
let shownLanguage: Language | null = null;

/**
 * Loads every needed part of `language` and shows them together. Calls may overlap: parts
 * of the same language only add up, and a language switched away from is never shown.
 */
export async function showLanguage(language: Language) {
  shownLanguage = language;
  setRequestLanguage(language);
  const parts = [...needed];
  const loaded = await Promise.all(parts.map((part) => loadMessages(language, part)));
  if (language !== shownLanguage) return;
  const base = current?.language === language ? current : null;
  current = {
    language,
    parts: new Set([...(base?.parts ?? []), ...parts]),
    messages: Object.assign({}, base?.messages, ...loaded) as Record<string, string>,
  };
  for (const listener of listeners) listener();
}

/** Called by routes before they render: their texts are loaded, in every language shown later. */
export async function requireCatalogPart(part: CatalogPart) {
  needed.add(part);
  if (shownLanguage) await showLanguage(shownLanguage);
}

const getCatalog = () => current;

export function useCatalog(): Catalog | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getCatalog,
    getCatalog, // the prerender loads it before rendering, the browser before hydrating
  );
}
