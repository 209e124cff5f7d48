/**
 * Debian's Chromium as this machine runs it, never a downloaded browser: the e2e tests, the bench
 * (and the Lighthouse runs it starts), the tutorial screenshots and the sitegen preview all launch it
 * this way. The flags keep it off the (closed) network and out of the GPU.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
