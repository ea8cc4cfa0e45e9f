import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { createWaveFixture, insertOrder, insertProfile, orderState, WV } from '../../../../tests/support/waveFixture';
import type { PageResult } from '../../../shared/wire';
import { forgetSessions } from '../../platform/session';

type Row = Record<string, unknown>;
type Out = { outCode: string; outMsg: string }[];
let t: TestApp;
let admin: string;
let viewer: string;
let otherClient: string;
let wh02: string;
let adder: string;
let editor: string;
const ALL = ['view', 'add', 'edit', 'delete'].map((a) => `sys:tWaveMaster:${a}`);

let byDate: number;
let byCarrier: number;
let byPriority: number;
let singleLine: number;
let otherClientProfile: number;
let inactiveProfile: number;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.connection;
  await createWaveFixture(db);
  byDate = await insertProfile(db, 'TWV-DATE', 'ORDERS_BY_SHIP_DATE', [
    { label: 'SHIP_DATE_FROM', value: '2031-01-01', required: true },
    { label: 'SHIP_DATE_TO' },
    { label: 'MAX_ORDERS', value: '50' },
  ]);
  byCarrier = await insertProfile(db, 'TWV-CARRIER', 'ORDERS_BY_CARRIER', [{ label: 'CARRIER', value: WV.carrier }], {
    clientCode: null,
  });
  byPriority = await insertProfile(db, 'TWV-PRIO', 'ORDERS_BY_PRIORITY', [{ label: 'MIN_PRIORITY', value: '60' }]);
  singleLine = await insertProfile(db, 'TWV-SINGLE', 'SINGLE_LINE_ORDERS', [{ label: 'MAX_ORDERS' }]);
  otherClientProfile = await insertProfile(db, 'TWV-OTHER', 'SINGLE_LINE_ORDERS', [{ label: 'MAX_ORDERS' }], {
    clientCode: WV.otherClient,
  });
  inactiveProfile = await insertProfile(db, 'TWV-OFF', 'SINGLE_LINE_ORDERS', [{ label: 'MAX_ORDERS' }], { status: 'I' });
  admin = await t.login();
  await createUser(t, 'wv-viewer', { permissions: ['sys:tWaveMaster:view'], warehouses: ['WH01'] });
  await createUser(t, 'wv-adder', { permissions: ['sys:tWaveMaster:view', 'sys:tWaveMaster:add'], warehouses: ['WH01'] });
  await createUser(t, 'wv-editor', { permissions: ['sys:tWaveMaster:view', 'sys:tWaveMaster:edit'], warehouses: ['WH01'] });
  await createUser(t, 'wv-other', { permissions: ALL, warehouses: ['WH01'] });
  await createUser(t, 'wv-wh02', { permissions: ALL, warehouses: ['WH02'] });
  await sql`update sys_user_warehouse set client_codes = ${[WV.otherClient]}
    where user_id = (select id from sys_user where name = 'wv-other')`.execute(db);
  forgetSessions(db);
  viewer = await t.login('wv-viewer', 'Secret#123');
  adder = await t.login('wv-adder', 'Secret#123');
  editor = await t.login('wv-editor', 'Secret#123');
  otherClient = await t.login('wv-other', 'Secret#123');
  wh02 = await t.login('wv-wh02', 'Secret#123');
});
afterAll(() => t.close());

const db = () => t.connection.db;
const saveWave = (row: Row, token = admin) => t.post<number>('/api/tWaveMaster/save', row, token);
const newWave = async (over: Row = {}): Promise<{ id: number; waveId: string }> => {
  const res = await saveWave({ whId: WV.whId, sequence: 1, priority: 50, workersRequired: 2, ...over });
  expect(res.body.code, res.body.msg ?? '').toBe(200);
  const { rows } = await sql<{ waveId: string }>`select wave_id from t_wave_master where id = ${res.body.data}`.execute(db());
  return { id: res.body.data, waveId: rows[0]!.waveId };
};
const waveRow = async (waveId: string) =>
  (await sql<Row>`select * from t_wave_master where wh_id = ${WV.whId} and wave_id = ${waveId}`.execute(db())).rows[0]!;
const setWave = (waveId: string, status: string, held: string | null = null) =>
  sql`update t_wave_master set status = ${status}, held_status = ${held} where wh_id = ${WV.whId} and wave_id = ${waveId}`.execute(
    db(),
  );
const load = (waveId: string, profileId: number, over: Row = {}, token = admin) =>
  t.post<Out>(
    '/api/tAfaProfile/execWaveLoadProfile',
    { whId: WV.whId, waveId, clientCode: WV.client, profileId, userName: 'admin', ...over },
    token,
  );
const viewRows = async (waveId: string, token = admin, userName = 'admin') =>
  (
    await t.post<PageResult<Row>>(
      '/api/tAfaViewWaveOrder/findPage',
      { pageNum: 1, pageSize: 100, columnFilters: { whId: WV.whId, waveId, userName } },
      token,
    )
  ).body.data.content;
const selectAll = async (waveId: string, orders: string[], token = admin, userName = 'admin') => {
  const ids = (await viewRows(waveId, token, userName)).filter((r) => orders.includes(String(r.orderNumber))).map((r) => r.id);
  return t.post<number>('/api/tAfaViewWaveOrder/handleSelect', ids, token);
};
const addOrder = (waveId: string, token = admin, userName = 'admin') =>
  t.post<Out>('/api/tAfaViewWaveOrder/addOrder', { whId: WV.whId, waveId, userName }, token);

describe('waves', () => {
  it('gives a blank wave id the next WAVE number; a new wave starts N and records its creator', async () => {
    const wave = await newWave();
    expect(wave.waveId).toMatch(/^WV\d+/);
    const row = await waveRow(wave.waveId);
    expect(row).toMatchObject({ status: 'N', createBy: 'admin', workersRequired: 2 });
    const typed = await newWave({ waveId: 'TWV-TYPED', status: 'R' });
    expect(typed.waveId).toBe('TWV-TYPED');
    expect((await waveRow('TWV-TYPED')).status).toBe('N');
  });

  it('saves the override work type, staging location and door, and refuses a latest ship date before the earliest', async () => {
    const wave = await newWave({ overrideWorkType: 'EACHPICK', doorLocation: 'D03', stagingLocation: 'STG-OUT-01' });
    expect(await waveRow(wave.waveId)).toMatchObject({ overrideWorkType: 'EACHPICK', doorLocation: 'D03' });
    const bad = await saveWave({
      whId: WV.whId,
      sequence: 1,
      priority: 50,
      workersRequired: 1,
      earliestShipDate: '2031-05-02',
      latestShipDate: '2031-05-01',
    });
    expect(bad.body).toMatchObject({ code: -10000, errorCode: 'fieldInvalid' });
    expect(bad.body.msg).toContain('Latest ship date');
  });

  it('takes sequence 1, priority 50 and one worker when left blank, and the door’s staging location when none is named', async () => {
    const res = await saveWave({ whId: WV.whId, doorLocation: 'D04' });
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    const { rows } = await sql<Row>`select * from t_wave_master where id = ${res.body.data}`.execute(db());
    expect(rows[0]).toMatchObject({
      sequence: 1,
      priority: 50,
      workersRequired: 1,
      doorLocation: 'D04',
      stagingLocation: 'STG-OUT-02',
    });
    // Blank strings as a form sends them are blanks too; a staging location named stays as named.
    const typed = await newWave({
      sequence: '',
      priority: '',
      workersRequired: '',
      doorLocation: 'D04',
      stagingLocation: 'STG-OUT-01',
    });
    expect(await waveRow(typed.waveId)).toMatchObject({
      sequence: 1,
      priority: 50,
      workersRequired: 1,
      stagingLocation: 'STG-OUT-01',
    });
    // Without a door nothing is guessed: release refuses a wave without staging location (waveNoStagingLocation).
    const bare = await newWave({ sequence: null, priority: null, workersRequired: null });
    expect(await waveRow(bare.waveId)).toMatchObject({ priority: 50, workersRequired: 1, stagingLocation: null });
    // An edit that blanks them takes the defaults again, and the door's staging location.
    const edited = await saveWave({ id: bare.id, whId: WV.whId, priority: '', workersRequired: '', doorLocation: 'D03' });
    expect(edited.body.data).toBe(bare.id);
    expect(await waveRow(bare.waveId)).toMatchObject({ priority: 50, workersRequired: 1, stagingLocation: 'STG-OUT-01' });
  });

  it('refuses a priority outside 1–99 and workers outside 1–999 with a message naming the value, and saves nothing', async () => {
    const { rows: before } = await sql<{ n: number }>`select count(*)::int as n from t_wave_master`.execute(db());
    const priority = await saveWave({ whId: WV.whId, priority: 100 });
    expect(priority.body).toMatchObject({ code: -10000, errorCode: 'orderPriorityRange' });
    expect(priority.body.msg).toContain('100');
    const workers = await saveWave({ whId: WV.whId, workersRequired: 1000 });
    expect(workers.body).toMatchObject({ code: -10000, errorCode: 'waveWorkersRange' });
    expect(workers.body.msg).toContain('1000');
    const { rows: after } = await sql<{ n: number }>`select count(*)::int as n from t_wave_master`.execute(db());
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('edits a wave only while N or H, naming the wave and its status otherwise', async () => {
    const wave = await newWave();
    expect((await saveWave({ id: wave.id, whId: WV.whId, sequence: 3, priority: 40, workersRequired: 1 })).body.data).toBe(
      wave.id,
    );
    await setWave(wave.waveId, 'H', 'N');
    expect((await saveWave({ id: wave.id, whId: WV.whId, sequence: 4, priority: 40, workersRequired: 1 })).body.data).toBe(
      wave.id,
    );
    await setWave(wave.waveId, 'R');
    const res = await saveWave({ id: wave.id, whId: WV.whId, sequence: 5, priority: 40, workersRequired: 1 });
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'waveNotEditable' });
    expect(res.body.msg).toContain(wave.waveId);
    expect(res.body.msg).toContain('Released');
    expect((await waveRow(wave.waveId)).sequence).toBe(4);
  });

  it('deletes only a wave being built, and its orders go back to confirmed in the same transaction', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-DEL1', { earliestShipDate: '2031-02-01' });
    await load(wave.waveId, byDate);
    await selectAll(wave.waveId, ['TWV-DEL1']);
    expect((await addOrder(wave.waveId)).body.data[0]!.outCode).toBe('SUCCESS');
    expect(await orderState(db(), 'TWV-DEL1')).toEqual({ status: 'W', waveId: wave.waveId });
    await setWave(wave.waveId, 'H', 'N');
    const refused = await t.post('/api/tWaveMaster/delete', [{ id: wave.id }], admin);
    expect(refused.body).toMatchObject({ code: -10000, errorCode: 'waveNotDeletable' });
    expect(await orderState(db(), 'TWV-DEL1')).toEqual({ status: 'W', waveId: wave.waveId });
    await setWave(wave.waveId, 'N');
    expect((await t.post('/api/tWaveMaster/delete', [{ id: wave.id }], admin)).body).toMatchObject({ code: 200, data: 1 });
    expect(await orderState(db(), 'TWV-DEL1')).toEqual({ status: 'C', waveId: null });
    const { rows } = await sql`select 1 from t_afo_wave_detail where order_number = 'TWV-DEL1'`.execute(db());
    expect(rows).toHaveLength(0);
  });

  it('holds N and R waves keeping the status to return to, all or none', async () => {
    const a = await newWave();
    const b = await newWave();
    await setWave(b.waveId, 'R');
    const res = await t.post<number>('/api/tWaveMaster/holdWave', { whId: WV.whId, waveIds: [a.waveId, b.waveId] }, admin);
    expect(res.body).toMatchObject({ code: 200, data: 2 });
    expect(await waveRow(a.waveId)).toMatchObject({ status: 'H', heldStatus: 'N' });
    expect(await waveRow(b.waveId)).toMatchObject({ status: 'H', heldStatus: 'R' });
    const c = await newWave();
    const again = await t.post('/api/tWaveMaster/holdWave', { whId: WV.whId, waveIds: [c.waveId, a.waveId] }, admin);
    expect(again.body).toMatchObject({ code: -10000, errorCode: 'waveNotHoldable' });
    expect(again.body.msg).toContain(a.waveId);
    expect(again.body.msg).toContain('Held');
    expect((await waveRow(c.waveId)).status).toBe('N');
  });

  it('refuses holding a wave of another warehouse, and lists none of its waves', async () => {
    const a = await newWave();
    const res = await t.post('/api/tWaveMaster/holdWave', { whId: WV.whId, waveIds: [a.waveId] }, wh02);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'warehouseNotGranted' });
    const seen = await t.post<PageResult<Row>>('/api/tWaveMaster/findPage', { pageNum: 1, pageSize: 100 }, wh02);
    expect(seen.body.data.content.every((r) => r.whId === 'WH02')).toBe(true);
    const missing = await t.post('/api/tWaveMaster/holdWave', { whId: WV.whId, waveIds: ['NOPE'] }, admin);
    expect(missing.body).toMatchObject({ errorCode: 'waveNotFound' });
  });
});

describe('wave-load profiles', () => {
  it('lists the active profiles of the client and those of every client, never another client’s', async () => {
    const res = await t.post<Row[]>(
      '/api/tAfaProfile/getProfile',
      { profileType: 'WAVE PROFILE', whId: WV.whId, clientCode: WV.client },
      admin,
    );
    const ids = res.body.data.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([byDate, byCarrier, byPriority, singleLine]));
    expect(ids).not.toContain(otherClientProfile);
    expect(ids).not.toContain(inactiveProfile);
    const notMine = await t.post<Row[]>(
      '/api/tAfaProfile/getProfile',
      { profileType: 'WAVE PROFILE', whId: WV.whId, clientCode: WV.client },
      otherClient,
    );
    expect(notMine.body.data).toEqual([]);
  });

  it('answers a profile’s parameters with labels, defaults and required; null when it does not exist for the user', async () => {
    const res = await t.post<Row>('/api/tAfaProfile/getProfilePara', { id: byDate }, admin);
    expect(res.body.data).toMatchObject({
      functionName: 'ORDERS_BY_SHIP_DATE',
      parameterLabel1: 'SHIP_DATE_FROM',
      parameter1: '2031-01-01',
      parameterRequired1: 'Y',
      parameterLabel3: 'MAX_ORDERS',
      parameter3: '50',
    });
    expect((await t.post('/api/tAfaProfile/getProfilePara', { id: 999999 }, admin)).body.data).toBeNull();
    expect((await t.post('/api/tAfaProfile/getProfilePara', { id: byDate }, wh02)).body.data).toBeNull();
    expect((await t.post('/api/tAfaProfile/getProfilePara', { id: byDate }, otherClient)).body.data).toBeNull();
  });

  it('keeps profiles through the generic screen with the function chosen from the registry', async () => {
    const res = await t.post<number>(
      '/api/tAfaProfile/save',
      {
        whId: WV.whId,
        profileName: 'TWV-SAVED',
        profileDescrip: 'Saved',
        functionName: 'ORDERS_BY_CARRIER',
        status: 'A',
        parameterLabel1: 'CARRIER',
        parameterRequired1: 'Y',
        ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`parameterRequired${i + 1}`, i === 0 ? 'Y' : 'N'])),
      },
      admin,
    );
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    const { rows } = await sql<Row>`select profile_type from t_afa_profile where id = ${res.body.data}`.execute(db());
    expect(rows[0]!.profileType).toBe('WAVE PROFILE');
    const bad = await t.post(
      '/api/tAfaProfile/save',
      { whId: WV.whId, profileName: 'TWV-BAD', profileDescrip: 'x', functionName: 'DROP TABLE', status: 'A' },
      admin,
    );
    expect(bad.body).toMatchObject({ code: -10000, errorCode: 'fieldNotInList' });
  });
});

describe('wave loading and the working set', () => {
  it('fills the user’s working set with the client’s confirmed orders in no wave, by ship date, replaced on each run', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-D1', {
      earliestShipDate: '2031-03-01',
      lines: [
        { itemNumber: WV.itemPlain, qty: '2' },
        { itemNumber: WV.itemLot, qty: '3', lotNumber: 'L1' },
      ],
    });
    await insertOrder(db(), 'TWV-D2', { earliestShipDate: '2030-12-01' });
    await insertOrder(db(), 'TWV-D3', { earliestShipDate: '2031-03-02', status: 'N' });
    await insertOrder(db(), 'TWV-D4', { earliestShipDate: '2031-03-03', clientCode: WV.otherClient });
    const res = await load(wave.waveId, byDate, { parameter2: '2031-12-31' });
    expect(res.body.data[0]!.outCode).toBe('SUCCESS');
    const rows = await viewRows(wave.waveId);
    const numbers = rows.map((r) => r.orderNumber);
    expect(numbers).toContain('TWV-D1');
    expect(numbers).not.toContain('TWV-D2');
    expect(numbers).not.toContain('TWV-D3');
    expect(numbers).not.toContain('TWV-D4');
    const d1 = rows.find((r) => r.orderNumber === 'TWV-D1')!;
    expect(d1).toMatchObject({ selected: 'N', userId: 'admin', orderStatus: 'C', addQuantity: '5' });
    const lines = await t.post<PageResult<Row>>(
      '/api/tAfaViewWaveOrderLine/findPage',
      {
        pageNum: 1,
        pageSize: 10,
        columnFilters: { userId: 'admin', viewId: d1.viewId, whId: WV.whId, waveId: wave.waveId, orderNumber: 'TWV-D1' },
      },
      admin,
    );
    expect(lines.body.data.content.map((l) => [l.lineNumber, l.itemNumber, l.qty])).toEqual([
      [1, WV.itemPlain, '2'],
      [2, WV.itemLot, '3'],
    ]);
    // A second run replaces the set under a new view id.
    await load(wave.waveId, byDate, { parameter1: '2031-03-02' });
    const again = await viewRows(wave.waveId);
    expect(again.map((r) => r.orderNumber)).not.toContain('TWV-D1');
    expect(again.every((r) => r.viewId !== d1.viewId)).toBe(true);
  });

  it('loads by carrier, by minimum priority and single-line orders', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-C1', { carrierId: WV.carrier, priority: 70 });
    await insertOrder(db(), 'TWV-C2', {
      carrierId: WV.otherCarrier,
      priority: 20,
      lines: [
        { itemNumber: WV.itemPlain, qty: '1' },
        { itemNumber: WV.itemLot, qty: '1' },
      ],
    });
    await load(wave.waveId, byCarrier);
    let numbers = (await viewRows(wave.waveId)).map((r) => r.orderNumber);
    expect(numbers).toContain('TWV-C1');
    expect(numbers).not.toContain('TWV-C2');
    await load(wave.waveId, byCarrier, { parameter1: WV.otherCarrier });
    numbers = (await viewRows(wave.waveId)).map((r) => r.orderNumber);
    expect(numbers).toContain('TWV-C2');
    expect(numbers).not.toContain('TWV-C1');
    await load(wave.waveId, byPriority);
    numbers = (await viewRows(wave.waveId)).map((r) => r.orderNumber);
    expect(numbers).toContain('TWV-C1');
    expect(numbers).not.toContain('TWV-C2');
    await load(wave.waveId, singleLine);
    numbers = (await viewRows(wave.waveId)).map((r) => r.orderNumber);
    expect(numbers).toContain('TWV-C1');
    expect(numbers).not.toContain('TWV-C2');
  });

  it('refuses with an outCode: a required parameter left empty, a wrong value, a wave not being built, a profile not the client’s', async () => {
    const wave = await newWave();
    await sql`update t_afa_profile set parameter1 = null where id = ${byDate}`.execute(db());
    const empty = await load(wave.waveId, byDate);
    expect(empty.body.code).toBe(200);
    expect(empty.body.data[0]).toEqual({ outCode: 'waveParamRequired', outMsg: 'Parameter “Ship date from” is required' });
    await sql`update t_afa_profile set parameter1 = '2031-01-01' where id = ${byDate}`.execute(db());
    const wrong = await load(wave.waveId, byDate, { parameter2: '2031-02-30' });
    expect(wrong.body.data[0]!.outCode).toBe('waveParamInvalid');
    expect(wrong.body.data[0]!.outMsg).toContain('2031-02-30');
    expect((await load(wave.waveId, otherClientProfile)).body.data[0]).toEqual({
      outCode: 'waveProfileNotFound',
      outMsg: 'The profile does not exist',
    });
    await setWave(wave.waveId, 'R');
    const released = await load(wave.waveId, byDate);
    expect(released.body.data[0]!.outCode).toBe('waveNotBuilding');
    expect(released.body.data[0]!.outMsg).toContain(wave.waveId);
  });

  it('never lists nor adds an order of a client the user may not see', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-G1', { earliestShipDate: '2031-04-01' });
    const refused = await t.post<Out>(
      '/api/tAfaProfile/execWaveLoadProfile',
      { whId: WV.whId, waveId: wave.waveId, clientCode: WV.client, profileId: singleLine, userName: 'wv-other' },
      otherClient,
    );
    expect(refused.body.data[0]!.outCode).toBe('clientNotGranted');
    await load(wave.waveId, byDate);
    // The administrator's working set is not another user's to see, select or add.
    expect(await viewRows(wave.waveId, otherClient, 'admin')).toEqual([]);
    const row = (await viewRows(wave.waveId)).find((r) => r.orderNumber === 'TWV-G1')!;
    expect((await t.post<number>('/api/tAfaViewWaveOrder/handleSelect', [row.id], otherClient)).body.data).toBe(0);
    const other = await addOrder(wave.waveId, otherClient, 'admin');
    expect(other.body.data[0]!.outCode).toBe('waveWorkingSetNotYours');
    expect((await addOrder(wave.waveId, otherClient, 'wv-other')).body.data[0]!.outCode).toBe('waveNoOrderSelected');
    expect(await orderState(db(), 'TWV-G1')).toEqual({ status: 'C', waveId: null });
  });
});

describe('adding and removing orders', () => {
  it('adds the selected orders: wave detail with the profile and parameters, one line per order line, C → W', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-A1', {
      earliestShipDate: '2031-05-01',
      lines: [
        { itemNumber: WV.itemPlain, qty: '2' },
        { itemNumber: WV.itemLot, qty: '1', lotNumber: 'L9' },
      ],
    });
    await insertOrder(db(), 'TWV-A2', { earliestShipDate: '2031-05-02' });
    await insertOrder(db(), 'TWV-A3', { earliestShipDate: '2031-05-03' });
    await load(wave.waveId, byDate, { parameter1: '2031-05-01', parameter2: '2031-05-31' });
    expect((await selectAll(wave.waveId, ['TWV-A1', 'TWV-A2', 'TWV-A3'])).body.data).toBe(3);
    const a3 = (await viewRows(wave.waveId)).find((r) => r.orderNumber === 'TWV-A3')!;
    expect((await t.post<number>('/api/tAfaViewWaveOrder/handleUnselect', [a3.id], admin)).body.data).toBe(1);
    const res = await addOrder(wave.waveId);
    expect(res.body.data).toEqual([{ outCode: 'SUCCESS', outMsg: `Orders added to wave ${wave.waveId}: 2` }]);
    expect(await orderState(db(), 'TWV-A1')).toEqual({ status: 'W', waveId: wave.waveId });
    expect(await orderState(db(), 'TWV-A3')).toEqual({ status: 'C', waveId: null });
    const details = await t.post<PageResult<Row>>(
      '/api/tAfoWaveDetail/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { whId: WV.whId, waveId: wave.waveId } },
      admin,
    );
    expect(details.body.data.content.map((d) => [d.orderNumber, d.loadSeq, d.profileId, d.parameter1, d.parameter2])).toEqual([
      ['TWV-A1', 1, byDate, '2031-05-01', '2031-05-31'],
      ['TWV-A2', 2, byDate, '2031-05-01', '2031-05-31'],
    ]);
    const detailId = details.body.data.content[0]!.id as number;
    const lines = await t.post<Row[]>('/api/tAfoWaveDetailLine/findByWaveDetailId', { id: detailId }, admin);
    expect(lines.body.data.map((l) => [l.lineNumber, l.itemNumber, l.lotNumber, l.plannedQty])).toEqual([
      [1, WV.itemPlain, null, '0'],
      [2, WV.itemLot, 'L9', '0'],
    ]);
    const paged = await t.post<PageResult<Row>>(
      '/api/tAfoWaveDetailLine/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { waveDetailId: detailId } },
      admin,
    );
    expect(paged.body.data.totalSize).toBe(2);
    const rows = await viewRows(wave.waveId);
    expect(rows.find((r) => r.orderNumber === 'TWV-A1')).toMatchObject({
      addWaveStatus: 'W',
      targetWave: wave.waveId,
      selected: 'N',
    });
  });

  it('keeps the wave-load form’s load id on each wave detail it loads (spec 001 §3), and refuses a malformed one', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-LD1', { earliestShipDate: '2031-06-01' });
    await insertOrder(db(), 'TWV-LD2', { earliestShipDate: '2031-06-02' });
    const bad = await load(wave.waveId, byDate, { parameter1: '2031-06-01', parameter2: '2031-06-30', loadId: 'LOAD 7' });
    expect(bad.body.data[0]).toEqual({ outCode: 'fieldInvalid', outMsg: 'Load ID is not in a valid format' });
    const run = await load(wave.waveId, byDate, { parameter1: '2031-06-01', parameter2: '2031-06-30', loadId: ' LOAD-7 ' });
    expect(run.body.data?.[0]?.outCode).toBe('SUCCESS');
    expect((await selectAll(wave.waveId, ['TWV-LD1', 'TWV-LD2'])).body.data).toBe(2);
    expect((await addOrder(wave.waveId)).body.data?.[0]?.outCode).toBe('SUCCESS');
    const details = await t.post<PageResult<Row>>(
      '/api/tAfoWaveDetail/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { whId: WV.whId, waveId: wave.waveId } },
      admin,
    );
    expect(details.body.data.content.map((d) => [d.orderNumber, d.loadId])).toEqual([
      ['TWV-LD1', 'LOAD-7'],
      ['TWV-LD2', 'LOAD-7'],
    ]);
  });

  it('refuses an order no longer confirmed, naming it, and changes nothing', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-B1', { earliestShipDate: '2031-06-01' });
    await insertOrder(db(), 'TWV-B2', { earliestShipDate: '2031-06-02' });
    await load(wave.waveId, byDate, { parameter1: '2031-06-01', parameter2: '2031-06-30' });
    await selectAll(wave.waveId, ['TWV-B1', 'TWV-B2']);
    await sql`update t_order set status = 'X' where order_number = 'TWV-B2'`.execute(db());
    const res = await addOrder(wave.waveId);
    expect(res.body.data[0]).toEqual({
      outCode: 'waveOrderNotConfirmed',
      outMsg: 'Order TWV-B2 has status “Cancelled”: only a confirmed order in no wave can be added',
    });
    expect(await orderState(db(), 'TWV-B1')).toEqual({ status: 'C', waveId: null });
    const { rows } = await sql`select 1 from t_afo_wave_detail where wave_id = ${wave.waveId}`.execute(db());
    expect(rows).toHaveLength(0);
    const none = await newWave();
    expect((await addOrder(none.waveId)).body.data[0]!.outCode).toBe('waveNoOrderSelected');
  });

  it('removes orders from the selection screen and from the wave detail: W → C, detail and lines gone', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-R1', { earliestShipDate: '2031-07-01' });
    await insertOrder(db(), 'TWV-R2', { earliestShipDate: '2031-07-02' });
    await load(wave.waveId, byDate, { parameter1: '2031-07-01', parameter2: '2031-07-31' });
    await selectAll(wave.waveId, ['TWV-R1', 'TWV-R2']);
    expect((await addOrder(wave.waveId)).body.data[0]!.outCode).toBe('SUCCESS');
    await selectAll(wave.waveId, ['TWV-R1']);
    const removed = await t.post<Out>(
      '/api/tAfaViewWaveOrder/removeOrder',
      { whId: WV.whId, waveId: wave.waveId, userName: 'admin' },
      admin,
    );
    expect(removed.body.data).toEqual([{ outCode: 'SUCCESS', outMsg: `Orders removed from wave ${wave.waveId}: 1` }]);
    expect(await orderState(db(), 'TWV-R1')).toEqual({ status: 'C', waveId: null });
    // Selecting an order that is not in the wave and removing it is refused naming it.
    await selectAll(wave.waveId, ['TWV-R1']);
    const notIn = await t.post<Out>(
      '/api/tAfaViewWaveOrder/removeOrder',
      { whId: WV.whId, waveId: wave.waveId, userName: 'admin' },
      admin,
    );
    expect(notIn.body.data[0]!.outMsg).toBe(`Order TWV-R1 is not in wave ${wave.waveId}`);
    const detail = (
      await t.post<PageResult<Row>>(
        '/api/tAfoWaveDetail/findPage',
        { pageNum: 1, pageSize: 8, columnFilters: { whId: WV.whId, waveId: wave.waveId } },
        admin,
      )
    ).body.data.content;
    expect(detail.map((d) => d.orderNumber)).toEqual(['TWV-R2']);
    const res = await t.post<Out>(
      '/api/tAfoWaveDetail/removeOrder',
      { whId: WV.whId, waveId: wave.waveId, ids: [detail[0]!.id] },
      admin,
    );
    expect(res.body.data[0]!.outCode).toBe('SUCCESS');
    expect(await orderState(db(), 'TWV-R2')).toEqual({ status: 'C', waveId: null });
    const { rows } = await sql`select 1 from t_afo_wave_detail_line where order_number in ('TWV-R1', 'TWV-R2')`.execute(db());
    expect(rows).toHaveLength(0);
  });

  it('adds and removes orders only while the wave is being built (N, or held from N)', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-H1', { earliestShipDate: '2031-08-01' });
    await load(wave.waveId, byDate, { parameter1: '2031-08-01', parameter2: '2031-08-31' });
    await selectAll(wave.waveId, ['TWV-H1']);
    await setWave(wave.waveId, 'H', 'N');
    expect((await addOrder(wave.waveId)).body.data[0]!.outCode).toBe('SUCCESS');
    await setWave(wave.waveId, 'H', 'R');
    const detail = (
      await t.post<PageResult<Row>>(
        '/api/tAfoWaveDetail/findPage',
        { pageNum: 1, pageSize: 8, columnFilters: { whId: WV.whId, waveId: wave.waveId } },
        admin,
      )
    ).body.data.content;
    const res = await t.post<Out>(
      '/api/tAfoWaveDetail/removeOrder',
      { whId: WV.whId, waveId: wave.waveId, ids: [detail[0]!.id] },
      admin,
    );
    expect(res.body.data[0]!.outCode).toBe('waveNotBuilding');
    expect(res.body.data[0]!.outMsg).toContain('Held');
    expect(await orderState(db(), 'TWV-H1')).toEqual({ status: 'W', waveId: wave.waveId });
  });

  it('keeps the wave detail and the lists read-only through the generic calls', async () => {
    const save = await t.post('/api/tAfoWaveDetail/save', { whId: WV.whId, waveId: 'X', orderNumber: 'Y' }, admin);
    expect(save.body).toMatchObject({ code: -10000, errorCode: 'viewOnlyEntity' });
    const batch = await t.post('/api/tAfoWaveDetailLine/batchDelete', [{ id: 1 }], admin);
    expect(batch.body).toMatchObject({ code: -10000, errorCode: 'viewOnlyEntity' });
    const mark = await t.post('/api/tAfaViewWaveOrder/save', { id: 1, selected: 'Y' }, admin);
    expect(mark.body).toMatchObject({ code: -10000, errorCode: 'viewOnlyEntity' });
    const lines = await t.post('/api/tAfaViewWaveOrderLine/batchDelete', [{ id: 1 }], admin);
    expect(lines.body).toMatchObject({ code: -10000, errorCode: 'viewOnlyEntity' });
  });
});

describe('warehouses and concurrency', () => {
  it('refuses every call on a wave of another warehouse, and lists nothing of it', async () => {
    const wave = await newWave();
    await insertOrder(db(), 'TWV-W1', { earliestShipDate: '2031-09-01' });
    await load(wave.waveId, byDate, { parameter1: '2031-09-01', parameter2: '2031-09-30' });
    await selectAll(wave.waveId, ['TWV-W1']);
    expect((await addOrder(wave.waveId)).body.data[0]!.outCode).toBe('SUCCESS');
    const detail = (
      await t.post<PageResult<Row>>(
        '/api/tAfoWaveDetail/findPage',
        { pageNum: 1, pageSize: 8, columnFilters: { whId: WV.whId, waveId: wave.waveId } },
        admin,
      )
    ).body.data.content[0]!;
    const call = { whId: WV.whId, waveId: wave.waveId, userName: 'wv-wh02' };
    expect((await t.post<Out>('/api/tAfaViewWaveOrder/addOrder', call, wh02)).body.data[0]!.outCode).toBe('warehouseNotGranted');
    expect((await t.post<Out>('/api/tAfaViewWaveOrder/removeOrder', call, wh02)).body.data[0]!.outCode).toBe(
      'warehouseNotGranted',
    );
    const remove = await t.post<Out>('/api/tAfoWaveDetail/removeOrder', { ...call, ids: [detail.id] }, wh02);
    expect(remove.body.data[0]!.outCode).toBe('warehouseNotGranted');
    const run = await t.post<Out>(
      '/api/tAfaProfile/execWaveLoadProfile',
      { whId: WV.whId, waveId: wave.waveId, clientCode: WV.client, profileId: byDate },
      wh02,
    );
    expect(run.body.data[0]!.outCode).toBe('warehouseNotGranted');
    expect((await t.post<Row[]>('/api/tAfoWaveDetailLine/findByWaveDetailId', { id: detail.id }, wh02)).body.data).toEqual([]);
    const profiles = await t.post<Row[]>(
      '/api/tAfaProfile/getProfile',
      { profileType: 'WAVE PROFILE', whId: WV.whId, clientCode: WV.client },
      wh02,
    );
    expect(profiles.body.data).toEqual([]);
    const details = await t.post<PageResult<Row>>(
      '/api/tAfoWaveDetail/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { whId: WV.whId, waveId: wave.waveId } },
      wh02,
    );
    expect(details.body.data.totalSize).toBe(0);
    expect(await orderState(db(), 'TWV-W1')).toEqual({ status: 'W', waveId: wave.waveId });
  });

  it('puts an order into one wave only when two waves add it at once', async () => {
    const a = await newWave();
    const b = await newWave();
    await insertOrder(db(), 'TWV-RACE', { earliestShipDate: '2031-10-01' });
    for (const wave of [a, b]) {
      await load(wave.waveId, byDate, { parameter1: '2031-10-01', parameter2: '2031-10-31' });
      await selectAll(wave.waveId, ['TWV-RACE']);
    }
    const answers = await Promise.all([addOrder(a.waveId), addOrder(b.waveId)]);
    const codes = answers.map((r) => r.body.data[0]!.outCode).sort();
    expect(codes).toEqual(['SUCCESS', 'waveOrderNotConfirmed']);
    const state = await orderState(db(), 'TWV-RACE');
    expect(state.status).toBe('W');
    const { rows } = await sql`select wave_id from t_afo_wave_detail where order_number = 'TWV-RACE'`.execute(db());
    expect(rows).toEqual([{ waveId: state.waveId }]);
  });

  it('answers no profile of another profile type', async () => {
    const other = await t.post<Row[]>(
      '/api/tAfaProfile/getProfile',
      { profileType: 'OTHER', whId: WV.whId, clientCode: WV.client },
      admin,
    );
    expect(other.body.data).toEqual([]);
  });
});

describe('permissions (spec 001 §6)', () => {
  it('needs :add for add order and the wave-load calls, :edit for select and hold, :delete for remove and unselect', async () => {
    const body = { whId: WV.whId, waveId: 'X', userName: 'wv-viewer' };
    expect((await t.post('/api/tAfaViewWaveOrder/addOrder', body, viewer)).status).toBe(403);
    expect(
      (
        await t.post(
          '/api/tAfaProfile/execWaveLoadProfile',
          { whId: WV.whId, waveId: 'X', clientCode: WV.client, profileId: 1 },
          viewer,
        )
      ).status,
    ).toBe(403);
    expect(
      (await t.post('/api/tAfaProfile/getProfile', { profileType: 'WAVE PROFILE', whId: WV.whId, clientCode: WV.client }, viewer))
        .status,
    ).toBe(403);
    expect((await t.post('/api/tAfaViewWaveOrder/handleSelect', [1], viewer)).status).toBe(403);
    expect((await t.post('/api/tAfaViewWaveOrder/handleSelect', [1], adder)).status).toBe(403);
    expect((await t.post('/api/tAfaViewWaveOrder/handleSelect', [1], editor)).status).toBe(200);
    expect((await t.post('/api/tAfaViewWaveOrder/handleUnselect', [1], editor)).status).toBe(403);
    expect((await t.post('/api/tAfaViewWaveOrder/removeOrder', body, adder)).status).toBe(403);
    expect((await t.post('/api/tAfoWaveDetail/removeOrder', { whId: WV.whId, waveId: 'X', ids: [1] }, editor)).status).toBe(403);
    expect((await t.post('/api/tWaveMaster/holdWave', { whId: WV.whId, waveIds: ['X'] }, adder)).status).toBe(403);
    expect((await t.post('/api/tAfaViewWaveOrder/addOrder', { ...body, userName: 'wv-adder' }, adder)).status).toBe(200);
    const find = { pageNum: 1, pageSize: 8, columnFilters: { whId: WV.whId, waveId: 'X', userName: 'wv-viewer' } };
    expect((await t.post('/api/tAfaViewWaveOrder/findPage', find, viewer)).status).toBe(200);
  });
});
