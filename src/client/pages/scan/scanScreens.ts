import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { SCAN_CODE_URL, SCAN_QR_URL } from './scanRoutes';

/** The camera scan pages (spec 001 §2.12): menu url → lazily loaded screen; @zxing/browser loads when a camera starts. */
export const SCAN_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  [SCAN_CODE_URL]: lazy(() => import('./ScanCodePage').then((m) => ({ default: m.ScanCodePage }))),
  [SCAN_QR_URL]: lazy(() => import('./ScanQrCodePage').then((m) => ({ default: m.ScanQrCodePage }))),
};
