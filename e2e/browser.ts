import { existsSync } from 'node:fs';

/**
 * The browser the tests drive: CHROMIUM_PATH, else Debian's headless shell (`apt-get install -y
 * chromium-headless-shell`: Chromium without its window and browser interface; the same browser tests took 2.2
 * instead of 3.4 minutes and about half the CPU on the 2-core machine, 2026-11-28), else Debian's Chromium.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ||
  '/usr/bin/chromium';
export const hasBrowser = existsSync(chromiumPath);
