/** Addresses of the scan pages and the RF dialog they hand back to (rf-contract "Routes"; spec 001 §2, §2.12, §9). */

export const SCAN_CODE_URL = 'Core/ScanCodePage';
export const SCAN_QR_URL = 'Core/ScanQrCode';
export const RF_DIALOG_PATH = '/Core/RfDialog';

/** The query values the scan code page reads and hands back to the RF dialog unchanged. */
export const SCAN_QUERY = ['editDialogVisible', 'mainProcessName', 'subProcessName', 'whId', 'clientCode', 'localeId'] as const;

/** Spec 001 §9: the recognition-failed tip hides after this long. */
export const SCAN_TIP_HIDE_MS = 2000;

/**
 * The recognition-failed tip shows when the camera has recognised nothing for this long (zxing's multi-format reader
 * reports every unreadable frame alike, so "failed" can only mean "nothing yet"), and again after each such spell.
 */
export const SCAN_RETRY_TIP_MS = 4000;

/** `/Core/RfDialog?<the scan page's query values>&scanText=<text>`; without scanText after Cancel. */
export function rfDialogUrl(search: string, scanText?: string): string {
  const from = new URLSearchParams(search);
  const to = new URLSearchParams();
  for (const name of SCAN_QUERY) {
    const value = from.get(name);
    if (value !== null) to.set(name, value);
  }
  if (scanText !== undefined) to.set('scanText', scanText);
  const query = to.toString();
  return query ? `${RF_DIALOG_PATH}?${query}` : RF_DIALOG_PATH;
}
