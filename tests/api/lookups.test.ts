import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/server/db/transaction';
import { addStock, lockStockKeys, type StockKey } from '../../src/server/modules/inventory/ledger.service';
import { resolveStoredAttributeId } from '../../src/server/modules/masterdata/attributes.service';
import type { ItemAttributeType, ItemLotControl, LocationHuIndicate, OptionEntry } from '../../src/shared/lookups';
import { createTestApp, createUser, type TestApp } from '../support/testApp';

// Two warehouses of our own, so the demo data of the seed never changes what these tests expect.
const A = 'LKA';
const B = 'LKB';

let t: TestApp;
let admin: string;
/** Granted warehouse A only, every client. */
let userA: string;
/** Granted warehouse A, client C1 only. */
let userC1: string;

async function insertFixtures(): Promise<void> {
  await sql`
    insert into t_whse (wh_id, code, name) values ('LKA', 'LKA', '测试仓 A'), ('LKB', 'LKB', '测试仓 B');
    insert into t_client (wh_id, client_code, name) values
      ('LKA', 'C1', '客户一'), ('LKA', 'C2', '客户二'), ('LKB', 'C1', '乙仓客户');
    insert into t_item_type (wh_id, item_type_id, description) values
      ('LKA', 'HW', '五金 Hardware'), ('LKA', 'FD', '食品 Food'), ('LKB', 'HW', '五金');
    insert into t_item_class (wh_id, class_id, item_type_id, description) values
      ('LKA', 'SCREW', 'HW', '螺丝'), ('LKA', 'NUT', 'HW', '螺母'), ('LKA', 'SNACK', 'FD', '零食'), ('LKB', 'SCREW', 'HW', '螺丝');
    insert into t_attribute_collection (wh_id, attribute_collection_id, description, attribute_type1, attribute_type3) values
      ('LKA', 'COLOR_SIZE', '颜色尺码', '颜色 Colour', '尺码 Size'), ('LKB', 'COLOR', '颜色', '颜色', null);
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, shelf_life,
        attribute_collection_id, upc, status) values
      ('LKA', 'C1', 'SKU001', '螺丝 M6', 'EA', 'N', null, null, '6900000000011', 'A'),
      ('LKA', 'C1', 'SKU002', '螺丝 M8', 'EA', 'Y', 365, 'COLOR_SIZE', null, 'A'),
      ('LKA', 'C1', 'SKU003', '停用螺丝', 'EA', 'N', null, null, null, 'I'),
      ('LKA', 'C2', 'SKU101', '饼干 Biscuit', 'BOX', 'Y', 180, null, null, 'A'),
      ('LKB', 'C1', 'SKU001', '乙仓螺丝', 'EA', 'N', null, 'COLOR', null, 'A');
    insert into t_item_uom (wh_id, item_number, uom, conversion_factor, status) values
      ('LKA', 'SKU002', 'EA', 1, 'A'), ('LKA', 'SKU002', 'PL', 480, 'A'), ('LKA', 'SKU002', 'CS', 12, 'A'),
      ('LKA', 'SKU002', 'BG', 6, 'I');
    insert into t_zone (wh_id, zone, description, zone_type) values
      ('LKA', 'Z-A', '合格区', 'A'), ('LKA', 'Z-D', '不合格区', 'D'), ('LKA', 'Z-Q', '待检区', 'Q'), ('LKB', 'Z-A', '合格区', 'A');
    insert into t_location (wh_id, location_id, description, status, type, item_hu_indicator, zone, picking_flow) values
      ('LKA', 'A-01-01', null, 'A', 'I', 'I', 'Z-A', 3),
      ('LKA', 'A-01-02', null, 'A', 'M', 'I', 'Z-A', 1),
      ('LKA', 'P-01-01', '托盘位', 'A', 'F', 'H', 'Z-A', 2),
      ('LKA', 'A-09-09', '停用', 'I', 'I', 'I', 'Z-A', 4),
      ('LKA', 'D-01-01', null, 'A', 'I', 'I', 'Z-D', 1),
      ('LKA', 'STG-01', '收货暂存', 'A', 'S', 'H', null, null),
      ('LKA', 'STG-02', '发货暂存', 'A', 'S', 'H', null, null),
      ('LKB', 'A-01-01', null, 'A', 'I', 'I', 'Z-A', 1);
    insert into t_zone_loca (wh_id, zone, location_id, pick_seq) values ('LKA', 'Z-Q', 'D-01-01', 1);
    insert into t_vendor (wh_id, vendor_code, vendor_name) values ('LKA', 'V01', '华东五金'), ('LKB', 'V09', '乙仓供应商');
    insert into t_carrier (wh_id, carrier_code, carrier_name, status) values
      ('LKA', 'SF', '顺丰速运', 'A'), ('LKA', 'OLD', '停用承运商', 'I'), ('LKB', 'YT', '圆通', 'A');
    insert into tbl_carton_type (wh_id, carton_type, description, status) values
      ('LKA', 'S', '小箱', 'A'), ('LKA', 'L', '大箱', 'A'), ('LKA', 'X', '停用箱', 'I'), ('LKB', 'S', '小箱', 'A');
    insert into t_reason (wh_id, reason_type, reason_id, client_code, description) values
      ('LKA', 'HOLD', 'QC', null, '质检冻结'), ('LKA', 'HOLD', 'C2ONLY', 'C2', '客户二冻结'),
      ('LKA', 'ADJUST', 'LOSS', null, '盘亏'), ('LKB', 'HOLD', 'QC', null, '质检');
    insert into t_dock_door (wh_id, door_id, description, door_type, staging_location_id, status) values
      ('LKA', 'D01', '一号门', 'I', 'STG-01', 'A'), ('LKA', 'D02', '二号门', 'O', 'STG-02', 'A'),
      ('LKA', 'D03', '三号门', 'B', null, 'A'), ('LKB', 'D01', '乙仓门', 'B', null, 'A');
    insert into t_work_type (wh_id, work_type, description, priority) values
      ('LKA', 'PICK', '拣货', 20), ('LKA', 'PUT', '上架', 10), ('LKB', 'PICK', '拣货', 10);
  `.execute(t.connection.db);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await insertFixtures();
  await createUser(t, 'lk_a', { permissions: [], warehouses: [A] });
  userA = await t.login('lk_a', 'Secret#123');
  await createUser(t, 'lk_c1', { permissions: [], warehouses: [A] });
  const { db } = t.connection;
  const user = await db.selectFrom('sysUser').select('id').where('name', '=', 'lk_c1').executeTakeFirstOrThrow();
  await db
    .updateTable('sysUserWarehouse')
    .set({ clientCodes: ['C1'] })
    .where('userId', '=', user.id)
    .execute();
  userC1 = await t.login('lk_c1', 'Secret#123');
});
afterAll(() => t.close());

async function options(name: string, body: object, token = userA): Promise<OptionEntry[]> {
  const res = await t.post<OptionEntry[]>(`/api/globalOptions/${name}`, body, token);
  expect(res.status, `${name} ${res.raw.body}`).toBe(200);
  expect(res.body.code).toBe(200);
  return res.body.data;
}
const values = (list: OptionEntry[]) => list.map((o) => o.optionValue);

describe('warehouse and client choosers', () => {
  it('lists only the warehouses granted to the user, as options', async () => {
    expect(await options('getWhse', { userName: 'lk_a' })).toEqual([{ optionValue: A, optionDisplay: 'LKA 测试仓 A' }]);
    const all = values(await options('getWhse', {}, admin));
    expect(all).toEqual(expect.arrayContaining([A, B]));
  });

  it("refuses to list another user's warehouses", async () => {
    expect((await t.post('/api/globalOptions/getWhse', { userName: 'admin' }, userA)).status).toBe(403);
  });

  it("lists a warehouse's clients, only those granted, and nothing of another warehouse", async () => {
    expect(await options('getClient', { whId: A })).toEqual([
      { optionValue: 'C1', optionDisplay: 'C1 客户一' },
      { optionValue: 'C2', optionDisplay: 'C2 客户二' },
    ]);
    expect(values(await options('getClient', { whId: A }, userC1))).toEqual(['C1']);
    expect(await options('getClient', { whId: B })).toEqual([]);
    expect(values(await options('getClient', { whId: B }, admin))).toEqual(['C1']);
  });
});

describe('item lookups', () => {
  it('lists the active items of a client as "number description"', async () => {
    expect(await options('getSku', { whId: A, clientCode: 'C1' })).toEqual([
      { optionValue: 'SKU001', optionDisplay: 'SKU001 螺丝 M6' },
      { optionValue: 'SKU002', optionDisplay: 'SKU002 螺丝 M8' },
    ]);
    expect(values(await options('getSku', { whId: A }))).toEqual(['SKU001', 'SKU002', 'SKU101']);
  });

  it('searches items by number, description or barcode, with a limit', async () => {
    expect(values(await options('getSku', { whId: A, keyword: 'm8' }))).toEqual(['SKU002']);
    expect(values(await options('getSku', { whId: A, keyword: '饼干' }))).toEqual(['SKU101']);
    expect(values(await options('getSku', { whId: A, keyword: '690000' }))).toEqual(['SKU001']);
    expect(values(await options('getSku', { whId: A, keyword: '%' }))).toEqual([]);
    expect(await options('getSku', { whId: A, optionValue: 'SKU101' })).toEqual([
      { optionValue: 'SKU101', optionDisplay: 'SKU101 饼干 Biscuit' },
    ]);
    expect(values(await options('getSku', { whId: A, limit: 2 }))).toEqual(['SKU001', 'SKU002']);
    expect((await t.post('/api/globalOptions/getSku', { whId: A, limit: 201 }, userA)).status).toBe(400);
  });

  it("keeps items of other clients and other warehouses out of the user's lists", async () => {
    expect(values(await options('getSku', { whId: A }, userC1))).toEqual(['SKU001', 'SKU002']);
    expect(await options('getSku', { whId: A, clientCode: 'C2' }, userC1)).toEqual([]);
    expect(await options('getSku', { whId: B })).toEqual([]);
  });

  it('offers the base unit first, then the active units by conversion factor', async () => {
    expect(await options('getItemBaseUom', { whId: A, itemNumber: 'SKU002' })).toEqual([
      { optionValue: 'EA', optionDisplay: 'EA' },
      { optionValue: 'CS', optionDisplay: 'CS (12 EA)' },
      { optionValue: 'PL', optionDisplay: 'PL (480 EA)' },
    ]);
    expect(await options('getItemBaseUom', { whId: A, itemNumber: 'SKU001' })).toEqual([
      { optionValue: 'EA', optionDisplay: 'EA' },
    ]);
    expect(await options('getItemBaseUom', { whId: A, itemNumber: 'SKU101' }, userC1)).toEqual([]);
    expect(await options('getItemBaseUom', { whId: B, itemNumber: 'SKU001' })).toEqual([]);
  });

  it('answers lot control, client and attribute collection of an item, null outside the grants', async () => {
    const lot = await t.post<ItemLotControl | null>(
      '/api/globalOptions/getItemLotCtlAttrCollection',
      { whId: A, itemNumber: 'SKU002' },
      userA,
    );
    expect(lot.body.data).toEqual({
      itemNumber: 'SKU002',
      description: '螺丝 M8',
      clientCode: 'C1',
      uom: 'EA',
      lotControl: 'Y',
      serialControl: 'N',
      attributeCollectionId: 'COLOR_SIZE',
      shelfLife: 365,
    });
    for (const [whId, itemNumber, token] of [
      [A, 'SKU101', userC1],
      [B, 'SKU001', userA],
      [A, 'NOPE', userA],
    ] as const) {
      const res = await t.post('/api/globalOptions/getItemLotCtlAttrCollection', { whId, itemNumber }, token);
      expect(res.body.data, `${whId} ${itemNumber}`).toBeNull();
    }
  });

  it("lists the item's attribute types with their slots", async () => {
    const types = await t.post<ItemAttributeType[]>(
      '/api/globalOptions/getItemAttributeTypes',
      { whId: A, itemNumber: 'SKU002' },
      userA,
    );
    expect(types.body.data).toEqual([
      { slot: 1, attributeType: '颜色 Colour' },
      { slot: 3, attributeType: '尺码 Size' },
    ]);
    const none = await t.post('/api/globalOptions/getItemAttributeTypes', { whId: A, itemNumber: 'SKU001' }, userA);
    expect(none.body.data).toEqual([]);
    const other = await t.post('/api/globalOptions/getItemAttributeTypes', { whId: B, itemNumber: 'SKU001' }, userA);
    expect(other.body.data).toEqual([]);
  });
});

describe('stored attribute ids', () => {
  const resolve = (body: object, token = userA) =>
    t.post<{ storedAttributeId: number | null }>(
      '/api/globalOptions/getStoredAttributeId',
      { whId: A, itemNumber: 'SKU002', ...body },
      token,
    );

  it('gives the same combination the same id, and another combination another id', async () => {
    const red = await resolve({ genericAttrValue1: '红 Red', genericAttrValue3: 'L' });
    const again = await resolve({ genericAttrValue1: ' 红 Red ', genericAttrValue3: 'L', genericAttrValue2: 'ignored: no type' });
    const blue = await resolve({ genericAttrValue1: '蓝 Blue', genericAttrValue3: 'L' });
    expect(red.body.code).toBe(200);
    expect(red.body.data.storedAttributeId).toEqual(expect.any(Number));
    expect(again.body.data.storedAttributeId).toBe(red.body.data.storedAttributeId);
    expect(blue.body.data.storedAttributeId).not.toBe(red.body.data.storedAttributeId);
    const rows = await t.connection.db
      .selectFrom('tStoredAttribute')
      .selectAll()
      .where('id', '=', red.body.data.storedAttributeId!)
      .executeTakeFirstOrThrow();
    expect(rows).toMatchObject({
      whId: A,
      attributeCollectionId: 'COLOR_SIZE',
      genericAttrValue1: '红 Red',
      genericAttrValue2: null,
    });
  });

  it('answers null for an item without attribute collection', async () => {
    expect((await resolve({ itemNumber: 'SKU001', genericAttrValue1: 'x' })).body.data).toEqual({ storedAttributeId: null });
  });

  it('refuses empty values of shown attributes, unknown items and items outside the grants, creating nothing', async () => {
    const before = await t.connection.db
      .selectFrom('tStoredAttribute')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const empty = await resolve({ genericAttrValue1: 'Red', genericAttrValue3: '  ' });
    expect(empty.body).toMatchObject({ code: -10000, errorCode: 'itemAttributesEmpty', msg: 'item attributes is empty' });
    expect((await resolve({ itemNumber: 'NOPE' })).body.errorCode).toBe('itemNotFound');
    expect((await resolve({ whId: B, itemNumber: 'SKU001', genericAttrValue1: 'Red' })).body.errorCode).toBe('itemNotFound');
    expect((await resolve({ itemNumber: 'SKU101' }, userC1)).body.errorCode).toBe('itemNotFound');
    const tooLong = await resolve({ genericAttrValue1: 'x'.repeat(101), genericAttrValue3: 'L' });
    expect(tooLong.body.errorCode).toBe('attributeIdFailed');
    const after = await t.connection.db
      .selectFrom('tStoredAttribute')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('gives 20 concurrent first uses of one combination a single id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => resolve({ genericAttrValue1: '并发 Concurrent', genericAttrValue3: 'XL' })),
    );
    const ids = new Set(answers.map((a) => a.body.data.storedAttributeId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(Number));
  });

  it('keeps one id when 20 transactions create the same combination at once and hold their locks a while', async () => {
    const { db } = t.connection;
    const combination = ['绿 Green', null, 'S', null, null, null, null, null, null, null, null];
    const ids = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute(async (trx) => {
          const id = await resolveStoredAttributeId(trx, A, 'COLOR_SIZE', combination);
          // The first inserter holds its uncommitted row; the others must wait for it, not add a second row.
          if (t.connection.kind === 'postgres') await sql`select pg_sleep(0.05)`.execute(trx);
          return id;
        }),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from t_stored_attribute
      where wh_id = ${A} and generic_attr_value1 = '绿 Green' and generic_attr_value3 = 'S'`.execute(db);
    expect(rows[0]?.n).toBe(1);
  });
});

describe('location lookups', () => {
  it('tells an item location from a pallet location', async () => {
    const pallet = await t.post<LocationHuIndicate>(
      '/api/globalOptions/getLocItemHuIndicate',
      { whId: A, locationId: 'P-01-01' },
      userA,
    );
    expect(pallet.body.data).toEqual({ locationId: 'P-01-01', itemHuIndicate: 'H', type: 'F' });
    const item = await t.post<LocationHuIndicate>(
      '/api/globalOptions/getLocItemHuIndicate',
      { whId: A, locationId: 'A-01-01' },
      userA,
    );
    expect(item.body.data.itemHuIndicate).toBe('I');
    const other = await t.post('/api/globalOptions/getLocItemHuIndicate', { whId: B, locationId: 'A-01-01' }, userA);
    expect(other.body.data).toBeNull();
  });

  it('lists active locations, searchable, by type', async () => {
    expect(await options('getLocation', { whId: A, keyword: 'A-01' })).toEqual([
      { optionValue: 'A-01-01', optionDisplay: 'A-01-01' },
      { optionValue: 'A-01-02', optionDisplay: 'A-01-02' },
    ]);
    expect(values(await options('getLocation', { whId: A }))).toEqual([
      'A-01-01',
      'A-01-02',
      'D-01-01',
      'P-01-01',
      'STG-01',
      'STG-02',
    ]);
    expect(values(await options('getLocation', { whId: A, type: 'S' }))).toEqual(['STG-01', 'STG-02']);
    expect(values(await options('getLocation', { whId: A, keyword: '托盘' }))).toEqual(['P-01-01']);
    expect(await options('getLocation', { whId: B })).toEqual([]);
  });

  it('offers every other active location as destination', async () => {
    const list = values(
      await options('getDestinationLocation', { whId: A, clientCode: 'C1', locationId: 'A-01-01', keyword: 'A-' }),
    );
    expect(list).toEqual(['A-01-02']);
    expect(await options('getDestinationLocation', { whId: B, locationId: 'X' })).toEqual([]);
  });

  it("lists a zone's locations in picking order, including those assigned to it", async () => {
    expect(values(await options('getLocatonsByZone', { whId: A, zone: 'Z-A' }))).toEqual(['A-01-02', 'P-01-01', 'A-01-01']);
    expect(values(await options('getLocatonsByZone', { whId: A, zone: 'Z-Q' }))).toEqual(['D-01-01']);
    expect(await options('getLocatonsByZone', { whId: A, zone: 'NONE' })).toEqual([]);
  });

  it("answers a dock door's staging location, or every staging location", async () => {
    expect(values(await options('getDockDoorStagingLoc', { whId: A, doorId: 'D02' }))).toEqual(['STG-02']);
    expect(values(await options('getDockDoorStagingLoc', { whId: A, doorId: 'D03' }))).toEqual([]);
    expect(values(await options('getDockDoorStagingLoc', { whId: A }))).toEqual(['STG-01', 'STG-02']);
  });
});

describe('master-data lists', () => {
  // Each list: what a user granted warehouse A sees there, and that warehouse B answers nothing to that user.
  const cases: [string, object, string[]][] = [
    ['getZone', {}, ['Z-A', 'Z-D', 'Z-Q']],
    ['getZone', { zoneType: 'Q' }, ['Z-Q']],
    ['getReason', { clientCode: 'C1', type: 'HOLD' }, ['QC']],
    ['getReason', { clientCode: 'C2', type: 'HOLD' }, ['C2ONLY', 'QC']],
    ['getReason', {}, ['C2ONLY', 'LOSS', 'QC']],
    ['getCartonType', {}, ['L', 'S']],
    ['getDockDoor', {}, ['D01', 'D02', 'D03']],
    ['getDockDoor', { doorType: 'O' }, ['D02', 'D03']],
    ['getVendor', {}, ['V01']],
    ['getCarrier', {}, ['SF']],
    ['getWorkType', {}, ['PUT', 'PICK']],
    ['getItemType', { clientCode: 'C1' }, ['FD', 'HW']],
    ['getClassByParam', { clientCode: 'C1' }, ['NUT', 'SCREW', 'SNACK']],
    ['getClassByParam', { itemTypeId: 'HW' }, ['NUT', 'SCREW']],
    ['getAttributeCollection', {}, ['COLOR_SIZE']],
  ];
  it.each(cases)('%s %j answers the rows of the granted warehouse only', async (name, body, expected) => {
    expect(values(await options(name, { whId: A, ...body }))).toEqual(expected);
    expect(await options(name, { whId: B, ...body })).toEqual([]);
    expect(await options(name, { whId: 'NOWHERE', ...body }, admin)).toEqual([]);
  });

  it('keeps reasons of other clients from a user limited to one client', async () => {
    expect(values(await options('getReason', { whId: A, type: 'HOLD' }, userC1))).toEqual(['QC']);
  });

  it('shows code and description together', async () => {
    expect(await options('getCarrier', { whId: A })).toEqual([{ optionValue: 'SF', optionDisplay: 'SF 顺丰速运' }]);
  });

  it('lists the SCAC codes of the active carriers that have one, with the carrier name', async () => {
    await sql`update t_carrier set scac_code = case carrier_code when 'SF' then 'SFEX' when 'OLD' then 'OLDX' end
      where wh_id = ${A} and carrier_code in ('SF', 'OLD')`.execute(t.connection.db);
    expect(await options('getCarrierScac', { whId: A })).toEqual([{ optionValue: 'SFEX', optionDisplay: 'SFEX 顺丰速运' }]);
    expect(await options('getCarrierScac', { whId: B })).toEqual([]);
  });
});

describe('user lookups', () => {
  it('answers dictionary values in the language of the request', async () => {
    expect(await options('getLookup', { type: 'yesNo' })).toEqual([
      { optionValue: 'Y', optionDisplay: 'Yes' },
      { optionValue: 'N', optionDisplay: 'No' },
    ]);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/globalOptions/getLookup',
      headers: { token: userA, lang: 'zh_cn' },
      payload: { type: 'yesNo' },
    });
    expect(zh.json().data.map((o: OptionEntry) => o.optionDisplay)).toEqual(['是', '否']);
  });

  it("answers the user's own locale id, and refuses another user's", async () => {
    const own = await t.post('/api/globalOptions/getLocaleIdByUser', { userName: 'lk_a' }, userA);
    expect(own.body.data).toEqual({ localeId: 1033, language: 'en_us' });
    expect((await t.post('/api/globalOptions/getLocaleIdByUser', { userName: 'admin' }, userA)).status).toBe(403);
  });

  it("answers the locale id of a language, the caller's own when none is named, under both names of the spec", async () => {
    for (const url of ['/api/sysOptions/getLocaleId', '/api/globalOptions1/getLocaleId']) {
      expect((await t.post(url, { language: 'zh_cn' }, userA)).body.data).toEqual({ language: 'zh_cn', localeId: 2052 });
      expect((await t.post(url, {}, userA)).body.data).toEqual({ language: 'en_us', localeId: 1033 });
    }
  });

  it("lists the menus of the user's navigation tree with their path", async () => {
    const menus = await options('getMenu', {}, admin);
    expect(menus.map((m) => m.optionDisplay)).toContain('Master data / Warehouses');
    expect(await options('getMenu', {}, userA)).toEqual([]);
  });

  it('serves the lookups of later domains from their own modules', async () => {
    // getAccessToken is the shipping module's label service token (shipping/labels.test.ts), no empty list any more.
    expect((await t.post('/api/globalOptions/getAccessToken', { whId: A }, userA)).body).not.toMatchObject({ data: [] });
    // addReceipt is receiving's real call now (inbound/receiving.test.ts): no longer an empty "later" lookup.
    expect((await t.post('/api/globalOptions/addReceipt', { whId: A }, userA)).status).not.toBe(200);
  });
});

describe('order and stock lookups', () => {
  beforeAll(async () => {
    const { db } = t.connection;
    await sql`
      insert into t_order (wh_id, client_code, order_number, status, customer_name) values
        ('LKA', 'C1', 'SO-L1', 'C', '张三'), ('LKA', 'C1', 'SO-L2', 'N', null), ('LKA', 'C2', 'SO-L3', 'C', '李四'),
        ('LKB', 'C1', 'SO-L9', 'C', '乙仓')`.execute(db);
    const red = await resolveStoredAttributeId(db, A, 'COLOR_SIZE', ['红 Red', null, 'L']);
    const blue = await resolveStoredAttributeId(db, A, 'COLOR_SIZE', ['蓝 Blue', null, 'M']);
    const key = (
      locationId: string,
      itemNumber: string,
      lotNumber: string | null,
      storedAttributeId: number | null,
    ): StockKey => ({
      whId: A,
      locationId,
      itemNumber,
      lotNumber,
      huId: null,
      storedAttributeId,
    });
    const stock: [StockKey, string | null][] = [
      [key('A-01-01', 'SKU002', 'LOT-B', red), '2027-05-01'],
      [key('A-01-02', 'SKU002', 'LOT-A', blue), '2027-01-01'],
      [key('D-01-01', 'SKU002', 'LOT-C', red), '2026-12-31'],
      [key('A-01-02', 'SKU101', 'BIS-1', null), '2027-03-01'],
      [key('A-01-02', 'SKU001', null, null), null],
    ];
    await inTransaction(db, async (trx) => {
      await lockStockKeys(
        trx,
        stock.map(([k]) => k),
      );
      for (const [k, expirationDate] of stock) await addStock(trx, k, '5', { expirationDate }, null);
    });
  });

  it('lists the orders of a warehouse by client and status, within the client grants', async () => {
    expect(await options('getOrdersByStatus', { whId: A, status: 'C' })).toEqual([
      { optionValue: 'SO-L1', optionDisplay: 'SO-L1 张三' },
      { optionValue: 'SO-L3', optionDisplay: 'SO-L3 李四' },
    ]);
    expect(values(await options('getOrdersByStatus', { whId: A, clientCode: 'C1' }))).toEqual(['SO-L1', 'SO-L2']);
    expect(values(await options('getOrdersByStatus', { whId: A }, userC1))).toEqual(['SO-L1', 'SO-L2']);
    expect(await options('getOrdersByStatus', { whId: B })).toEqual([]);
  });

  it('lists item, lot and expiry of the stock with an expiry date in a zone, soonest first', async () => {
    expect(await options('getExpiryDateItemsByZone', { whId: A, zone: 'Z-A' })).toEqual([
      { optionValue: 'SKU002', optionDisplay: 'SKU002 LOT-A 2027-01-01', lotNumber: 'LOT-A', expirationDate: '2027-01-01' },
      { optionValue: 'SKU101', optionDisplay: 'SKU101 BIS-1 2027-03-01', lotNumber: 'BIS-1', expirationDate: '2027-03-01' },
      { optionValue: 'SKU002', optionDisplay: 'SKU002 LOT-B 2027-05-01', lotNumber: 'LOT-B', expirationDate: '2027-05-01' },
    ]);
    expect(values(await options('getExpiryDateItemsByZone', { whId: A, zone: 'Z-A' }, userC1))).toEqual(['SKU002', 'SKU002']);
    expect(values(await options('getExpiryDateItemsByZone', { whId: A, zone: 'Z-D' }))).toEqual(['SKU002']);
    expect(await options('getExpiryDateItemsByZone', { whId: A })).toEqual([]);
    expect(await options('getExpiryDateItemsByZone', { whId: B, zone: 'Z-A' })).toEqual([]);
  });

  it('lists the stored attribute ids of an item in stock, at a location when named', async () => {
    const all = await options('getStoAttributesByItem', { whId: A, itemNumber: 'SKU002' });
    expect(all.map((o) => o.optionDisplay.replace(/^\d+: /, ''))).toEqual(['红 Red / L', '蓝 Blue / M']);
    const at = await options('getStoAttributesByItem', { whId: A, itemNumber: 'SKU002', locationId: 'A-01-02' });
    expect(at.map((o) => o.optionDisplay.replace(/^\d+: /, ''))).toEqual(['蓝 Blue / M']);
    expect(await options('getStoAttributesByItem', { whId: A, itemNumber: 'SKU101' })).toEqual([]);
    const c2 = await options('getStoAttributesByItem', { whId: A, itemNumber: 'SKU002' }, userC1);
    expect(c2).toHaveLength(2);
    expect(await options('getStoAttributesByItem', { whId: B, itemNumber: 'SKU002' })).toEqual([]);
  });
});
