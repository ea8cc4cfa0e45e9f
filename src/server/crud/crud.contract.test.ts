import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_EDITS, ENTITY_SAMPLES } from '../../../tests/support/entitySamples';
import { createTestApp, createUser, type TestApp } from '../../../tests/support/testApp';
import { ENTITIES } from '../../shared/entities';
import type { EntityDef } from '../../shared/entities/defineEntity';
import { ACTIONS, permission } from '../../shared/permissions';
import type { PageResult } from '../../shared/wire';
import type { Row } from './crud.types';

/** The spec's refusals of a save without warehouse or client (spec 001 §8; rowRefusal). */
const SPEC_EMPTY: Readonly<Record<string, readonly [string, string]>> = {
  whId: ['warehouseEmpty', 'Operation failed. Warehouse cannot be empty'],
  clientCode: ['clientEmpty', 'Operation failed. Client cannot be empty'],
};

let t: TestApp;
let admin: string;
let outsider: string;
let wh02Only: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const everything = Object.values(ENTITIES).flatMap((e) => ACTIONS.map((a) => permission(e.resource, a)));
  await createUser(t, 'outsider', { permissions: [], warehouses: ['WH01', 'WH02'] });
  await createUser(t, 'wh02', { permissions: everything, warehouses: ['WH02'] });
  outsider = await t.login('outsider', 'Secret#123');
  wh02Only = await t.login('wh02', 'Secret#123');
});
afterAll(() => t.close());

/**
 * Entities the user keys and edits freely. View-only entities (ledger, logs) and server-numbered task headers have
 * no user key to collide on; their modules test them (e.g. src/server/modules/inventory/inventory.routes.test.ts).
 */
const CONTRACT_ENTITIES = Object.values(ENTITIES).filter((e) => !e.viewOnly && !e.unique.some((f) => e.fields[f]?.readOnly));

function contractHelpers(name: string, entity: EntityDef) {
  const sample = ENTITY_SAMPLES[name];
  const find = (filters: Record<string, unknown>, token = admin) =>
    t.post<PageResult<Row>>(`/api/${name}/findPage`, { pageNum: 1, pageSize: 100, columnFilters: filters }, token);
  const keyFilter = (row: Row) => Object.fromEntries(entity.unique.map((f) => [f, row[f]]));
  return { sample, find, keyFilter };
}

// One contract, every user-keyed generic entity (docs/style.md): a new entity gets these guarantees by being listed.
describe.each(CONTRACT_ENTITIES.map((e) => [e.name, e] as const))('%s', (name, entity) => {
  const { sample, find, keyFilter } = contractHelpers(name, entity);

  it('has a sample row for the contract suite', () => {
    expect(sample).toBeDefined();
  });

  it('saves a new row that findPage then finds by each filterable field, exactly and with % wildcards', async () => {
    const row = sample!(1);
    const saved = await t.post<number>(`/api/${name}/save`, row, admin);
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toBeGreaterThan(0);
    // The key narrows the search to the new row (demo data fills many pages); alone, the filter keeps only matches.
    const key = keyFilter(row);
    for (const [field, def] of Object.entries(entity.fields)) {
      if (!def.filter || row[field] === undefined) continue;
      const value = String(row[field]);
      const exact = await find({ ...key, [field]: value });
      expect(
        exact.body.data.content.map((r) => r.id),
        `filter ${field}`,
      ).toContain(saved.body.data);
      const alone = await find({ [field]: value });
      expect(
        alone.body.data.content.every((r) => String(r[field]) === value),
        `only matches of ${field}`,
      ).toBe(true);
      const wildcard = await find({ ...key, [field]: { name: field, value: `%${value.slice(1)}` } });
      expect(
        wildcard.body.data.content.map((r) => r.id),
        `wildcard ${field}`,
      ).toContain(saved.body.data);
    }
    const any = await find(
      Object.fromEntries(
        Object.keys(entity.fields)
          .filter((f) => entity.fields[f]!.filter)
          .map((f) => [f, '%']),
      ),
    );
    const all = await find({});
    expect(any.body.data.totalSize).toBe(all.body.data.totalSize);
  });

  it('updates a row by id and keeps its key fields', async () => {
    const row = sample!(2);
    const id = (await t.post<number>(`/api/${name}/save`, row, admin)).body.data;
    const changedKeys = Object.fromEntries(entity.unique.filter((f) => f !== 'whId').map((f) => [f, `${String(row[f])}X`]));
    const res = await t.post<number>(`/api/${name}/save`, { ...row, ...ENTITY_EDITS[name], ...changedKeys, id }, admin);
    expect(res.body.data).toBe(id);
    const found = (await find(keyFilter(row))).body.data.content;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject(ENTITY_EDITS[name]!);
  });

  it('refuses a filter on a field that is not declared filterable', async () => {
    const res = await find({ notAField: 'x' });
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'unknownFilter' });
  });

  it('refuses a row without its required fields, with the field named, and writes nothing', async () => {
    const before = (await find({})).body.data.totalSize;
    const required = Object.entries(entity.fields).find(([, d]) => d.required)![0];
    const res = await t.post(`/api/${name}/save`, { ...sample!(3), [required]: '' }, admin);
    // A missing warehouse or client answers in the spec's words (spec 001 §8), any other field names itself.
    const spec = SPEC_EMPTY[required];
    if (spec) expect(res.body).toMatchObject({ code: -10000, errorCode: spec[0], msg: spec[1] });
    else {
      expect(res.body).toMatchObject({ code: -10000, errorCode: 'fieldRequired' });
      expect(res.body.msg).toContain('required');
    }
    expect((await find({})).body.data.totalSize).toBe(before);
  });

  it('refuses a duplicate key', async () => {
    await t.post(`/api/${name}/save`, sample!(4), admin);
    const res = await t.post(`/api/${name}/save`, sample!(4), admin);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'duplicateKey' });
    // Field names in the user's language, never locale keys.
    expect(res.body.msg).toMatch(/already exists$/);
    expect(res.body.msg).not.toContain('entity.');
  });

  it('answers 403 to a user without the permission, for every call', async () => {
    expect((await find({}, outsider)).status).toBe(403);
    expect((await t.post(`/api/${name}/save`, sample!(5), outsider)).status).toBe(403);
    expect((await t.post(`/api/${name}/delete`, [{ id: 1 }], outsider)).status).toBe(403);
  });

  it('deletes the listed rows in one call', async () => {
    const a = (await t.post<number>(`/api/${name}/save`, sample!(7), admin)).body.data;
    const b = (await t.post<number>(`/api/${name}/save`, sample!(8), admin)).body.data;
    const res = await t.post<number>(`/api/${name}/delete`, [{ id: a }, { id: b }], admin);
    expect(res.body).toMatchObject({ code: 200, data: 2 });
    expect((await find(keyFilter(sample!(7)))).body.data.totalSize).toBe(0);
  });
});

// Warehouse-scoped entities add one guarantee: a user sees and changes only the granted warehouses' rows.
describe.each(CONTRACT_ENTITIES.filter((e) => e.warehouseScoped).map((e) => [e.name, e] as const))(
  '%s within warehouse grants',
  (name, entity) => {
    const { sample, find, keyFilter } = contractHelpers(name, entity);

    it('limits a user to the granted warehouses: hidden rows, and data 0 for writes', async () => {
      const row = sample!(6);
      const id = (await t.post<number>(`/api/${name}/save`, row, admin)).body.data;
      const before = (await find(keyFilter(row))).body.data.content;
      // The WH02 user must have a row of their own to see: the demo data's, else one made here (dock stations).
      if ((await find({ whId: 'WH02' })).body.data.content.length === 0) {
        const other = await t.post<number>(`/api/${name}/save`, { ...sample!(7), whId: 'WH02' }, admin);
        expect(other.body.code, other.body.msg ?? '').toBe(200);
      }
      const seen = (await find({}, wh02Only)).body.data.content;
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((r) => r.whId === 'WH02')).toBe(true);
      const edit = await t.post<number>(`/api/${name}/save`, { ...row, ...ENTITY_EDITS[name], id }, wh02Only);
      expect(edit.body).toMatchObject({ code: 200, data: 0 });
      const del = await t.post<number>(`/api/${name}/delete`, [{ id }], wh02Only);
      expect(del.body).toMatchObject({ code: 200, data: 0 });
      const still = (await find(keyFilter(row))).body.data.content;
      expect(still).toHaveLength(1);
      expect(still).toEqual(before);
    });
  },
);

describe('referential safety', () => {
  it('refuses to delete a warehouse its clients still use, and changes nothing', async () => {
    const wh = (
      await t.post<PageResult<Row>>('/api/tWhse/findPage', { pageNum: 1, pageSize: 10, columnFilters: { whId: 'WH01' } }, admin)
    ).body.data.content[0]!;
    const res = await t.post('/api/tWhse/delete', [{ id: wh.id }], admin);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'inUse' });
    expect(res.body.msg).toContain('WH01');
    const after = await t.post<PageResult<Row>>(
      '/api/tWhse/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { whId: 'WH01' } },
      admin,
    );
    expect(after.body.data.totalSize).toBe(1);
  });

  it('refuses a client in a warehouse that does not exist', async () => {
    const res = await t.post('/api/tClient/save', { whId: 'NOPE', clientCode: 'X1', name: 'x' }, admin);
    expect(res.body.code).toBe(-10000);
  });

  it('grants a new warehouse to the non-administrator who creates it', async () => {
    const res = await t.post<number>('/api/tWhse/save', { whId: 'WH77', name: 'New DC' }, wh02Only);
    expect(res.body.data).toBeGreaterThan(0);
    const seen = await t.post<PageResult<Row>>('/api/tWhse/findPage', { pageNum: 1, pageSize: 10 }, wh02Only);
    expect(seen.body.data.content.map((r) => r.whId).sort()).toEqual(['WH02', 'WH77']);
  });
});
