/**
 * A dock station serves every client of its warehouse the signed-in user is granted (issue 25 item 12; README
 * "Clients at a station"): RECEIVE takes the client from the PO scanned, LOOKUP answers the stock of every granted
 * client, each line naming its client. A client the user is not granted answers exactly as something that does not
 * exist, and nothing is booked.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../../../tests/support/rfAnswers';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { RfAnswer, RfKey, RfListRow } from '../../../shared/rf';
import { badgeSignIn, boundStation, withStationKeys, worker } from './kioskTestKit';

type Row = Record<string, unknown>;
let t: TestApp;
let s: Pick<TestApp, 'post' | 'get'>;
let admin: string;
let stationKey: string;
const db = () => t.connection.db;
const PERMISSIONS = ['sys:tReceipt:add', 'sys:tStoredItem:view'];

/** An open BLUE PO of WH01 with a line of a plain (not lot-controlled) item left to receive. */
let bluePo: { poNumber: string; itemNumber: string };
/** A BLUE item with stock in WH01, and its on-hand total. */
let blueStock: { itemNumber: string; qty: string };

beforeAll(async () => {
  t = await createTestApp();
  s = withStationKeys(t);
  admin = await t.login();
  stationKey = (await boundStation(t, admin, { name: 'ST-CLIENTS', flows: ['RECEIVE', 'LOOKUP'] })).key;
  const { rows: pos } = await sql<{ poNumber: string; itemNumber: string }>`
    select m.po_number, d.item_number from t_po_master m
    join t_po_detail d on d.wh_id = m.wh_id and d.po_number = m.po_number
    join t_item_master i on i.wh_id = d.wh_id and i.item_number = d.item_number
    where m.wh_id = 'WH01' and m.client_code = 'BLUE' and m.status in ('O', 'R') and d.qty - d.qty_received >= 1
      and i.lot_control = 'N' and d.lot_number is null
    order by m.po_number, d.line_number limit 1`.execute(db());
  const { rows: stock } = await sql<{ itemNumber: string; qty: string }>`
    select item_number, trim_scale(sum(actual_qty))::text as qty from t_stored_item
    where wh_id = 'WH01' and client_code = 'BLUE' group by item_number order by item_number limit 1`.execute(db());
  if (!pos[0] || !stock[0]) throw new Error('demo data: no open BLUE PO line or no BLUE stock in WH01');
  bluePo = pos[0];
  blueStock = stock[0];
});
afterAll(() => t.close());

/** A station worker of WH01 limited to these clients, signed in by badge at the station; answers the token. */
async function signedIn(name: string, clients: string[]): Promise<string> {
  await worker(t, admin, name, { permissions: PERMISSIONS, warehouses: ['WH01'], badge: `B-${name}` });
  await sql`update sys_user_warehouse set client_codes = ${clients}::varchar[]
    where user_id = (select id from sys_user where name = ${name})`.execute(db());
  const answer = await badgeSignIn(t, stationKey, `B-${name}`);
  expect(answer.body.data.flows).toEqual(['RECEIVE', 'LOOKUP']);
  return answer.body.data.token;
}

async function rf<T>(path: string, body: unknown, token: string): Promise<T> {
  const res = await s.post<T>(`/api/rfDialog/${path}`, body, token);
  expect(res.status, path).toBe(200);
  return res.body.data;
}

const press = (from: RfAnswer, token: string, input = '', key: RfKey = 'ENTER') =>
  rf<RfAnswer>('confirmRfDialog', { step: from.dialog?.step ?? 0, key, input }, token);
const list = (from: RfAnswer, token: string) => rf<RfListRow[]>('getRfDialogList', { step: from.dialog?.step ?? 0 }, token);

async function receipts(poNumber: string): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select item_number, trim_scale(qty_received)::text as qty, location_id, receive_by from t_receipt
    where wh_id = 'WH01' and po_number = ${poNumber} order by id`.execute(db());
  return rows;
}

describe('a station serves every granted client of its warehouse', () => {
  it('receives a BLUE PO and looks up BLUE stock for a user granted ACME and BLUE', async () => {
    const token = await signedIn('both-clients', ['ACME', 'BLUE']);

    // RECEIVE: the PO list offers both clients' POs, each naming its client; the BLUE PO sets the flow's client.
    const po = at(await rf<RfAnswer>('getRfDialogForm', { mainProcessName: 'RECEIVE', whId: 'WH01' }, token), 'RCV_PO');
    const offered = await list(po, token);
    expect(offered.find((r) => r.value === bluePo.poNumber)?.detail).toMatch(/^BLUE/);
    expect(offered.find((r) => r.value === 'PO00000001')?.detail).toMatch(/^ACME/);
    const item = at(await press(po, token, bluePo.poNumber), 'RCV_ITEM');
    expect(item.dialog?.clientCode).toBe('BLUE');
    const qty = at(await press(item, token, bluePo.itemNumber), 'RCV_QTY');
    const loc = at(await press(qty, token, '1'), 'RCV_LOC');
    const next = at(await press(loc, token, 'A01-01-1'), 'RCV_ITEM');
    expect(next.message?.text).toMatch(new RegExp(`^Received 1 \\S+ ${bluePo.itemNumber} at A01-01-1`));
    expect(await receipts(bluePo.poNumber)).toEqual([
      { itemNumber: bluePo.itemNumber, qty: '1', locationId: 'A01-01-1', receiveBy: 'both-clients' },
    ]);
    // An ACME PO next, in the same flow: the client follows the PO again.
    const back = at(await press(next, token, '', 'BACK'), 'RCV_PO');
    expect(at(await press(back, token, 'PO00000001'), 'RCV_ITEM').dialog?.clientCode).toBe('ACME');

    // LOOKUP: the BLUE item's stock, its lines naming BLUE, and the list too.
    const scan = at(await rf<RfAnswer>('getRfDialogForm', { mainProcessName: 'INQUIRY', whId: 'WH01' }, token), 'INQ_SCAN');
    const result = at(await press(scan, token, blueStock.itemNumber), 'INQ_RESULT');
    expect(result.dialog?.headers[0]).toContain(blueStock.itemNumber);
    expect(result.dialog?.headers[1]).toContain(`on hand ${blueStock.qty}`);
    expect(result.dialog?.headers[2]).toMatch(/^BLUE /);
    const rows = await list(result, token);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.label).toMatch(/^BLUE · /);
  });

  it('refuses BLUE to a user granted only ACME, as for a PO or code that does not exist, booking nothing', async () => {
    const token = await signedIn('acme-only', ['ACME']);
    const before = await receipts(bluePo.poNumber);

    const po = at(await rf<RfAnswer>('getRfDialogForm', { mainProcessName: 'RECEIVE', whId: 'WH01' }, token), 'RCV_PO');
    expect((await list(po, token)).map((r) => r.value)).not.toContain(bluePo.poNumber);
    const refused = await press(po, token, bluePo.poNumber);
    const unknown = await press(po, token, 'PO-NONE');
    expect(refused.dialog?.subProcessName).toBe('RCV_PO');
    expect(refused.message?.kind).toBe('error');
    expect(refused.message?.text).toBe(unknown.message?.text.replace('PO-NONE', bluePo.poNumber));
    expect(await receipts(bluePo.poNumber)).toEqual(before);

    const scan = at(await rf<RfAnswer>('getRfDialogForm', { mainProcessName: 'INQUIRY', whId: 'WH01' }, token), 'INQ_SCAN');
    const hidden = await press(scan, token, blueStock.itemNumber);
    const none = await press(scan, token, 'NO-SUCH-CODE');
    expect(hidden.dialog?.subProcessName).toBe('INQ_SCAN');
    expect(hidden.message?.kind).toBe('error');
    expect(hidden.message?.text).toBe(none.message?.text.replace('NO-SUCH-CODE', blueStock.itemNumber));
  });
});
