/** What the PO screens share: their urls and the status rules the console shows. */
import type { EntityRow } from '../../kit/EntityListPage';
import { screenUrl } from '../../kit/screenUrl';

export const PO_LIST_URL = '/Wms/TPoMaster';
export const PO_LINES_URL = '/Wms/TPoDetail';

/** A screen of one PO (`?poNumber=…&whId=…&t=…`): its lines, the receiving desk, the reconciliation. */
export function poUrl(screen: string, row: Readonly<Record<string, unknown>>): string {
  return screenUrl(screen, { poNumber: row.poNumber, whId: row.whId });
}

/** A closed or cancelled PO changes no more (the server refuses with the PO and its status). */
export const isFinishedPo = (row: EntityRow | null | undefined): boolean => row?.status === 'C' || row?.status === 'X';
