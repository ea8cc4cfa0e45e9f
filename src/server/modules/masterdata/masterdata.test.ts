import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { ENTITIES } from '../../../shared/entities';
import { ACTIONS, permission } from '../../../shared/permissions';
import type { PageResult } from '../../../shared/wire';
import type { Row } from '../../crud/crud.types';

let t: TestApp;
let admin: string;
let wh02Only: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const everything = Object.values(ENTITIES).flatMap((e) => ACTIONS.map((a) => permission(e.resource, a)));
  await createUser(t, 'wh02md', { permissions: everything, warehouses: ['WH02'] });
  wh02Only = await t.login('wh02md', 'Secret#123');
});
afterAll(() => t.close());

const find = (entity: string, filters: Record<string, unknown>, token = admin) =>
  t.post<PageResult<Row>>(`/api/${entity}/findPage`, { pageNum: 1, pageSize: 1000, columnFilters: filters }, token);
const one = async (entity: string, filters: Record<string, unknown>) => {
  const rows = (await find(entity, filters)).body.data.content;
  expect(rows, `${entity} ${JSON.stringify(filters)}`).toHaveLength(1);
  return rows[0]!;
};
const save = (entity: string, row: Row, token = admin) => t.post<number>(`/api/${entity}/save`, row, token);
const remove = (entity: string, rows: Row[]) =>
  t.post<number>(
    `/api/${entity}/delete`,
    rows.map((r) => ({ id: r.id })),
    admin,
  );
/** The number a task header was given. */
const taskIdOf = async (entity: string, whId: string, id: number) =>
  String((await find(entity, { whId })).body.data.content.find((r) => r.id === id)?.taskId);
const count = async (table: string, where: ReturnType<typeof sql>) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.connection.db)).rows[0]!
    .n;

describe('demo data', () => {
  it('sets up two warehouses with three clients, every zone type, every location type and 300 items', async () => {
    const db = t.connection.db;
    const stats = await sql<Record<string, number>>`select
      (select count(*)::int from t_whse) as warehouses,
      (select count(*)::int from t_client) as clients,
      (select count(distinct zone_type)::int from t_zone) as "zoneTypes",
      (select count(*)::int from t_location) as locations,
      (select count(distinct type)::int from t_location) as "locationTypes",
      (select count(distinct item_hu_indicator)::int from t_location) as indicators,
      (select count(*)::int from t_item_master) as items,
      (select count(*)::int from t_item_master where lot_control = 'Y' and shelf_life > 0) as "lotItems",
      (select count(*)::int from t_item_master where attribute_collection_id is not null) as "attributeItems",
      (select min(n)::int from (select count(*) as n from t_item_uom group by wh_id, item_number) u) as "minUnits",
      (select count(*)::int from t_reason where reason_type = 'HOLD') as "holdReasons",
      (select count(*)::int from t_dock_door d join t_location l
         on l.wh_id = d.wh_id and l.location_id = d.staging_location_id and l.type = 'S') as "stagedDoors"`.execute(db);
    const s = stats.rows[0]!;
    expect(s).toMatchObject({ warehouses: 2, clients: 3, zoneTypes: 3, locationTypes: 4, indicators: 2, items: 300 });
    expect(s.locations).toBeGreaterThanOrEqual(1000);
    expect(s.lotItems).toBeGreaterThan(50);
    expect(s.attributeItems).toBeGreaterThan(50);
    expect(s.minUnits).toBeGreaterThanOrEqual(2);
    expect(s.holdReasons).toBeGreaterThan(0);
    expect(s.stagedDoors).toBe(12);
  });
});

describe('referential safety', () => {
  it('refuses to delete an item with serial numbers, naming it, and keeps the item and its units', async () => {
    const item = await one('tItemMaster', { whId: 'WH01', itemNumber: 'ACME-0010' });
    const units = await count('t_item_uom', sql`wh_id = 'WH01' and item_number = 'ACME-0010'`);
    const res = await remove('tItemMaster', [item]);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'inUse' });
    expect(res.body.msg).toBe('Item "WH01 / ACME-0010" is in use and cannot be deleted');
    await one('tItemMaster', { whId: 'WH01', itemNumber: 'ACME-0010' });
    expect(await count('t_item_uom', sql`wh_id = 'WH01' and item_number = 'ACME-0010'`)).toBe(units);
  });

  it('deletes nothing of a batch when one row is in use', async () => {
    const free = await one('tItemMaster', { whId: 'WH01', itemNumber: 'ACME-0011' });
    const used = await one('tItemMaster', { whId: 'WH01', itemNumber: 'ACME-0022' });
    const res = await remove('tItemMaster', [free, used]);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'inUse' });
    expect(res.body.msg).toContain('ACME-0022');
    await one('tItemMaster', { whId: 'WH01', itemNumber: 'ACME-0011' });
  });

  it('deletes an item nothing refers to together with its units', async () => {
    // An item of the demo catalogue that no demo order, PO or stock names.
    const item = await one('tItemMaster', { whId: 'WH01', itemNumber: 'BLUE-0099' });
    expect((await remove('tItemMaster', [item])).body).toMatchObject({ code: 200, data: 1 });
    expect(await count('t_item_uom', sql`wh_id = 'WH01' and item_number = 'BLUE-0099'`)).toBe(0);
  });

  it('refuses to delete a client its items name', async () => {
    const client = await one('tClient', { whId: 'WH01', clientCode: 'BLUE' });
    const res = await remove('tClient', [client]);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'inUse' });
    expect(res.body.msg).toContain('BLUE');
    await one('tClient', { whId: 'WH01', clientCode: 'BLUE' });
  });

  it('refuses to delete a zone its locations name', async () => {
    const zone = await one('tZone', { whId: 'WH02', zone: 'CHL' });
    const res = await remove('tZone', [zone]);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'inUse' });
    expect(res.body.msg).toBe('Zone "WH02 / CHL" is in use and cannot be deleted');
    expect(await count('t_location', sql`wh_id = 'WH02' and zone = 'CHL'`)).toBe(60);
  });

  it('refuses to delete a location in a pick path, a dock door staging location, or one holding stock', async () => {
    const inPath = await one('tLocation', { whId: 'WH01', locationId: 'A01-01-1' });
    expect((await remove('tLocation', [inPath])).body).toMatchObject({ errorCode: 'inUse' });
    const staging = await one('tLocation', { whId: 'WH01', locationId: 'STG-OUT-01' });
    expect((await remove('tLocation', [staging])).body).toMatchObject({ errorCode: 'inUse' });
  });

  it('shows the stock a location holds as its stored quantity, and refuses to delete it while it holds any', async () => {
    // An item location in no pick path and no dock door, and a plain item of the warehouse.
    const { rows } = await sql<{ locationId: string; itemNumber: string; uom: string }>`
      select l.location_id, i.item_number, i.uom from t_location l, t_item_master i
      where l.wh_id = 'WH01' and l.item_hu_indicator = 'I' and l.status = 'A'
        and not exists (select 1 from t_zone_loca z where z.wh_id = l.wh_id and z.location_id = l.location_id)
        and not exists (select 1 from t_dock_door d where d.wh_id = l.wh_id and d.staging_location_id = l.location_id)
        and i.wh_id = 'WH01' and i.lot_control = 'N' and i.attribute_collection_id is null and i.status = 'A'
      order by l.location_id, i.item_number limit 1`.execute(t.connection.db);
    const { locationId, itemNumber, uom } = rows[0]!;
    const adjust = async (qty: string) => {
      const id = (await save('tblInvAdjustment', { whId: 'WH01' })).body.data;
      const task = await taskIdOf('tblInvAdjustment', 'WH01', id);
      const line = { whId: 'WH01', taskId: task, lineNumber: 1, itemNumber, locationId, qty, uom };
      expect((await t.post('/api/tblInvAdjustmentDetail/save', line, admin)).body.code).toBe(200);
      const res = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId: task }, admin);
      expect(res.body.code).toBe(200);
    };
    await adjust('5.5');
    const full = await one('tLocation', { whId: 'WH01', locationId });
    expect(full.storedQty).toBe('5.5');
    const res = await remove('tLocation', [full]);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'locationNotEmpty' });
    expect(res.body.msg).toBe(`The location ${locationId} is not empty and cannot be deleted`);
    await adjust('-5.5');
    const empty = await one('tLocation', { whId: 'WH01', locationId });
    expect(empty.storedQty).toBe('0');
    // Empty now; the adjustment lines that name it still keep it (in use, no longer "not empty").
    expect((await remove('tLocation', [empty])).body).toMatchObject({ code: -10000, errorCode: 'inUse' });
  });

  it('refuses to delete a location holding serial numbers', async () => {
    const cage = await one('tLocation', { whId: 'WH02', locationId: 'H01-01-1' });
    await sql`delete from t_zone_loca where wh_id = 'WH02' and location_id = 'H01-01-1'`.execute(t.connection.db);
    expect((await remove('tLocation', [cage])).body).toMatchObject({ errorCode: 'locationNotEmpty' });
  });

  it('names the missing reference when a save points at a code that does not exist', async () => {
    const res = await save('tItemMaster', {
      whId: 'WH01',
      clientCode: 'NOPE',
      itemNumber: 'X-1',
      description: 'x',
      uom: 'EA',
      serialControl: 'N',
      lotControl: 'N',
      isSpecialSize: 'N',
      useXcarton: 'N',
      status: 'A',
    });
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'referenceNotFound' });
    expect(res.body.msg).toBe('Client "NOPE" does not exist');
    expect(await count('t_item_master', sql`item_number = 'X-1'`)).toBe(0);
    const zl = await save('tZoneLoca', { whId: 'WH01', zone: 'AMB', locationId: 'NOWHERE' });
    expect(zl.body.msg).toBe('Location "NOWHERE" does not exist');
  });
});

describe('codes unique per warehouse', () => {
  const item = (whId: string, clientCode: string) => ({
    whId,
    clientCode,
    itemNumber: 'UNIQ-1',
    description: '唯一 Unique',
    uom: 'EA',
    serialControl: 'N',
    lotControl: 'N',
    isSpecialSize: 'N',
    useXcarton: 'N',
    status: 'A',
  });

  it('lets two warehouses use the same item number, and refuses it twice in one warehouse, even for another client', async () => {
    expect((await save('tItemMaster', item('WH01', 'ACME'))).body.data).toBeGreaterThan(0);
    expect((await save('tItemMaster', item('WH02', 'ACME'))).body.data).toBeGreaterThan(0);
    const res = await save('tItemMaster', item('WH01', 'BLUE'));
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'duplicateKey' });
    expect(res.body.msg).toBe('Warehouse ID + Item number already exists');
    expect(await count('t_item_master', sql`item_number = 'UNIQ-1'`)).toBe(2);
  });

  it('keeps location ids, zones and vendors unique per warehouse only', async () => {
    expect((await find('tLocation', { locationId: 'P01-01-1' })).body.data.totalSize).toBe(2);
    const res = await save('tZone', { whId: 'WH02', zone: 'AMB', zoneType: 'A' });
    expect(res.body).toMatchObject({ errorCode: 'duplicateKey' });
    expect((await save('tVendor', { whId: 'WH02', vendorCode: 'V-ONLY-WH02', vendorName: 'x' })).body.data).toBeGreaterThan(0);
    expect((await save('tVendor', { whId: 'WH01', vendorCode: 'V-ONLY-WH02', vendorName: 'x' })).body.data).toBeGreaterThan(0);
  });

  it('lets one reason code exist under two reason types', async () => {
    const res = await save('tReason', {
      whId: 'WH01',
      reasonType: 'RETURN',
      reasonId: 'DMG',
      description: '退货破损 Damaged return',
    });
    expect(res.body.data).toBeGreaterThan(0);
    expect((await save('tReason', { whId: 'WH01', reasonType: 'HOLD', reasonId: 'DMG', description: 'x' })).body).toMatchObject({
      errorCode: 'duplicateKey',
    });
  });
});

describe('item units', () => {
  it('creates the base unit with factor 1 when an item is saved, and when its base unit changes', async () => {
    const row = {
      whId: 'WH01',
      clientCode: 'ACME',
      itemNumber: 'UNIT-1',
      description: '单位测试 Unit test',
      uom: 'EA',
      serialControl: 'N',
      lotControl: 'N',
      isSpecialSize: 'N',
      useXcarton: 'N',
      status: 'A',
    };
    const id = (await save('tItemMaster', row)).body.data;
    const base = await one('tItemUom', { whId: 'WH01', itemNumber: 'UNIT-1', uom: 'EA' });
    expect(Number(base.conversionFactor)).toBe(1);
    await save('tItemMaster', { ...row, id, uom: 'PCS' });
    const units = await t.post<PageResult<Row>>('/api/tItemUom/findPageByPara', { whId: 'WH01', itemNumber: 'UNIT-1' }, admin);
    expect(units.body.data.content.map((u) => u.uom).sort()).toEqual(['EA', 'PCS']);
  });

  it('answers decimals as written, without the trailing zeros of the column', async () => {
    const pack = await one('tItemUom', { whId: 'WH01', itemNumber: 'ACME-0004', uom: 'CS' });
    expect(pack.conversionFactor).toBe('20');
    const id = (await save('tItemUom', { ...pack, id: undefined, uom: 'HALF', conversionFactor: '0.5', uomWeight: '1.250' })).body
      .data;
    expect(await one('tItemUom', { whId: 'WH01', itemNumber: 'ACME-0004', uom: 'HALF' })).toMatchObject({
      id,
      conversionFactor: '0.5',
      uomWeight: '1.25',
    });
  });

  it('refuses a base unit with another factor, and deleting the base unit', async () => {
    const base = await one('tItemUom', { whId: 'WH01', itemNumber: 'ACME-0002', uom: 'BTL' });
    const res = await save('tItemUom', { ...base, conversionFactor: '6' });
    expect(res.body).toMatchObject({ errorCode: 'baseUomFactor' });
    const del = await remove('tItemUom', [base]);
    expect(del.body).toMatchObject({ errorCode: 'baseUomDelete' });
    expect(del.body.msg).toBe('Unit BTL is the base unit of item ACME-0002 and cannot be deleted');
    await one('tItemUom', { whId: 'WH01', itemNumber: 'ACME-0002', uom: 'BTL' });
  });

  it('lists an item`s units by warehouse and item number, smallest first, within the user`s warehouses', async () => {
    const res = await t.post<PageResult<Row>>('/api/tItemUom/findPageByPara', { whId: 'WH01', itemNumber: 'ACME-0002' }, admin);
    expect(res.body.data.content.map((u) => [u.uom, Number(u.conversionFactor)])).toEqual([
      ['BTL', 1],
      ['CS', 24],
      ['PL', 960],
    ]);
    const hidden = await t.post<PageResult<Row>>(
      '/api/tItemUom/findPageByPara',
      { whId: 'WH01', itemNumber: 'ACME-0002' },
      wh02Only,
    );
    expect(hidden.body.data.totalSize).toBe(0);
    const wildcard = await t.post('/api/tItemUom/findPageByPara', { whId: 'WH01', itemNumber: 'ACME%' }, admin);
    expect(wildcard.status).toBe(400);
  });
});

describe('master-data rules', () => {
  it('moves a number series forward only, and not at all when it is locked', async () => {
    const receipt = await one('tControl', { whId: 'WH01', controlType: 'RECEIPT' });
    expect((await save('tControl', { ...receipt, nextValue: 500 })).body.data).toBe(receipt.id);
    const back = await save('tControl', { ...receipt, nextValue: 10 });
    expect(back.body).toMatchObject({ errorCode: 'controlValueBackwards' });
    const carton = await one('tControl', { whId: 'WH01', controlType: 'CARTON' });
    const locked = await save('tControl', { ...carton, nextValue: 900 });
    expect(locked.body).toMatchObject({ errorCode: 'controlValueLocked' });
    expect((await save('tControl', { ...carton, description: '箱号 Cartons' })).body.data).toBe(carton.id);
    expect((await one('tControl', { whId: 'WH01', controlType: 'RECEIPT' })).nextValue).toBe(500);
  });

  it('refuses to delete a number series a document was numbered from, or a locked one, and numbering goes on', async () => {
    await save('tblInvMovement', { whId: 'WH01', description: 'numbered' });
    const move = await one('tControl', { whId: 'WH01', controlType: 'MOVE' });
    const inUse = await remove('tControl', [move]);
    expect(inUse.body).toMatchObject({ code: -10000, errorCode: 'inUse' });
    expect(inUse.body.msg).toBe('Number series "WH01 / MOVE" is in use and cannot be deleted');
    expect((await save('tblInvMovement', { whId: 'WH01', description: 'still numbered' })).body.data).toBeGreaterThan(0);
    const carton = await one('tControl', { whId: 'WH01', controlType: 'CARTON' });
    expect((await remove('tControl', [carton])).body).toMatchObject({ errorCode: 'controlSeriesLocked' });
  });

  it('starts a re-created number series no lower than where the deleted one stopped', async () => {
    // A task numbered from WH02's adjustment series, then deleted: the series is no longer in use.
    const task = (await save('tblInvAdjustment', { whId: 'WH02' })).body.data;
    const issued = await taskIdOf('tblInvAdjustment', 'WH02', task);
    expect((await remove('tblInvAdjustment', [{ id: task }])).body.data).toBe(1);
    const series = await one('tControl', { whId: 'WH02', controlType: 'ADJUST' });
    const next = Number(series.nextValue);
    expect((await remove('tControl', [series])).body).toMatchObject({ code: 200, data: 1 });
    const again = { ...series, id: undefined, nextValue: 1, allowEdit: 'N' };
    const back = await save('tControl', again);
    expect(back.body).toMatchObject({ code: -10000, errorCode: 'controlValueBelowIssued' });
    expect(back.body.msg).toBe(
      `Number series ADJUST has already issued numbers up to ${next - 1}: the next value must be at least ${next}`,
    );
    // Created again on first use, it goes on from where it stopped: no number comes twice.
    const after = (await save('tblInvAdjustment', { whId: 'WH02' })).body.data;
    const taskId = await taskIdOf('tblInvAdjustment', 'WH02', after);
    expect(taskId).not.toBe(issued);
    expect(Number(taskId.replace(/\D/g, ''))).toBe(next);
    // Deleted and re-created by hand, it starts no lower either.
    const recreated = await one('tControl', { whId: 'WH02', controlType: 'ADJUST' });
    await remove('tblInvAdjustment', [{ id: after }]);
    expect((await remove('tControl', [recreated])).body.data).toBe(1);
    expect((await save('tControl', { ...again, nextValue: next })).body).toMatchObject({ errorCode: 'controlValueBelowIssued' });
    expect((await save('tControl', { ...again, nextValue: next + 1 })).body.data).toBeGreaterThan(0);
  });

  it('refuses attribute types with a gap or a repeat', async () => {
    const gap = await save('tAttributeCollection', {
      whId: 'WH01',
      attributeCollectionId: 'GAPPY',
      description: 'x',
      attributeType1: 'Colour',
      attributeType3: 'Size',
    });
    expect(gap.body).toMatchObject({ errorCode: 'attributeTypesGap' });
    const twice = await save('tAttributeCollection', {
      whId: 'WH01',
      attributeCollectionId: 'TWICE',
      description: 'x',
      attributeType1: 'Colour',
      attributeType2: 'colour',
    });
    expect(twice.body).toMatchObject({ errorCode: 'attributeTypeRepeated' });
  });

  it('refuses to rename the attribute types of a collection stock attributes were recorded under', async () => {
    await sql`insert into t_stored_attribute (wh_id, attribute_collection_id, generic_attr_value1, generic_attr_value2)
      values ('WH02', 'APPAREL', 'Red', 'M')`.execute(t.connection.db);
    const apparel = await one('tAttributeCollection', { whId: 'WH02', attributeCollectionId: 'APPAREL' });
    const res = await save('tAttributeCollection', { ...apparel, attributeType2: 'Fit' });
    expect(res.body).toMatchObject({ errorCode: 'attributeTypesInUse' });
    expect((await save('tAttributeCollection', { ...apparel, description: 'Clothing' })).body.data).toBe(apparel.id);
  });

  it('stages a dock door only in a staging location', async () => {
    const res = await save('tDockDoor', {
      whId: 'WH01',
      doorId: 'D99',
      doorType: 'O',
      stagingLocationId: 'A01-01-1',
      status: 'A',
    });
    expect(res.body).toMatchObject({ errorCode: 'notStagingLocation' });
    expect(res.body.msg).toBe('Location A01-01-1 is not a staging location');
  });

  it('records serial numbers only for serial-controlled items', async () => {
    const res = await save('tblSnMaster', { whId: 'WH01', itemNumber: 'ACME-0003', serialNumber: 'SN-NOT-1', status: 'IN' });
    expect(res.body).toMatchObject({ errorCode: 'itemNotSerialControlled' });
    expect(res.body.msg).toBe('Item ACME-0003 is not serial-controlled');
  });

  it('refuses a zone overflowing into itself', async () => {
    const res = await save('tZone', { whId: 'WH01', zone: 'LOOP', zoneType: 'A', overflowZone: 'LOOP' });
    expect(res.body).toMatchObject({ errorCode: 'overflowZoneSelf' });
  });

  it('names the field when a value is outside the range the table allows', async () => {
    const res = await save('tWorkType', { whId: 'WH01', workType: 'SLOW', description: 'x', priority: 150 });
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'fieldInvalid' });
    expect(res.body.msg).toBe('Priority is not in a valid format');
    const huge = await save('tWorkType', { whId: 'WH01', workType: 'HUGE', description: 'x', priority: 99999999999 });
    expect(huge.body).toMatchObject({ code: -10000, errorCode: 'numberOutOfRange' });
    expect(await count('t_work_type', sql`work_type in ('SLOW', 'HUGE')`)).toBe(0);
  });

  it('refuses quantities and percentages with the same rule messages the console shows', async () => {
    const factor = await save('tItemUom', { whId: 'WH01', itemNumber: 'ACME-0001', uom: 'PK', conversionFactor: '0' });
    expect(factor.body).toMatchObject({ code: -10000, errorCode: 'fieldQtyPositive' });
    const page = await t.post<PageResult<Row>>(
      '/api/tLocation/findPage',
      { pageNum: 1, pageSize: 1, columnFilters: { whId: 'WH01', locationId: 'A01-01-1' } },
      admin,
    );
    const location = page.body.data.content[0]!;
    const negative = await save('tLocation', { ...location, capacityQty: '-5' });
    expect(negative.body).toMatchObject({ code: -10000, errorCode: 'fieldQtyNonNegative' });
    expect(await count('t_location', sql`location_id = 'A01-01-1' and capacity_qty < 0`)).toBe(0);
  });
});
