import { chromium } from "playwright-core";
import { chromiumOptions } from "../../../scripts/lib/chromium.ts";

/**
 * One Chromium for every test file that needs no flags of its own: each file opens fresh
 * contexts in it (own storage, cookies and cache) instead of starting a browser, which on a
 * two-core machine costs a second or two a file.
 */
export const startSharedChromium = () => chromium.launchServer(chromiumOptions());
