import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../src/server/crud/crud.types';
import { fanOut } from '../../src/server/modules/webhooks/dispatcher';
import { forgetSessions } from '../../src/server/platform/session';
import { ENTITIES } from '../../src/shared/entities';
import { ACTIONS, AUTHENTICATED, PUBLIC, permission } from '../../src/shared/permissions';
import type { PageResult } from '../../src/shared/wire';
import { ENTITY_EDITS, ENTITY_SAMPLES } from '../support/entitySamples';
import { createInventoryFixture, FIX, insertAdjustment } from '../support/inventoryFixture';
import { createOrder } from '../support/orderFixture';
import { createTestApp, createUser, type TestApp } from '../support/testApp';

let t: TestApp;
let powerless: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, 'powerless', { permissions: [], warehouses: ['WH01'] });
  powerless = await t.login('powerless', 'Secret#123');
});
afterAll(() => t.close());

const call = (method: string, url: string, token?: string) =>
  t.app.inject({
    method: method as 'GET' | 'POST',
    url: url.replace(/:(\w+)/g, 'x'),
    headers: token ? { token } : {},
    ...(method === 'POST' ? { payload: {} } : {}),
  });

/** Every route Fastify knows, read from its own route tree (`printRoutes`), as `METHOD /path`. */
function fastifyRoutes(tree: string): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) routes.add(`${method} ${path}`);
  }
  return routes;
}

describe('the route walk', () => {
  it('walks every API route Fastify has registered, each with its declared permission', () => {
    // The interactive API reference (/api/docs, Swagger UI's page and assets) is a static page outside the guard: it
    // reads the public description and calls nothing itself.
    const known = [...fastifyRoutes(t.app.printRoutes({ commonPrefix: false }))].filter(
      (r) => /^\w+ \/(api|wmsApi)\//.test(r) && !/^\w+ \/api\/docs(\/|$)/.test(r),
    );
    const walked = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    expect(known.length).toBeGreaterThan(40);
    expect(known.filter((r) => !walked.has(r))).toEqual([]);
    expect([...walked].filter((r) => !known.includes(r))).toEqual([]);
  });

  it('finds the routes of both base paths', () => {
    expect(t.routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(10);
    expect(t.routes.filter((r) => r.url.startsWith('/wmsApi/')).length).toBe(
      t.routes.filter((r) => r.url.startsWith('/api/')).length,
    );
  });

  it('answers 401 without a token on every route but login, captcha and logout', async () => {
    const open = t.routes.filter((r) => r.permission === PUBLIC).map((r) => r.url.replace(/^\/(api|wmsApi)/, ''));
    expect([...new Set(open)].sort()).toEqual([
      '/captcha.jpg',
      '/config/public',
      // The dock station's own calls: they need its station key instead (kiosk module README).
      '/kiosk/enrol',
      '/kiosk/login/badge',
      '/kiosk/login/pin',
      '/kiosk/station',
      // The station's outbox: a kept hand-over sent with the station key and the session it was confirmed in.
      '/kiosk/station/handover',
      '/login',
      '/logout',
      // The API description: it describes the routes and reveals no data (server README "The API description").
      '/openapi.json',
    ]);
    for (const route of t.routes.filter((r) => r.permission !== PUBLIC)) {
      const res = await call(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, data: null });
    }
  });

  it('answers 403 on every permission-guarded route to a user whose role lacks the permission', async () => {
    const guarded = t.routes.filter((r) => r.permission !== PUBLIC && r.permission !== AUTHENTICATED);
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const res = await call(route.method, route.url, powerless);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('answers 401 for a made-up token', async () => {
    const res = await call('GET', '/api/user/findPermissions', 'not-a-real-token');
    expect(res.statusCode).toBe(401);
  });

  it('does not let one user read another user through the session calls', async () => {
    const res = await t.get('/api/user/findByName?name=admin', powerless);
    expect(res.status).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 400 with a message for a malformed page request, and a localized 404 for an unknown call', async () => {
    const admin = await t.login();
    const res = await t.post('/api/tWhse/findPage', { pageNum: 0, pageSize: 5000 }, admin);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Bad request');
    const missing = await t.post('/api/noSuchThing/save', {}, admin);
    expect(missing.status).toBe(404);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/tWhse/findPage',
      headers: { token: admin, lang: 'zh_cn' },
      payload: { pageNum: 0 },
    });
    expect(zh.json().msg).toContain('请求错误');
  });

  it('sends the security headers', async () => {
    const res = await call('GET', '/api/config/public');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('warehouse grants on every generic entity', () => {
  const scoped = Object.values(ENTITIES).filter((e) => e.warehouseScoped && !e.viewOnly);
  const viewOnly = Object.values(ENTITIES).filter((e) => e.warehouseScoped && e.viewOnly);
  let admin: string;
  let wh02: string;
  beforeAll(async () => {
    admin = await t.login();
    // Every permission of every entity, but only warehouse WH02; the samples live in WH01.
    const everything = Object.values(ENTITIES).flatMap((e) => ACTIONS.map((a) => permission(e.resource, a)));
    await createUser(t, 'wh02-only', { permissions: everything, warehouses: ['WH02'] });
    wh02 = await t.login('wh02-only', 'Secret#123');
  });

  it('covers the warehouse-scoped entities', () => {
    expect(scoped.map((e) => e.name)).toEqual(expect.arrayContaining(['tWhse', 'tClient']));
  });

  it.each(scoped.map((e) => [e.name, e] as const))(
    "%s: another warehouse's rows cannot be read, changed or deleted",
    async (name, entity) => {
      const sample = ENTITY_SAMPLES[name]!(19);
      const id = (await t.post<number>(`/api/${name}/save`, sample, admin)).body.data;
      expect(id, `admin saves a ${name} sample`).toBeGreaterThan(0);
      const find = (token: string, filters: Record<string, unknown> = {}) =>
        t.post<PageResult<Row>>(`/api/${name}/findPage`, { pageNum: 1, pageSize: 1000, columnFilters: filters }, token);
      const seen = (await find(wh02)).body.data.content;
      expect(seen.every((r) => r.whId === 'WH02')).toBe(true);
      expect(seen.some((r) => r.id === id)).toBe(false);
      expect((await find(wh02, { whId: String(sample.whId) })).body.data.totalSize).toBe(0);
      const before = (await find(admin, { whId: String(sample.whId) })).body.data.content.find((r) => r.id === id);
      const edit = Object.fromEntries(
        Object.entries(entity.fields)
          .filter(([, d]) => d.type === 'text' && !d.immutable && !d.pattern && !d.lookup)
          .map(([f]) => [f, 'changed']),
      );
      expect((await t.post(`/api/${name}/save`, { ...sample, ...edit, id }, wh02)).body).toMatchObject({ code: 200, data: 0 });
      expect((await t.post(`/api/${name}/delete`, [{ id }], wh02)).body).toMatchObject({ code: 200, data: 0 });
      const after = (await find(admin, { whId: String(sample.whId) })).body.data.content.find((r) => r.id === id);
      expect(after).toEqual(before);
      // A new row in an existing warehouse the user does not hold is refused and not written.
      const other = ENTITY_SAMPLES[name]!(20);
      const exists = await sql`select 1 from t_whse where wh_id = ${String(other.whId)}`.execute(t.connection.db);
      if (exists.rows.length > 0) {
        const total = (await find(admin)).body.data.totalSize;
        const insert = await t.post(`/api/${name}/save`, other, wh02);
        expect(insert.body).toMatchObject({ code: 200, data: 0 });
        expect((await find(admin)).body.data.totalSize).toBe(total);
      }
    },
  );

  // The ledger and the logs are written by the inventory services: stock one WH01 location through an adjustment,
  // and have one refused, then look at them as the WH02-only user.
  it.each(viewOnly.map((e) => [e.name] as const))("%s: another warehouse's rows cannot be read", async (name) => {
    const { rows } = await sql<{ itemNumber: string; uom: string; locationId: string }>`
      select i.item_number, i.uom, l.location_id from t_item_master i
      join t_location l on l.wh_id = i.wh_id and l.item_hu_indicator = 'I' and l.status = 'A'
      where i.wh_id = 'WH01' and i.lot_control = 'N' and i.attribute_collection_id is null and i.status = 'A' limit 1`.execute(
      t.connection.db,
    );
    const stock = rows[0]!;
    const task = async () => {
      const id = (await t.post<number>('/api/tblInvAdjustment/save', { whId: 'WH01', description: name }, admin)).body.data;
      const page = await t.post<PageResult<Row>>(
        '/api/tblInvAdjustment/findPage',
        { pageNum: 1, pageSize: 5, columnFilters: {} },
        admin,
      );
      return String(page.body.data.content.find((r) => r.id === id)?.taskId);
    };
    const stocked = await task();
    const line = {
      whId: 'WH01',
      taskId: stocked,
      lineNumber: 1,
      itemNumber: stock.itemNumber,
      locationId: stock.locationId,
      qty: '5',
      uom: stock.uom,
    };
    expect((await t.post('/api/tblInvAdjustmentDetail/save', line, admin)).body.code).toBe(200);
    expect((await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId: stocked }, admin)).body.code).toBe(
      200,
    );
    const empty = await task();
    expect((await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId: empty }, admin)).body.code).toBe(
      -10000,
    );

    // Webhook deliveries are written by the dispatcher's fan-out: a subscription of WH01 to the adjustment just made.
    if (name === 'tWebhookDelivery') {
      const saved = await t.post<number>(
        '/api/tWebhookSubscription/save',
        { whId: 'WH01', url: 'https://erp.example.com/security', events: 'stock.adjusted', active: 'Y' },
        admin,
      );
      expect(saved.body.data).toBeGreaterThan(0);
      await fanOut(t.connection.db, new Date());
    }
    // Receipts are written by receiving: one line of a PO made here is received at the same location.
    if (name === 'tReceipt') {
      const client = await sql<{ clientCode: string }>`
        select client_code from t_item_master where wh_id = 'WH01' and item_number = ${stock.itemNumber}`.execute(
        t.connection.db,
      );
      await sql`insert into t_po_master (wh_id, client_code, po_number) values ('WH01', ${client.rows[0]!.clientCode}, 'SEC-PO')`.execute(
        t.connection.db,
      );
      await sql`insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
        values ('WH01', 'SEC-PO', 1, ${stock.itemNumber}, 10, ${stock.uom})`.execute(t.connection.db);
      const received = await t.post(
        '/api/globalOptions/addReceipt',
        { whId: 'WH01', poNumber: 'SEC-PO', lineNumber: 1, qty: '1', locationId: stock.locationId },
        admin,
      );
      expect(received.body.code).toBe(200);
    }
    // Pick tasks, allocations and pick details are written by wave release: one order line of a wave with one task;
    // cartons, their lines, deliveries and the print log by the shipping calls: one carton of that order in a delivery.
    const shipping = ['tblShippingLabel', 'tblShippingLabelDetail', 'tDelivery', 'tblPrintJob'].includes(name);
    if (['tWavePickTask', 'tAllocation', 'tPickDetail'].includes(name) || shipping) {
      const db = t.connection.db;
      const client = await sql<{ clientCode: string }>`
        select client_code from t_item_master where wh_id = 'WH01' and item_number = ${stock.itemNumber}`.execute(db);
      const clientCode = client.rows[0]!.clientCode;
      const doc = `SEC-${name}`;
      await sql`insert into t_wave_master (wh_id, wave_id, status) values ('WH01', ${doc}, 'R')`.execute(db);
      await sql`insert into t_order (wh_id, client_code, order_number, status, wave_id)
        values ('WH01', ${clientCode}, ${doc}, 'A', ${doc})`.execute(db);
      await sql`insert into t_order_detail (wh_id, order_number, line_number, item_number, qty, order_uom)
        values ('WH01', ${doc}, 1, ${stock.itemNumber}, 1, ${stock.uom})`.execute(db);
      const detail = await sql<{ id: number }>`
        insert into t_pick_detail (wh_id, wave_id, order_number, line_number, client_code, item_number, uom, qty_ordered,
          planned_qty)
        values ('WH01', ${doc}, ${doc}, 1, ${clientCode}, ${stock.itemNumber}, ${stock.uom}, 1, 1) returning id`.execute(db);
      await sql`insert into t_wave_pick_task (pick_id, pick_detail_id, wh_id, wave_id, order_number, line_number, client_code,
          item_number, pick_location, quantity, pick_rule)
        values (${doc}, ${detail.rows[0]!.id}, 'WH01', ${doc}, ${doc}, 1, ${clientCode}, ${stock.itemNumber},
          ${stock.locationId}, 1, 'FIFO')`.execute(db);
      if (shipping) {
        await sql`insert into t_delivery (wh_id, delivery_number, carrier_id, carton_count) values ('WH01', ${doc}, 'SF', 1)`.execute(
          db,
        );
        await sql`insert into tbl_shipping_label (wh_id, carton_number, order_number, wave_id, client_code, location_id,
            carton_type, carton_seq, status, delivery_number)
          values ('WH01', ${doc}, ${doc}, ${doc}, ${clientCode}, ${stock.locationId}, 'S', 1, 'D', ${doc})`.execute(db);
        await sql`insert into tbl_shipping_label_detail (wh_id, carton_number, carton_type, order_number, line_number,
            pick_detail_id, client_code, item_number, qty, uom)
          values ('WH01', ${doc}, 'S', ${doc}, 1, ${detail.rows[0]!.id}, ${clientCode}, ${stock.itemNumber}, 1, ${stock.uom})`.execute(
          db,
        );
        await sql`insert into tbl_print_job (wh_id, document_type, reference, pages, bytes, language, print_by)
          values ('WH01', 'SHIP_LABEL', ${doc}, 1, 1000, 'zh_cn', 'admin')`.execute(db);
      }
    }
    const find = (token: string, filters: Record<string, unknown> = {}) =>
      t.post<PageResult<Row>>(`/api/${name}/findPage`, { pageNum: 1, pageSize: 1000, columnFilters: filters }, token);
    expect((await find(admin, { whId: 'WH01' })).body.data.totalSize).toBeGreaterThan(0);
    expect((await find(wh02, { whId: 'WH01' })).body.data.totalSize).toBe(0);
    expect((await find(wh02)).body.data.content.every((r) => r.whId === 'WH02')).toBe(true);
  });
});

describe('login throttling under a burst', () => {
  it('locks the account after a parallel burst of wrong passwords, and lets the real user in once the capped lock ends', async () => {
    await createUser(t, 'burst', { permissions: [], warehouses: [], password: 'Burst#2024' });
    const attempts = 25;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) => t.post('/api/login', { account: 'burst', password: `wrong${i}`, captcha: '' })),
    );
    expect(answers.every((a) => a.body.code === -10000)).toBe(true);
    // Every failure was counted: parallel requests lose no update.
    const row = await t.connection.db
      .selectFrom('sysLoginThrottle')
      .selectAll()
      .where('key', '=', 'account:burst')
      .executeTakeFirst();
    expect(row?.failures).toBe(answers.filter((a) => a.body.errorCode === 'loginInvalidAccount').length);
    const locked = await t.post('/api/login', { account: 'burst', password: 'Burst#2024', captcha: '' });
    expect(locked.body.errorCode).toBe('loginThrottled');
    t.clock.now = new Date(t.clock.now.getTime() + 16 * 60_000);
    const ok = await t.post('/api/login', { account: 'burst', password: 'Burst#2024', captcha: '' });
    expect(ok.body.code).toBe(200);
  });
});

describe('client grants within a warehouse', () => {
  it('a user limited to one client of WH01 sees, changes and deletes only that client’s rows', async () => {
    const admin = await t.login();
    await createUser(t, 'acme-only', {
      permissions: ['sys:tItemMaster:view', 'sys:tItemMaster:edit', 'sys:tItemMaster:delete'],
      warehouses: ['WH01'],
    });
    await sql`update sys_user_warehouse set client_codes = array['ACME']::varchar[]
      where user_id = (select id from sys_user where name = 'acme-only')`.execute(t.connection.db);
    const token = await t.login('acme-only', 'Secret#123');
    const find = (tk: string) =>
      t.post<PageResult<Row>>('/api/tItemMaster/findPage', { pageNum: 1, pageSize: 1000, columnFilters: { whId: 'WH01' } }, tk);
    const mine = (await find(token)).body.data.content;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.clientCode === 'ACME')).toBe(true);
    const other = (await find(admin)).body.data.content.find((r) => r.clientCode !== 'ACME')!;
    expect(other).toBeDefined();
    const edit = await t.post('/api/tItemMaster/save', { ...other, description: 'changed' }, token);
    expect(edit.body).toMatchObject({ code: 200, data: 0 });
    const del = await t.post('/api/tItemMaster/delete', [{ id: other.id }], token);
    expect(del.body).toMatchObject({ code: 200, data: 0 });
    const own = mine[0]!;
    // An item cannot be handed to another client (its client is part of what it is).
    await t.post('/api/tItemMaster/save', { ...own, clientCode: String(other.clientCode) }, token);
    expect((await find(token)).body.data.content.find((r) => r.id === own.id)).toMatchObject({ clientCode: 'ACME' });
  });
});

describe('add, edit and delete are separate permissions on every save and delete route', () => {
  // Every save route of the app that admits add or edit (generic entities, task lines, users), with its resource.
  const saveRoutes = () =>
    t.routes.flatMap((r) => {
      const match = /^\/api\/(\w+)\/save$/.exec(r.url);
      const resource = /^sys:(\w+):add,sys:\1:edit$/.exec(r.permission)?.[1];
      // The ledger and the logs refuse every save and delete with their reason (crud.routes.test.ts); they have no
      // rows for the add/edit/delete walk below.
      const viewOnly = match && Object.values(ENTITIES).some((e) => e.name === match[1] && e.viewOnly);
      return match && resource && !viewOnly ? [{ name: match[1]!, resource }] : [];
    });
  const deleteCalls = (name: string) =>
    t.routes.filter((r) => r.url === `/api/${name}/delete` || r.url === `/api/${name}/batchDelete`).map((r) => r.url);
  const tokens: Record<'add' | 'edit' | 'delete', string> = { add: '', edit: '', delete: '' };
  let admin: string;
  const tasks = { movement: '', adjustment: '', po: '', order: '' };
  // Valid new rows of the line entities (the others come from ENTITY_SAMPLES).
  const lineSamples: Record<string, (n: number) => Row> = {
    tblInvMovementDetail: (n) => ({
      whId: FIX.whId,
      taskId: tasks.movement,
      lineNumber: n,
      itemNumber: FIX.itemPlain,
      sourceLocationId: FIX.i1,
      destLocationId: FIX.i2,
      qty: '1',
      uom: 'EA',
    }),
    tblInvAdjustmentDetail: (n) => ({
      whId: FIX.whId,
      taskId: tasks.adjustment,
      lineNumber: n,
      itemNumber: FIX.itemPlain,
      locationId: FIX.i2,
      qty: '1',
      uom: 'EA',
    }),
    tPoDetail: (n) => ({
      whId: FIX.whId,
      poNumber: tasks.po,
      lineNumber: n,
      itemNumber: FIX.itemPlain,
      qty: '1',
      orderUom: 'EA',
    }),
    tOrderDetail: (n) => ({
      whId: FIX.whId,
      orderNumber: tasks.order,
      lineNumber: n,
      itemNumber: FIX.itemPlain,
      qty: '1',
      orderUom: 'EA',
    }),
  };
  const lineEdits: Record<string, Row> = {
    tblInvMovementDetail: { qty: '2' },
    tblInvAdjustmentDetail: { qty: '2' },
    tPoDetail: { qty: '2' },
    tOrderDetail: { qty: '2' },
  };
  const sample = (name: string, n: number) => (lineSamples[name] ?? ENTITY_SAMPLES[name])?.(n);

  beforeAll(async () => {
    admin = await t.login();
    await createInventoryFixture(t.connection.db);
    await insertAdjustment(t.connection.db, 'SEC-STOCK', [{ at: FIX.i1, itemNumber: FIX.itemPlain, qty: '100' }]);
    await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: FIX.whId, taskId: 'SEC-STOCK' }, admin);
    for (const [kind, entity] of [
      ['movement', 'tblInvMovement'],
      ['adjustment', 'tblInvAdjustment'],
    ] as const) {
      const id = (await t.post<number>(`/api/${entity}/save`, { whId: FIX.whId }, admin)).body.data;
      const { rows } = await sql<{ taskId: string }>`
        select task_id from ${sql.table(kind === 'movement' ? 'tbl_inv_movement' : 'tbl_inv_adjustment')} where id = ${id}`.execute(
        t.connection.db,
      );
      tasks[kind] = rows[0]!.taskId;
    }
    const po = (
      await t.post<number>(
        '/api/tPoMaster/save',
        { whId: FIX.whId, clientCode: FIX.client, typeId: 'STD', appointmentStatus: 'N' },
        admin,
      )
    ).body.data;
    tasks.po = String(
      (await sql<{ poNumber: string }>`select po_number from t_po_master where id = ${po}`.execute(t.connection.db)).rows[0]!
        .poNumber,
    );
    tasks.order = await createOrder(t.connection.db, []);
    const resources = [...new Set(saveRoutes().map((r) => r.resource))];
    for (const action of ['add', 'edit', 'delete'] as const) {
      await createUser(t, `only-${action}`, { permissions: resources.map((r) => permission(r, action)), warehouses: ['WH01'] });
      tokens[action] = await t.login(`only-${action}`, 'Secret#123');
    }
  });

  it('covers the generic entities, the task lines and the users', () => {
    const names = saveRoutes().map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'tItemMaster',
        'tControl',
        'tblInvMovementDetail',
        'tblInvAdjustmentDetail',
        'tPoMaster',
        'tPoDetail',
        'user',
        'menu',
      ]),
    );
    for (const name of names) expect(deleteCalls(name).length, name).toBeGreaterThan(0);
  });

  // Three users times every save and delete route: a few hundred calls, a minute on PGlite when CI shares the cores.
  it('lets a user with only :add insert but not update or delete, only :edit update but not insert or delete, only :delete delete but not save', async () => {
    const checked: string[] = [];
    for (const { name } of saveRoutes()) {
      const make = sample(name, 17);
      const { whId } = make ?? {};
      // An existing row: one the admin saves from the sample, else the first the admin sees (tree entities).
      const id = make
        ? (await t.post<number>(`/api/${name}/save`, make, admin)).body.data
        : (await t.post<PageResult<Row>>(`/api/${name}/findPage`, { pageNum: 1, pageSize: 1 }, admin)).body.data.content[0]?.id;
      expect(typeof id === 'number' && id > 0, `${name}: a row to work on (${JSON.stringify(id)})`).toBe(true);
      const update = { ...(make ?? {}), ...(ENTITY_EDITS[name] ?? lineEdits[name] ?? {}), id };
      const insert = sample(name, 18) ?? { whId: 'WH01' };
      const expectStatus = async (token: string, url: string, body: unknown, status: number) => {
        const res = await t.post(url, body, token);
        expect(res.status, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
        return res;
      };
      await expectStatus(tokens.add, `/api/${name}/save`, update, 403);
      await expectStatus(tokens.edit, `/api/${name}/save`, insert, 403);
      await expectStatus(tokens.delete, `/api/${name}/save`, update, 403);
      await expectStatus(tokens.delete, `/api/${name}/save`, insert, 403);
      for (const url of deleteCalls(name)) {
        await expectStatus(tokens.add, url, [{ id }], 403);
        await expectStatus(tokens.edit, url, [{ id }], 403);
      }
      if (!make) continue;
      // Each permission does what it names (the row is in a warehouse the users hold).
      if (whId && whId !== 'WH01') {
        await sql`insert into sys_user_warehouse (user_id, wh_id)
          select id, ${String(whId)} from sys_user where name like 'only-%'`.execute(t.connection.db);
        // Written behind the server's back: its cached session checks learn of it as a grant saved through it would.
        forgetSessions(t.connection.db);
      }
      expect((await expectStatus(tokens.edit, `/api/${name}/save`, update, 200)).body, name).toMatchObject({
        code: 200,
        data: id,
      });
      const [remove, ...more] = deleteCalls(name);
      expect((await expectStatus(tokens.delete, remove!, [{ id }], 200)).body, name).toMatchObject({ code: 200, data: 1 });
      const added = (await expectStatus(tokens.add, `/api/${name}/save`, insert, 200)).body;
      expect(added, name).toMatchObject({ code: 200 });
      expect(added.data, name).toBeGreaterThan(0);
      for (const url of more) {
        expect((await expectStatus(tokens.delete, url, [{ id: added.data }], 200)).body, url).toMatchObject({ data: 1 });
      }
      checked.push(name);
    }
    expect(checked).toEqual(
      expect.arrayContaining(['tItemMaster', 'tblInvMovementDetail', 'tblInvAdjustmentDetail', 'tPoMaster', 'tPoDetail']),
    );
  }, 120_000);
});
