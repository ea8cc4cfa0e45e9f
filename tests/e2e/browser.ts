/**
 * The browser every spec drives (playwright.config.ts, and the specs that launch one of their own): Debian's
 * `chromium-headless-shell` when it is installed — Chromium's engine without the browser's own interface, what
 * Playwright itself runs headless; ~15 % less CPU than `chromium --headless` over the same specs (docs/testing.md) —
 * else Debian's `chromium`. WHARF_CHROMIUM names another binary.
 */
import fs from 'node:fs';

const SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM = process.env.WHARF_CHROMIUM ?? (fs.existsSync(SHELL) ? SHELL : '/usr/bin/chromium');

/**
 * The specs that scan with a (fake) camera: the headless shell has no media capture (`navigator.mediaDevices` is
 * missing, and the scanner reports "secure context required"), so they drive the whole Chromium.
 */
export const CAMERA_CHROMIUM = process.env.WHARF_CHROMIUM ?? '/usr/bin/chromium';

/** No sandbox (root in a container), no GPU, nothing fetched in the background. */
export const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
