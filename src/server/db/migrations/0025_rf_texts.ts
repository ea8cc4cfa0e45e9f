import { type Kysely, sql } from 'kysely';

/**
 * The demo RF texts of issue 25 item 18, for databases seeded before it (a text an administrator has changed since is
 * left alone): RF texts are ICU messages now (src/server/modules/rf/texts.ts), so the inquiry's "1 rows" becomes a
 * plural and its "what was scanned" header is rendered from the code at each showing (it was a string cached in the
 * language of the scan); headers whose parts are split by " · " lose a part without value, so the carton pick's item
 * line gets one and the English second parts a capital.
 */
export const RF_TEXTS_0025: readonly { name: string; locale: '2052' | '1033'; from: string; to: string }[] = [
  {
    name: 'INQ_H_WHAT',
    locale: '2052',
    from: '{inqWhat}',
    to: '{inqBy, select, locationId {库位} itemNumber {商品} huId {托盘} other {}} {inqValue}',
  },
  {
    name: 'INQ_H_WHAT',
    locale: '1033',
    from: '{inqWhat}',
    to: '{inqBy, select, locationId {Location} itemNumber {Item} huId {Pallet} other {}} {inqValue}',
  },
  {
    name: 'INQ_H_SUM',
    locale: '2052',
    from: '{inqRows} 行 · 在库 {inqQty} · 可用 {inqAvail}',
    to: '{inqRows, plural, other {# 行}} · 在库 {inqQty} · 可用 {inqAvail}',
  },
  {
    name: 'INQ_H_SUM',
    locale: '1033',
    from: '{inqRows} rows · on hand {inqQty} · available {inqAvail}',
    to: '{inqRows, plural, one {# row} other {# rows}} · on hand {inqQty} · available {inqAvail}',
  },
  {
    name: 'RCV_H_LOT',
    locale: '1033',
    from: 'Lot {lotNumber} · expiry {expirationDate}',
    to: 'Lot {lotNumber} · Expiry {expirationDate}',
  },
  { name: 'MOV_H_LOT', locale: '1033', from: 'Lot {lotNumber} · pallet {huId}', to: 'Lot {lotNumber} · Pallet {huId}' },
  { name: 'CTN_H_ITEM', locale: '2052', from: '{itemNumber} 批号 {lotNumber}', to: '{itemNumber} · 批号 {lotNumber}' },
  { name: 'CTN_H_ITEM', locale: '1033', from: '{itemNumber} lot {lotNumber}', to: '{itemNumber} · Lot {lotNumber}' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of RF_TEXTS_0025) {
    await sql`
      update rf_process_resource set text = ${t.to}
      where type = 'header' and name = ${t.name} and locale_id = ${t.locale} and text = ${t.from}`.execute(db);
  }
}
