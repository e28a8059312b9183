import { chromium, type LaunchOptions } from "playwright-core";

/** Debian's Chromium, headless, with the flags that keep it off the network, and any `extraArgs`. */
export const chromiumOptions = (extraArgs: string[] = []): LaunchOptions => ({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    // A wheel scrolls at once, not over the next frames, so a test can tell where it went.
    "--disable-smooth-scrolling",
    ...extraArgs,
  ],
});

/**
 * One Chromium for every test file that needs no flags of its own: each file opens fresh
 * contexts in it (own storage, cookies and cache) instead of starting a browser, which on a
 * two-core machine costs a second or two a file.
 */
export const startSharedChromium = () => chromium.launchServer(chromiumOptions());
