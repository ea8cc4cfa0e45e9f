import { createIntl } from '@formatjs/intl';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../locales/en_us.json';
import zh from '../../../../locales/zh_cn.json';
import { at, rfCall } from '../../../../tests/support/rfAnswers';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { RfAnswer } from '../../../shared/rf';
import { RF_TEXTS_0025, up } from '../../db/migrations/0025_rf_texts';
import { translate } from '../../platform/i18n';
import { fill, header } from './texts';

/**
 * Issue 25 item 18 "texts" on the seeded flows: "1 rows" (an ICU plural now), a header kept in the language of the scan
 * after a switch (headers are rendered from the flow's codes at each showing), a lot label shown without a lot (a part
 * of a header without value is left out with its label), and the refusal of a delivery shipped twice said once.
 */
let t: TestApp;
let admin: string;
const db = () => t.connection.db;

const call = <T>(path: string, body: unknown, lang: 'en_us' | 'zh_cn' = 'en_us') => rfCall<T>(t, admin, path, body, lang);
/** Starts the flow afresh (a flow left running by a test before is ended first). */
async function start(mainProcessName: string, localeId = 1033): Promise<RfAnswer> {
  const running = await call<RfAnswer>('getRfDialogForm', {});
  if (running.dialog) await call<RfAnswer>('confirmRfDialog', { step: running.dialog.step, key: 'DONE' });
  return call<RfAnswer>('getRfDialogForm', { mainProcessName, localeId }, localeId === 2052 ? 'zh_cn' : 'en_us');
}
const enter = (from: RfAnswer, input: string, lang: 'en_us' | 'zh_cn' = 'en_us') =>
  call<RfAnswer>('confirmRfDialog', { step: from.dialog?.step ?? 0, key: 'ENTER', input }, lang);
const done = (from: RfAnswer) => call<RfAnswer>('confirmRfDialog', { step: from.dialog?.step ?? 0, key: 'DONE' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('RF texts (formatting)', () => {
  it('formats plurals and choices from the values, in the language', () => {
    const rows = '{n, plural, one {# row} other {# rows}} · on hand {qty}';
    expect(fill(rows, { n: '1', qty: '5' }, 'en_us')).toBe('1 row · on hand 5');
    expect(fill(rows, { n: '2', qty: '5' }, 'en_us')).toBe('2 rows · on hand 5');
    expect(fill('{n, plural, other {# 行}}', { n: '1' }, 'zh_cn')).toBe('1 行');
    const what = '{by, select, locationId {Location} itemNumber {Item} other {}} {value}';
    expect(fill(what, { by: 'itemNumber', value: 'ACME-1' }, 'en_us')).toBe('Item ACME-1');
    // Plain placeholders as before; unknown ones empty; `<…>` is text; a text that is no message is filled by name.
    expect(fill('PO {poNumber}{missing}', { poNumber: 'PO1' }, 'en_us')).toBe('PO PO1');
    expect(fill('Scan <pallet> {huId}', { huId: 'P1' }, 'en_us')).toBe('Scan <pallet> P1');
    expect(fill('Odd { brace {huId}', { huId: 'P1' }, 'en_us')).toBe('Odd { brace P1');
  });

  it('leaves out a header part without value with its label, and a header left with nothing', () => {
    const lot = 'Lot {lotNumber} · Pallet {huId}';
    expect(header(lot, { lotNumber: '', huId: 'P1' }, 'en_us')).toBe('Pallet P1');
    expect(header(lot, { huId: 'P1' }, 'en_us')).toBe('Pallet P1');
    expect(header(lot, { lotNumber: 'L1', huId: '' }, 'en_us')).toBe('Lot L1');
    expect(header(lot, { lotNumber: 'L1', huId: 'P1' }, 'en_us')).toBe('Lot L1 · Pallet P1');
    expect(header(lot, {}, 'en_us')).toBe('');
    // A separator inside an argument's branches does not split it.
    expect(header('{n, plural, one {# row · one} other {# rows}} · {x}', { n: '1', x: '' }, 'en_us')).toBe('1 row · one');
    // Static text alone stays; a header of static text and empty values goes.
    expect(header('Ready', {}, 'en_us')).toBe('Ready');
    expect(header('Total · {x}', {}, 'en_us')).toBe('');
  });
});

describe('RF texts (seeded flows)', () => {
  it('says "1 row" for one stock row, "N rows" for more (both languages)', async () => {
    // Scanned as items: one item stocked on a single row, one on several.
    const { rows } = await sql<{ code: string; n: number }>`
      select item_number as code, count(*)::int as n from t_stored_item where wh_id = 'WH01' and client_code = 'ACME'
      group by item_number order by count(*), item_number`.execute(db());
    const one = rows.find((r) => r.n === 1)?.code ?? '';
    const many = rows.find((r) => r.n > 1);
    expect(one).not.toBe('');
    expect(many).toBeDefined();
    const first = at(await start('INQUIRY'), 'INQ_SCAN');
    const single = at(await enter(first, one), 'INQ_RESULT');
    expect(single.dialog?.headers[1]).toMatch(/^1 row · on hand /);
    const several = at(await enter(single, many?.code ?? ''), 'INQ_RESULT');
    expect(several.dialog?.headers[1]).toMatch(new RegExp(`^${many?.n} rows · on hand `));
    const zh = at(await call<RfAnswer>('getRfDialogForm', { localeId: 2052 }, 'zh_cn'), 'INQ_RESULT');
    expect(zh.dialog?.headers[1]).toMatch(new RegExp(`^${many?.n} 行 · 在库 `));
    await done(several);
  });

  it('renders the headers again in the new language after a switch (nothing kept from the language of the scan)', async () => {
    const first = at(await start('INQUIRY', 2052), 'INQ_SCAN');
    const chinese = at(await enter(first, 'A02-11-1', 'zh_cn'), 'INQ_RESULT');
    expect(chinese.dialog?.headers[0]).toBe('库位 A02-11-1');
    const english = at(await call<RfAnswer>('getRfDialogForm', { localeId: 1033 }), 'INQ_RESULT');
    expect(english.dialog?.title).toBe('Stock inquiry');
    expect(english.dialog?.headers[0]).toBe('Location A02-11-1');
    expect(english.dialog?.headers.join('\n')).not.toMatch(/[\u4e00-\u9fff]/);
    await done(english);
  });

  it('shows no label for an empty lot or pallet (a move of stock without one of them)', async () => {
    // Stock with a lot but no pallet, or a pallet but no lot: the move's header names only what there is.
    const { rows } = await sql<{ locationId: string; itemNumber: string; lotNumber: string | null; huId: string | null }>`
      select location_id, item_number, lot_number, hu_id from t_stored_item
      where wh_id = 'WH01' and client_code = 'ACME' and status = 'A' and actual_qty - unavailable_qty - allocated_qty > 0
        and (coalesce(lot_number, '') = '') <> (coalesce(hu_id, '') = '')
      order by expiration_date nulls last, fifo_date, id limit 1`.execute(db());
    const row = rows[0];
    if (!row) throw new Error('no stock row with only a lot or only a pallet in the demo data');
    const item = at(await enter(at(await start('MOVE'), 'MOV_FROM'), row.locationId), 'MOV_ITEM');
    const qty = at(await enter(item, row.itemNumber), 'MOV_QTY');
    const [label, value, none] = row.lotNumber ? ['Lot', row.lotNumber, /Pallet|pallet/] : ['Pallet', row.huId, /Lot\b/];
    expect(qty.dialog?.headers).toContain(`${label} ${value}`);
    expect(qty.dialog?.headers.join('\n')).not.toMatch(none);
    expect(qty.dialog?.headers.join('\n')).not.toMatch(/ · $| · ·|^ · /m);
    const zh = at(await call<RfAnswer>('getRfDialogForm', { localeId: 2052 }, 'zh_cn'), 'MOV_QTY');
    expect(zh.dialog?.headers).toContain(`${row.lotNumber ? '批号' : '托盘'} ${value}`);
    expect(zh.dialog?.headers.join('\n')).not.toContain(row.lotNumber ? '托盘' : '批号');
    await done(qty);
  });
});

describe('migration 0025', () => {
  it('brings the demo texts of a database seeded before to the new ones, leaving a text changed since alone', async () => {
    for (const text of RF_TEXTS_0025) {
      await sql`update rf_process_resource set text = ${text.from}
        where type = 'header' and name = ${text.name} and locale_id = ${text.locale}`.execute(db());
    }
    await sql`update rf_process_resource set text = 'Mine {inqRows}' where name = 'INQ_H_SUM' and locale_id = '1033'`.execute(
      db(),
    );
    await up(db() as unknown as Kysely<unknown>);
    const { rows } = await sql<{ name: string; localeId: string; text: string }>`
      select name, locale_id, text from rf_process_resource where type = 'header'`.execute(db());
    const now = (name: string, locale: string) => rows.find((r) => r.name === name && r.localeId === locale)?.text;
    for (const text of RF_TEXTS_0025) {
      if (text.name === 'INQ_H_SUM' && text.locale === '1033') expect(now(text.name, text.locale)).toBe('Mine {inqRows}');
      else expect(now(text.name, text.locale)).toBe(text.to);
    }
    const sum = RF_TEXTS_0025.find((text) => text.name === 'INQ_H_SUM' && text.locale === '1033');
    await sql`update rf_process_resource set text = ${sum?.to ?? ''} where name = 'INQ_H_SUM' and locale_id = '1033'`.execute(
      db(),
    );
  });
});

describe('a delivery shipped twice', () => {
  it('is one clear message, not "failed" then "already shipped" (both languages, as the station shows it)', () => {
    const zh = translate('zh_cn', 'error.deliveryShipped', { deliveryNumber: 'DL1' });
    const en = translate('en_us', 'error.deliveryShipped', { deliveryNumber: 'DL1' });
    expect(zh).toBe('交接单 DL1 已发运，无需再次发运');
    expect(en).toBe('Delivery DL1 has already been shipped; nothing to do');
    const station = {
      zh_cn: translate('zh_cn', 'kiosk.handover.refused', { delivery: 'DL1', message: zh }),
      en_us: translate('en_us', 'kiosk.handover.refused', { delivery: 'DL1', message: en }),
    };
    expect(station.zh_cn).not.toMatch(/操作失败|未能发运/);
    expect(station.en_us).not.toMatch(/Operation failed|was not shipped/);
    const kept = translate('en_us', 'kiosk.handover.kept', { delivery: 'DL1', reason: en, id: '1' });
    expect(kept).not.toMatch(/Operation failed|was not shipped/);
  });
});

describe('counts in the station texts', () => {
  it('says "1 carton", never "1 cartons", as the station (react-intl) formats them; Chinese as before', () => {
    const english = createIntl({ locale: 'en', messages: en });
    const chinese = createIntl({ locale: 'zh-CN', messages: zh });
    const shipped = (intl: typeof english, cartons: number) =>
      intl.formatMessage({ id: 'kiosk.handover.shipped' }, { delivery: 'DL1', cartons });
    expect(shipped(english, 1)).toBe('Delivery DL1 shipped (1 carton)');
    expect(shipped(english, 2)).toBe('Delivery DL1 shipped (2 cartons)');
    expect(shipped(chinese, 1)).toBe('交接单 DL1 已发运（1 箱）');
    expect(english.formatMessage({ id: 'kiosk.handover.count' }, { loaded: 0, expected: 1 })).toBe('0 / 1 carton loaded');
    expect(english.formatMessage({ id: 'kiosk.handover.count' }, { loaded: 1, expected: 2 })).toBe('1 / 2 cartons loaded');
  });
});
