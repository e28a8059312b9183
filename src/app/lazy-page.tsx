import { use, type ComponentType } from "react";
import type { CatalogPart } from "../i18n/catalog-parts.ts";
import { requireCatalogPart } from "../i18n/catalog-store.ts";

export interface LazyPage {
  (): React.ReactNode;
  /** Loads the page's code and texts; resolved pages render at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * A page whose code (and catalogue part) load on first use. Unlike React.lazy, a page loaded
 * ahead with `preload` renders synchronously, so a prerendered page hydrates in one pass and a
 * page being left stays on screen while the next one loads (the router's transitions).
 */
export function lazyPage(load: () => Promise<ComponentType>, part?: CatalogPart): LazyPage {
  let Page: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), part && requireCatalogPart(part)]).then(([component]) => {
      Page = component;
    }, (error: unknown) => {
      loading = null; // a failed download is tried again on the next visit
      throw error;
    }));
  function Lazy() {
    if (!Page) use(preload());
    const Loaded = Page!;
    return <Loaded />;
  }
  return Object.assign(Lazy, { preload });
}
