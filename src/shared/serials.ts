/**
 * Serial numbers as typed or scanned: one a line (commas, semicolons and spaces separate too), trimmed, empty entries
 * dropped. A list's entries may each hold several. The console counts them as the server does.
 */
export function splitSerials(value: unknown): string[] {
  const entries = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return entries
    .flatMap((v) => String(v ?? '').split(/[\s,;]+/))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The first serial named twice in a list, or null. */
export function repeatedSerial(serials: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const serial of serials) {
    if (seen.has(serial)) return serial;
    seen.add(serial);
  }
  return null;
}

/** Where a serial is and what it went out with, as its master row and each event record them. */
export interface SerialPlace {
  status: string;
  locationId: string | null;
  huId: string | null;
  lotNumber: string | null;
  orderNumber: string | null;
  cartonNumber: string | null;
  deliveryNumber: string | null;
}

/** One event of a serial as the look-up screen shows it. */
export interface SerialHistoryRow extends SerialPlace {
  id: number;
  event: string;
  documentType: string;
  documentNumber: string;
  lineNumber: number | null;
  employeeId: string;
  eventTime: string;
}

/** A serial as the look-up screen shows it: item, state, where it is, and its history (oldest first). */
export interface SerialLookupRow extends SerialPlace {
  whId: string;
  itemNumber: string;
  itemDescription: string | null;
  clientCode: string;
  serialNumber: string;
  receiptId: string | null;
  updateTime: string;
  history: SerialHistoryRow[];
}
