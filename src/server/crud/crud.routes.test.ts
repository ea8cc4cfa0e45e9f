import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en_us.json';
import zh from '../../../locales/zh_cn.json';
import { ENTITY_SAMPLES } from '../../../tests/support/entitySamples';
import { createTestApp, createUser, type TestApp } from '../../../tests/support/testApp';
import { ENTITIES } from '../../shared/entities';
import { permission } from '../../shared/permissions';
import { RECEIPT_BINDINGS } from '../modules/inbound/receipts.bindings';
import { INVENTORY_BINDINGS } from '../modules/inventory/inventory.bindings';
import { MASTERDATA_BINDINGS } from '../modules/masterdata/masterdata.bindings';
import { ALLOCATION_BINDING, PICK_BINDINGS } from '../modules/outbound/picking.bindings';
import { WAVE_BINDINGS } from '../modules/outbound/waves.bindings';
import { SHIPPING_BINDINGS } from '../modules/shipping/shipping.bindings';
import { WEBHOOK_BINDINGS } from '../modules/webhooks/webhooks.service';

const VIEW_ONLY = Object.values(ENTITIES).filter((e) => e.viewOnly);
const tableOf = (name: string) =>
  [
    ...MASTERDATA_BINDINGS,
    ...INVENTORY_BINDINGS,
    ...RECEIPT_BINDINGS,
    ...PICK_BINDINGS,
    ALLOCATION_BINDING,
    ...WAVE_BINDINGS,
    ...SHIPPING_BINDINGS,
    ...WEBHOOK_BINDINGS,
  ].find((b) => b.entity.name === name)?.table;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('view-only entities (the stock ledger, the logs, the receipts, picking, waves, cartons, deliveries, the print log)', () => {
  it('covers the ledger, both logs, the receipts, pick tasks, allocations, pick details, wave details, working sets, cartons, carton lines, deliveries, the print log and the webhook delivery log', () => {
    expect(VIEW_ONLY.map((e) => e.name).sort()).toEqual([
      'exceptionLog',
      'tAfaViewWaveOrder',
      'tAfaViewWaveOrderLine',
      'tAfoWaveDetail',
      'tAfoWaveDetailLine',
      'tAllocation',
      'tDelivery',
      'tPickDetail',
      'tReceipt',
      'tStoredItem',
      'tWavePickTask',
      'tWebhookDelivery',
      'tblPrintJob',
      'tblShippingLabel',
      'tblShippingLabelDetail',
      'tranLog',
    ]);
  });

  it('gives each one a reason in both languages', () => {
    for (const entity of VIEW_ONLY) {
      expect(zh, entity.name).toHaveProperty([`viewOnly.${entity.name}`]);
      expect(en, entity.name).toHaveProperty([`viewOnly.${entity.name}`]);
    }
  });

  it.each(VIEW_ONLY.map((e) => [e.name] as const))(
    '%s: refuses save and delete with the reason, in the user’s language, and changes nothing',
    async (name) => {
      const table = tableOf(name);
      expect(table, name).toBeDefined();
      const before = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table as string)}`.execute(
        t.connection.db,
      );
      const reason = en[`viewOnly.${name}` as keyof typeof en];
      const calls = [
        [`/api/${name}/save`, { whId: 'WH01', itemNumber: 'ACME-0001', actualQty: '1000' }],
        [`/api/${name}/save`, { id: 1, whId: 'WH01', actualQty: '1000', description: 'edited' }],
        [`/api/${name}/delete`, [{ id: 1 }]],
        [`/wmsApi/${name}/delete`, [{ id: 1 }]],
      ] as const;
      for (const [url, body] of calls) {
        const res = await t.post(url, body, admin);
        expect(res.status, url).toBe(200);
        expect(res.body, url).toMatchObject({ code: -10000, errorCode: 'viewOnlyEntity', data: null });
        expect(res.body.msg).toContain(reason);
      }
      const zhAnswer = await t.app.inject({
        method: 'POST',
        url: `/api/${name}/delete`,
        headers: { token: admin, lang: 'zh_cn' },
        payload: [{ id: 1 }],
      });
      expect(zhAnswer.json().msg).toContain(zh[`viewOnly.${name}` as keyof typeof zh]);
      const after = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table as string)}`.execute(
        t.connection.db,
      );
      expect(after.rows).toEqual(before.rows);
    },
  );

  it('guards them like every route: 401 without a token, 403 without the edit or delete permission', async () => {
    await createUser(t, 'viewer', {
      permissions: VIEW_ONLY.map((e) => permission(e.resource, 'view')),
      warehouses: ['WH01'],
    });
    const viewer = await t.login('viewer', 'Secret#123');
    for (const entity of VIEW_ONLY) {
      for (const action of ['save', 'delete']) {
        const url = `/api/${entity.name}/${action}`;
        expect((await t.post(url, action === 'save' ? {} : [{ id: 1 }])).status, url).toBe(401);
        expect((await t.post(url, action === 'save' ? {} : [{ id: 1 }], viewer)).status, url).toBe(403);
      }
      expect((await t.post(`/api/${entity.name}/findPage`, { pageNum: 1, pageSize: 5 }, viewer)).body.code).toBe(200);
    }
  });
});

describe('keys checked at commit', () => {
  it('refuses a unit of an item that does not exist with referenceNotFound, not a failed commit', async () => {
    for (const itemNumber of ['NO-SUCH-ITEM', 0]) {
      const res = await t.post(
        '/api/tItemUom/save',
        { whId: 'WH01', itemNumber, uom: 'BOX', conversionFactor: '6', uomPrompt: 'x', status: 'A' },
        admin,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: -10000, errorCode: 'referenceNotFound' });
      expect(res.body.msg).toContain(String(itemNumber));
    }
    // An item and its base unit, written in one save, still pass the same check.
    const item = await t.post('/api/tItemMaster/save', { ...ENTITY_SAMPLES.tItemMaster!(93) }, admin);
    expect(item.body).toMatchObject({ code: 200 });
  });

  it('refuses a task in a warehouse that does not exist with referenceNotFound, whatever the hook wrote first', async () => {
    for (const whId of ['NOPE', '%']) {
      for (const entity of ['tblInvAdjustment', 'tblInvMovement']) {
        const res = await t.post(`/api/${entity}/save`, { whId, description: 'x' }, admin);
        expect(res.body, `${entity} ${whId}`).toMatchObject({ code: -10000, errorCode: 'referenceNotFound' });
      }
    }
    const { rows } = await sql`select 1 from t_control where wh_id in ('NOPE', '%')`.execute(t.connection.db);
    expect(rows).toEqual([]);
  });
});
