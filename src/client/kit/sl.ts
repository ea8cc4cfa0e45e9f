/**
 * The one module screens import Shoelace from, so the set of registered custom elements (and thus the bundle size) is
 * visible in one flat list. The login route's own components live in `kit/slLogin.ts` (re-exported here): only the
 * login route's modules import that one, so the rest below loads with the workspace. The light theme stylesheet is
 * imported by main.tsx, so esbuild emits it once with the entry rather than again beside every lazy chunk.
 */
import { lazy } from 'react';
import { loadColorPicker } from './slLogin';

export { default as SlCheckbox } from '@shoelace-style/shoelace/dist/react/checkbox/index.js';
export { default as SlDialog } from '@shoelace-style/shoelace/dist/react/dialog/index.js';
export { default as SlDivider } from '@shoelace-style/shoelace/dist/react/divider/index.js';
export { default as SlIconButton } from '@shoelace-style/shoelace/dist/react/icon-button/index.js';
export { default as SlOption } from '@shoelace-style/shoelace/dist/react/option/index.js';
// Already a dependency of select and dropdown: the lookup search box uses it for its list of matches.
export { default as SlPopup } from '@shoelace-style/shoelace/dist/react/popup/index.js';
export { default as SlSelect } from '@shoelace-style/shoelace/dist/react/select/index.js';
export { default as SlSpinner } from '@shoelace-style/shoelace/dist/react/spinner/index.js';
export { default as SlTooltip } from '@shoelace-style/shoelace/dist/react/tooltip/index.js';
export * from './slLogin';

// Loaded on first use: these appear on few screens. A lazy component suspends on its first render, so use them only
// under a <Suspense> boundary — every workspace tab has one. preloadShoelace() warms them right after login.
const later = {
  badge: () => import('@shoelace-style/shoelace/dist/react/badge/index.js'),
  card: () => import('@shoelace-style/shoelace/dist/react/card/index.js'),
  colorPicker: loadColorPicker,
  details: () => import('@shoelace-style/shoelace/dist/react/details/index.js'),
  progressBar: () => import('@shoelace-style/shoelace/dist/react/progress-bar/index.js'),
  radioButton: () => import('@shoelace-style/shoelace/dist/react/radio-button/index.js'),
  radioGroup: () => import('@shoelace-style/shoelace/dist/react/radio-group/index.js'),
  carousel: () => import('@shoelace-style/shoelace/dist/react/carousel/index.js'),
  carouselItem: () => import('@shoelace-style/shoelace/dist/react/carousel-item/index.js'),
  tab: () => import('@shoelace-style/shoelace/dist/react/tab/index.js'),
  tabGroup: () => import('@shoelace-style/shoelace/dist/react/tab-group/index.js'),
  tabPanel: () => import('@shoelace-style/shoelace/dist/react/tab-panel/index.js'),
  textarea: () => import('@shoelace-style/shoelace/dist/react/textarea/index.js'),
  tree: () => import('@shoelace-style/shoelace/dist/react/tree/index.js'),
  treeItem: () => import('@shoelace-style/shoelace/dist/react/tree-item/index.js'),
};
export const SlBadge = lazy(later.badge);
export const SlCard = lazy(later.card);
export const SlDetails = lazy(later.details);
export const SlProgressBar = lazy(later.progressBar);
export const SlRadioButton = lazy(later.radioButton);
export const SlRadioGroup = lazy(later.radioGroup);
export const SlCarousel = lazy(later.carousel);
export const SlCarouselItem = lazy(later.carouselItem);
export const SlTab = lazy(later.tab);
export const SlTabGroup = lazy(later.tabGroup);
export const SlTabPanel = lazy(later.tabPanel);
export const SlTextarea = lazy(later.textarea);
export const SlTree = lazy(later.tree);
export const SlTreeItem = lazy(later.treeItem);

/** Starts loading the lazy components in the background, so the first screen that uses one does not wait. */
export function preloadShoelace(): void {
  for (const load of Object.values(later)) void load();
}
