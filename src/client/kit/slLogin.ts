/**
 * The Shoelace components of the login route: what the login screen, its language and theme pickers, the error pages
 * and the toasts (kit/api.ts) need before anyone has signed in. Everything else Shoelace offers is in `kit/sl.ts`,
 * which re-exports these: screens import from there, and only the login route's own modules import from here, so that
 * the workspace's components (select, dialog, checkbox, tooltip …) load with the workspace, not before the login.
 */
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import { lazy } from 'react';
// Shoelace's own words (a dialog's and a tab's "Close", a select's "Clear entry", a carousel's "Next slide") in Chinese
// when <html lang> is zh-CN (i18n.tsx): without it they stay English in the Chinese console (issue 27.9).
import '@shoelace-style/shoelace/dist/translations/zh-cn.js';

// Icons are served from our own origin (build.mjs copies them): kiosks are offline and CSP allows no CDN.
setBasePath('/shoelace');

export { default as SlAlert } from '@shoelace-style/shoelace/dist/react/alert/index.js';
export { default as SlButton } from '@shoelace-style/shoelace/dist/react/button/index.js';
export { default as SlDropdown } from '@shoelace-style/shoelace/dist/react/dropdown/index.js';
export { default as SlIcon } from '@shoelace-style/shoelace/dist/react/icon/index.js';
export { default as SlInput } from '@shoelace-style/shoelace/dist/react/input/index.js';
export { default as SlMenu } from '@shoelace-style/shoelace/dist/react/menu/index.js';
export { default as SlMenuItem } from '@shoelace-style/shoelace/dist/react/menu-item/index.js';

/** Loads the colour picker (with its colour library): an extra the login screen works without, so a lazy chunk. */
export const loadColorPicker = () => import('@shoelace-style/shoelace/dist/react/color-picker/index.js');
/** The theme colour picker; lazy, so only under a <Suspense> boundary. */
export const SlColorPicker = lazy(loadColorPicker);
