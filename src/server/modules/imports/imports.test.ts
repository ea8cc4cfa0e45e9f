import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../locales/en_us.json';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import {
  type CommitAnswer,
  IMPORT_LIMITS,
  type ImportAnswer,
  type ImportCell,
  type ImportGroup,
  type ImportType,
  importEntityName,
} from '../../../shared/imports';
import type { PageResult } from '../../../shared/wire';
import type { Row } from '../../crud/crud.types';

let t: TestApp;
let admin: string;
const label = (key: string): string => (en as Record<string, string>)[key] ?? key;
const one = async <T extends Row>(query: ReturnType<typeof sql<T>>): Promise<T> =>
  (await query.execute(t.connection.db)).rows[0]!;
const count = async (query: ReturnType<typeof sql<{ n: number }>>): Promise<number> =>
  (await query.execute(t.connection.db)).rows[0]?.n ?? 0;

/** Demo facts the rows name: an ACME item without lot or attributes, free locations, stock to move. */
let item: { itemNumber: string; uom: string };
let freeLocations: string[];
let stock: { itemNumber: string; uom: string; locationId: string; qty: string };
let dest: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  item = await one(sql<{ itemNumber: string; uom: string }>`select item_number, uom from t_item_master
    where wh_id = 'WH01' and client_code = 'ACME' and lot_control = 'N' and attribute_collection_id is null and status = 'A'
    order by item_number limit 1`);
  freeLocations = (
    await sql<{ locationId: string }>`select location_id from t_location l where wh_id = 'WH01' and not exists
      (select 1 from t_zone_loca z where z.wh_id = l.wh_id and z.location_id = l.location_id and z.zone = 'AMB')
      order by location_id limit 2`.execute(t.connection.db)
  ).rows.map((r) => r.locationId);
  stock = await one(sql<{ itemNumber: string; uom: string; locationId: string; qty: string }>`
    select s.item_number, i.uom, s.location_id, (s.actual_qty - s.unavailable_qty - s.allocated_qty)::text as qty
    from t_stored_item s join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
    join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id
    where s.wh_id = 'WH01' and s.lot_number is null and s.hu_id is null and s.stored_attribute_id is null
      and l.item_hu_indicator = 'I' and l.status = 'A' and i.lot_control = 'N'
      and s.actual_qty - s.unavailable_qty - s.allocated_qty >= 2 order by s.id limit 1`);
  dest = (
    await one(sql<{ locationId: string }>`select location_id from t_location where wh_id = 'WH01' and item_hu_indicator = 'I'
      and status = 'A' and location_id <> ${stock.locationId} order by location_id limit 1`)
  ).locationId;
});
afterAll(() => t.close());

type Cells = Record<string, ImportCell>;
const importRows = (type: ImportType, rows: Cells[], extra: Record<string, unknown> = {}, token = admin) =>
  t.post<ImportAnswer>(`/api/${importEntityName(type)}/importExcel`, { whId: 'WH01', rows, ...extra }, token);
const commit = (type: ImportType, groupId: number, token = admin) =>
  t.post<CommitAnswer>(`/api/${importEntityName(type)}/commitGroup`, { groupId }, token);
const staged = async (type: ImportType, groupId: number, token = admin) =>
  (
    await t.post<PageResult<Row>>(
      `/api/${importEntityName(type)}/findPage`,
      { pageNum: 1, pageSize: 1000, columnFilters: { groupId } },
      token,
    )
  ).body.data.content;

interface Case {
  good: () => Cells[];
  bad: () => { rows: Cells[]; label: string }[];
  /** Checks the target after the good rows committed. */
  written: () => Promise<void>;
}

const CASES: Record<ImportType, Case> = {
  Location: {
    good: () =>
      [1, 2].map((n) => ({
        locationId: `IMP-L-${n}`,
        status: 'A',
        type: 'M',
        huFlag: 'N',
        itemHuIndicator: 'I',
        zone: 'AMB',
        capacityQty: '12.5',
      })),
    bad: () => [
      {
        rows: [{ locationId: 'IMP-L-9', status: 'A', type: 'X', huFlag: 'N', itemHuIndicator: 'I' }],
        label: 'entity.tLocation.field.type',
      },
    ],
    written: async () =>
      expect(
        await count(sql`select count(*)::int as n from t_location where location_id like 'IMP-L-%' and capacity_qty = 12.5`),
      ).toBe(2),
  },
  Zone: {
    good: () => [
      { zone: 'IMPZ1', zoneType: 'A', overflowZone: 'IMPZ2' },
      { zone: 'IMPZ2', zoneType: 'Q', overflowZone: null },
    ],
    bad: () => [{ rows: [{ zone: 'IMPZ9', zoneType: 'Z' }], label: 'entity.tZone.field.zoneType' }],
    written: async () => expect(await count(sql`select count(*)::int as n from t_zone where zone like 'IMPZ%'`)).toBe(2),
  },
  ZoneLoca: {
    good: () => freeLocations.map((locationId, i) => ({ zone: 'AMB', locationId, pickSeq: i + 1 })),
    bad: () => [{ rows: [{ zone: 'AMB', locationId: 'NO-SUCH-LOC' }], label: 'entity.tZoneLoca.field.locationId' }],
    written: async () =>
      expect(
        await count(
          sql`select count(*)::int as n from t_zone_loca where zone = 'AMB' and location_id = any(${freeLocations}::text[])`,
        ),
      ).toBe(2),
  },
  Vendor: {
    good: () => [1, 2].map((n) => ({ vendorCode: `V-IMP-${n}`, vendorName: `Vendor ${n}`, email: `v${n}@example.com` })),
    bad: () => [
      { rows: [{ vendorCode: 'V-IMP-9', vendorName: 'Bad', email: 'not-an-email' }], label: 'entity.tVendor.field.email' },
    ],
    written: async () =>
      expect(await count(sql`select count(*)::int as n from t_vendor where vendor_code like 'V-IMP-%'`)).toBe(2),
  },
  ItemMaster: {
    good: () =>
      [1, 2].map((n) => ({
        clientCode: 'ACME',
        itemNumber: `IMP-I-${n}`,
        description: `Item ${n}`,
        uom: 'EA',
        lotControl: 'N',
        serialControl: 'N',
        isSpecialSize: 'N',
        useXcarton: 'N',
        status: 'A',
        price: 3.5,
      })),
    bad: () => [
      {
        rows: [
          {
            clientCode: 'ACME',
            itemNumber: 'IMP-I-9',
            description: 'Bad',
            uom: 'EA',
            lotControl: 'X',
            serialControl: 'N',
            isSpecialSize: 'N',
            useXcarton: 'N',
            status: 'A',
          },
        ],
        label: 'entity.tItemMaster.field.lotControl',
      },
    ],
    written: async () => {
      expect(await count(sql`select count(*)::int as n from t_item_master where item_number like 'IMP-I-%'`)).toBe(2);
      // The item's base unit comes with it (the item's save hook).
      expect(
        await count(sql`select count(*)::int as n from t_item_uom where item_number like 'IMP-I-%' and conversion_factor = 1`),
      ).toBe(2);
    },
  },
  ItemUom: {
    good: () => ['BOXA', 'BOXB'].map((uom) => ({ itemNumber: item.itemNumber, uom, conversionFactor: '6', status: 'A' })),
    bad: () => [
      {
        rows: [{ itemNumber: item.itemNumber, uom: 'BOXZ', conversionFactor: '0', status: 'A' }],
        label: 'entity.tItemUom.field.conversionFactor',
      },
    ],
    written: async () =>
      expect(await count(sql`select count(*)::int as n from t_item_uom where uom in ('BOXA', 'BOXB')`)).toBe(2),
  },
  Inbound: {
    good: () =>
      [1, 2].map((lineNumber) => ({
        poNumber: 'PO-IMP-1',
        clientCode: 'ACME',
        typeId: 'STD',
        expectedDate: 45839,
        lineNumber,
        itemNumber: item.itemNumber,
        qty: '5',
        orderUom: item.uom,
      })),
    bad: () => [
      {
        rows: [
          {
            poNumber: 'PO-IMP-2',
            clientCode: 'ACME',
            typeId: 'STD',
            lineNumber: 1,
            itemNumber: item.itemNumber,
            qty: '-1',
            orderUom: item.uom,
          },
        ],
        label: 'entity.tPoDetail.field.qty',
      },
    ],
    written: async () => {
      const po = await one(
        sql<{
          status: string;
          expectedDate: string;
        }>`select status, expected_date::text from t_po_master where po_number = 'PO-IMP-1'`,
      );
      expect(po).toEqual({ status: 'O', expectedDate: '2025-07-01' });
      expect(await count(sql`select count(*)::int as n from t_po_detail where po_number = 'PO-IMP-1'`)).toBe(2);
    },
  },
  Outbound: {
    good: () =>
      [1, 2].map((lineNumber) => ({
        orderNumber: 'SO-IMP-1',
        clientCode: 'ACME',
        typeId: 'SO',
        orderDate: '2025-07-01',
        lineNumber,
        itemNumber: item.itemNumber,
        qty: 2,
        orderUom: item.uom,
      })),
    bad: () => [
      {
        rows: [
          {
            orderNumber: 'SO-IMP-2',
            clientCode: 'ACME',
            typeId: 'SO',
            orderDate: '2025-02-30',
            lineNumber: 1,
            itemNumber: item.itemNumber,
            qty: 1,
            orderUom: item.uom,
          },
        ],
        label: 'entity.tOrder.field.orderDate',
      },
    ],
    written: async () => {
      expect((await one(sql<{ status: string }>`select status from t_order where order_number = 'SO-IMP-1'`)).status).toBe('N');
      expect(await count(sql`select count(*)::int as n from t_order_detail where order_number = 'SO-IMP-1'`)).toBe(2);
    },
  },
  InvAdjustment: {
    good: () =>
      [dest, stock.locationId].map((locationId) => ({
        taskRef: 'ADJ-1',
        reasonId: 'CNT',
        description: 'Imported adjustment',
        itemNumber: item.itemNumber,
        locationId,
        qty: '+3',
        uom: item.uom,
      })),
    bad: () => [
      {
        rows: [{ taskRef: 'ADJ-2', itemNumber: item.itemNumber, locationId: 'NO-SUCH-LOC', qty: '1', uom: item.uom }],
        label: 'entity.tblInvAdjustmentDetail.field.locationId',
      },
    ],
    written: async () => {
      const task = await one(
        sql<{
          taskId: string;
          status: string;
        }>`select task_id, status from tbl_inv_adjustment where description = 'Imported adjustment'`,
      );
      expect(task.status).toBe('N');
      expect(await count(sql`select count(*)::int as n from tbl_inv_adjustment_detail where task_id = ${task.taskId}`)).toBe(2);
    },
  },
  InvMovement: {
    good: () => [
      {
        taskRef: 'MV-1',
        description: 'Imported movement',
        itemNumber: stock.itemNumber,
        sourceLocationId: stock.locationId,
        destLocationId: dest,
        qty: '1',
        uom: stock.uom,
      },
    ],
    bad: () => [
      {
        rows: [
          {
            taskRef: 'MV-2',
            itemNumber: stock.itemNumber,
            sourceLocationId: stock.locationId,
            destLocationId: dest,
            qty: 'abc',
            uom: stock.uom,
          },
        ],
        label: 'entity.tblInvMovementDetail.field.qty',
      },
      // Valid on its own, refused by the movement service at commit (more than the available stock): its document fails.
      {
        rows: [
          {
            taskRef: 'MV-3',
            itemNumber: stock.itemNumber,
            sourceLocationId: stock.locationId,
            destLocationId: dest,
            qty: '999999',
            uom: stock.uom,
          },
        ],
        label: '',
      },
    ],
    written: async () => {
      const task = await one(
        sql<{
          taskId: string;
          status: string;
        }>`select task_id, status from tbl_inv_movement where description = 'Imported movement'`,
      );
      expect(task.status).toBe('N');
      expect(await count(sql`select count(*)::int as n from tbl_inv_movement_detail where task_id = ${task.taskId}`)).toBe(1);
    },
  },
};

describe.each(Object.keys(CASES) as ImportType[])('%s import', (type) => {
  const c = CASES[type];
  let groupId = 0;

  it('stages a mixed batch: good rows valid, bad rows in error naming the column', async () => {
    const bad = c.bad();
    const rows = [...c.good(), ...bad.flatMap((b) => b.rows)];
    const res = await importRows(type, rows, { firstRowNumber: 3 });
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    groupId = res.body.data.groupId;
    const answerErrors = bad.filter((b) => b.label !== '').length;
    expect(res.body.data).toMatchObject({ received: rows.length, errors: answerErrors, skipped: 0 });
    const preview = await staged(type, groupId);
    expect(preview).toHaveLength(rows.length);
    expect(preview.map((r) => r.rowNumber)).toEqual(rows.map((_, i) => i + 3));
    for (const b of bad.filter((x) => x.label !== '')) {
      const row = res.body.data.errorRows.find((e) => e.errorMsg.includes(label(b.label)));
      expect(row, `${b.label} in ${JSON.stringify(res.body.data.errorRows)}`).toBeDefined();
    }
  });

  it('commits the good rows, reports the bad ones, and never commits a row twice', async () => {
    const res = await commit(type, groupId);
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    const good = c.good().length;
    expect(res.body.data.committed).toBe(good);
    await c.written();
    const rows = await staged(type, groupId);
    expect(rows.filter((r) => r.importStatus === 'S')).toHaveLength(good);
    expect(rows.filter((r) => r.importStatus === 'E').every((r) => String(r.errorMsg).length > 0)).toBe(true);
    expect(res.body.data.failed).toBe(rows.length - good);
    const again = await commit(type, groupId);
    expect(again.body.data).toMatchObject({ committed: 0, documents: 0 });
    await c.written();
  });

  it('deletes the group: every staged row goes, what was committed stays', async () => {
    const rows = (await staged(type, groupId)).length;
    const del = await t.post<{ deleted: number }>(`/api/${importEntityName(type)}/deleteGroup`, { groupId }, admin);
    expect(del.body.code, del.body.msg ?? '').toBe(200);
    expect(del.body.data.deleted).toBe(rows);
    expect(await staged(type, groupId)).toHaveLength(0);
    await c.written();
  });
});

describe('documents all or nothing', () => {
  it('keeps a whole purchase order in error when one of its lines fails, and commits the others', async () => {
    const line = (poNumber: string, lineNumber: number, qty: string) => ({
      poNumber,
      clientCode: 'ACME',
      typeId: 'STD',
      lineNumber,
      itemNumber: item.itemNumber,
      qty,
      orderUom: item.uom,
    });
    const res = await importRows('Inbound', [line('PO-AON-1', 1, '1'), line('PO-AON-1', 2, '1.2345'), line('PO-AON-2', 1, '4')]);
    const { groupId } = res.body.data;
    const done = await commit('Inbound', groupId);
    expect(done.body.data).toMatchObject({ committed: 1, documents: 1, failed: 2 });
    const rows = await staged('Inbound', groupId);
    const first = rows.find((r) => r.rowNumber === 1)!;
    expect(first.importStatus).toBe('E');
    expect(String(first.errorMsg)).toContain('PO-AON-1');
    expect(await count(sql`select count(*)::int as n from t_po_master where po_number = 'PO-AON-1'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from t_po_detail where po_number = 'PO-AON-2'`)).toBe(1);
  });

  it('refuses a duplicate inside the file and a key that already exists, naming the row', async () => {
    const res = await importRows('Vendor', [
      { vendorCode: 'V-DUP', vendorName: 'a' },
      { vendorCode: 'V-DUP', vendorName: 'b' },
      { vendorCode: 'V-MENGNIU', vendorName: 'c' },
    ]);
    expect(res.body.data.errorRows.map((e) => e.rowNumber)).toEqual([2, 3]);
    expect(res.body.data.errorRows[0]!.errorMsg).toContain('row 1');
    expect(res.body.data.errorRows[1]!.errorMsg).toContain('already exists');
  });
});

describe('groups, re-import, limits', () => {
  const loc = (locationId: string, type = 'M') => ({ locationId, status: 'A', type, huFlag: 'N', itemHuIndicator: 'I' });

  it('re-imports a corrected error file into the same group, replacing its error rows', async () => {
    const first = await importRows('Location', [loc('RE-1'), loc('RE-2', 'Q'), loc('RE-3')]);
    const { groupId } = first.body.data;
    expect(first.body.data.errors).toBe(1);
    const again = await importRows('Location', [{ ...loc('RE-2'), rowNumber: 2 }], { groupId, replaceErrors: true });
    expect(again.body.data).toMatchObject({ groupId, received: 1, valid: 1, errors: 0 });
    const rows = await staged('Location', groupId);
    expect(rows.map((r) => [r.rowNumber, r.importStatus])).toEqual([
      [1, 'V'],
      [2, 'V'],
      [3, 'V'],
    ]);
    expect((await commit('Location', groupId)).body.data.committed).toBe(3);
    // A committed row keeps its place: the same row number again is skipped.
    const late = await importRows('Location', [{ ...loc('RE-9'), rowNumber: 1 }], { groupId });
    expect(late.body.data).toMatchObject({ received: 0, skipped: 1 });
  });

  it('lists the groups with their counts and deletes a group', async () => {
    const { groupId } = (
      await importRows('Zone', [
        { zone: 'GRP1', zoneType: 'A' },
        { zone: 'GRP2', zoneType: 'X' },
      ])
    ).body.data;
    const groups = await t.post<ImportGroup[]>(`/api/${importEntityName('Zone')}/findGroups`, { whId: 'WH01' }, admin);
    const group = groups.body.data.find((g) => g.groupId === groupId);
    expect(group).toMatchObject({ whId: 'WH01', total: 2, createBy: 'admin', counts: { N: 0, E: 1, V: 1, S: 0 } });
    const del = await t.post<{ deleted: number }>(`/api/${importEntityName('Zone')}/deleteGroup`, { groupId }, admin);
    expect(del.body.data.deleted).toBe(2);
    expect(await staged('Zone', groupId)).toHaveLength(0);
  });

  it('refuses a batch above the limit with a clear message, and stages nothing', async () => {
    const before = await count(sql`select count(*)::int as n from tbl_temp_excel_import_location`);
    const rows = Array.from({ length: IMPORT_LIMITS.rowsPerBatch + 1 }, (_, i) => loc(`BIG-${i}`));
    const res = await importRows('Location', rows);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'importBatchTooLarge' });
    expect(res.body.msg).toContain(String(IMPORT_LIMITS.rowsPerBatch));
    expect(await count(sql`select count(*)::int as n from tbl_temp_excel_import_location`)).toBe(before);
  });

  it('answers hostile cells with row errors, never a 500', async () => {
    const res = await importRows('Location', [
      { locationId: 'x'.repeat(600), status: 12, type: null, huFlag: '', constructor: 'x' },
    ]);
    expect(res.body.code).toBe(200);
    expect(res.body.data.errors).toBe(1);
    expect(res.body.data.errorRows[0]!.errorMsg).toContain(label('entity.tLocation.field.locationId'));
  });

  it('answers in Chinese for a Chinese request', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/${importEntityName('Zone')}/importExcel`,
      headers: { token: admin, lang: 'zh_cn' },
      payload: { whId: 'WH01', rows: [{ zone: 'ZH1', zoneType: 'X' }] },
    });
    expect(raw.json().data.errorRows[0].errorMsg).toContain('库区类型');
  });
});

describe('permissions and grants', () => {
  let viewer: string;
  let importer: string;
  let wh02: string;
  beforeAll(async () => {
    const location = importEntityName('Location');
    await createUser(t, 'imp-viewer', { permissions: [`sys:${location}:view`], warehouses: ['WH01'] });
    await createUser(t, 'imp-importer', { permissions: [`sys:${location}:view`, `sys:${location}:add`], warehouses: ['WH01'] });
    await createUser(t, 'imp-wh02', {
      permissions: [`sys:${location}:view`, `sys:${location}:add`, `sys:${location}:delete`, 'sys:tLocation:add'],
      warehouses: ['WH02'],
    });
    viewer = await t.login('imp-viewer', 'Secret#123');
    importer = await t.login('imp-importer', 'Secret#123');
    wh02 = await t.login('imp-wh02', 'Secret#123');
  });

  it('needs the import type add permission to import, and the target add permission to commit', async () => {
    const row = { locationId: 'PERM-1', status: 'A', type: 'M', huFlag: 'N', itemHuIndicator: 'I' };
    expect((await importRows('Location', [row], {}, viewer)).status).toBe(403);
    expect((await importRows('Zone', [{ zone: 'P' }], {}, importer)).status).toBe(403);
    const { groupId } = (await importRows('Location', [row], {}, importer)).body.data;
    expect((await commit('Location', groupId, importer)).status).toBe(403);
    expect((await staged('Location', groupId, importer))[0]?.importStatus).toBe('V');
  });

  it("refuses a warehouse that is not the user's and hides its groups", async () => {
    const res = await importRows('Location', [{ locationId: 'G-1' }], {}, wh02);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'warehouseNotGranted' });
    const groups = await t.post<ImportGroup[]>(`/api/${importEntityName('Location')}/findGroups`, {}, wh02);
    expect(groups.body.data.every((g) => g.whId === 'WH02')).toBe(true);
    const { rows } = await sql<{
      groupId: string;
    }>`select group_id from tbl_temp_excel_import_location where wh_id = 'WH01' limit 1`.execute(t.connection.db);
    const other = Number(rows[0]!.groupId);
    expect((await commit('Location', other, wh02)).body.data.committed).toBe(0);
    expect(
      (await t.post<{ deleted: number }>(`/api/${importEntityName('Location')}/deleteGroup`, { groupId: other }, wh02)).body.data
        .deleted,
    ).toBe(0);
  });
});
