import { useSyncExternalStore } from "react";
import type { Language } from "../../contract/languages.ts";
import type { CatalogPart } from "./catalog-parts.ts";
import { loadMessages } from "./load-messages.ts";

export interface Catalog {
  language: Language;
  parts: ReadonlySet<CatalogPart>;
  messages: Record<string, string>;
}

const listeners = new Set<() => void>();
const needed = new Set<CatalogPart>(["core"]);
let current: Catalog | null = null;
let shownLanguage: Language | null = null;
let generation = 0;

/** Loads every needed part of `language` and then shows them together. */
export async function showLanguage(language: Language) {
  shownLanguage = language;
  const mine = ++generation;
  const parts = new Set(needed);
  const loaded = await Promise.all([...parts].map((part) => loadMessages(language, part)));
  // A later call (another language, another part) has already taken over.
  if (mine !== generation) return;
  current = { language, parts, messages: Object.assign({}, ...loaded) as Record<string, string> };
  for (const listener of listeners) listener();
}

/** Called by routes before they render: their texts are loaded, in every language shown later. */
export async function requireCatalogPart(part: CatalogPart) {
  needed.add(part);
  // Until the shown catalog has the part: a call superseded by a newer one tries again.
  while (shownLanguage && !(current?.language === shownLanguage && current.parts.has(part))) {
    await showLanguage(shownLanguage);
  }
}

export function useCatalog(): Catalog | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
