/** What the PO screens share: their urls, the status rules the console shows, and the date columns' format. */
import type { EntityDef } from '../../../shared/entities/defineEntity';
import type { EntityRow } from '../../kit/EntityListPage';
import { formatDate } from '../../kit/tableState';

export const PO_LIST_URL = '/Wms/TPoMaster';
export const PO_LINES_URL = '/Wms/TPoDetail';

/** A screen of one PO (`?poNumber=…&whId=…`): its lines, the receiving desk, the reconciliation. */
export function poUrl(screen: string, row: EntityRow): string {
  return `${screen}?poNumber=${encodeURIComponent(String(row.poNumber))}&whId=${encodeURIComponent(String(row.whId))}`;
}

/** A closed or cancelled PO changes no more (the server refuses with the PO and its status). */
export const isFinishedPo = (row: EntityRow | null | undefined): boolean => row?.status === 'C' || row?.status === 'X';

/** Every date column of the entity, shown in the user's language. */
export function dateColumns(entity: EntityDef, language: string): Record<string, (value: unknown) => string> {
  return Object.fromEntries(
    Object.entries(entity.fields)
      .filter(([, def]) => def.type === 'date')
      .map(([field]) => [field, (value: unknown) => formatDate(value, language)]),
  );
}
