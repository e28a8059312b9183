import { LANGUAGES, type Language } from "../../../contract/languages.ts";

/** A salon's booking page, `/{lang}/book/{slug}`, in a language the site has. */
const BOOKING_PAGE = new RegExp(`^/(${LANGUAGES.join("|")})/book/[^/]+$`);

export const isBookingPage = (pathname: string) => BOOKING_PAGE.test(pathname);

/**
 * The page's prerendered shell in its language (the build writes `{lang}/book.html`, which the
 * assets serve at `/{lang}/book`): one document for every salon, which reads its slug from the
 * address and loads the salon's page itself.
 */
export const bookingShell = (assets: Fetcher, request: Request, language: Language) =>
  assets.fetch(new Request(new URL(`/${language}/book`, request.url), request));
