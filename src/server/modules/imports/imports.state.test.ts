/**
 * `importExcel` with a `groupId` after the states other requests leave (the fuzz suite's 500: a group created by
 * another type or user, preview rows with odd values, error rows replaced, a group emptied by `replaceErrors`, a save
 * of the same row number at the same time): the answer is the batch staged or a clear refusal, never a 500.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { IMPORT_TYPE_DEFS, IMPORT_TYPES, type ImportAnswer, type ImportType, importEntityName } from '../../../shared/imports';
import type { Envelope } from '../../../shared/wire';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const url = (type: ImportType, action: string) => `/api/${importEntityName(type)}/${action}`;
const importRows = (type: ImportType, body: Record<string, unknown>, token = admin) =>
  t.post<ImportAnswer>(url(type, 'importExcel'), { whId: 'WH01', ...body }, token);
/** The request the fuzz suite sent (its plausible body for the route). */
const FUZZ_BODY = { whId: 'WH01', groupId: 1, firstRowNumber: 1, replaceErrors: true, rows: [{}] };

/** Never a 500: the batch staged (200) or a business refusal (-10000) with a message. */
function answered(res: { status: number; body: Envelope<unknown> }, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
  expect([200, -10000], `${what}: ${JSON.stringify(res.body)}`).toContain(res.body.code);
  if (res.body.code !== 200) expect(res.body.msg).toBeTruthy();
}

const statuses = async (type: ImportType, groupId: number) =>
  (
    await sql<{ rowNumber: number; importStatus: string }>`select row_number, import_status
      from ${sql.table(`tbl_temp_excel_import_${type === 'Inbound' ? 'inbound' : 'location'}`)}
      where group_id = ${groupId} order by row_number`.execute(t.connection.db)
  ).rows.map((r) => [r.rowNumber, r.importStatus]);

describe('the fuzz request on a group other requests have used', () => {
  it('answers every type after preview rows, error rows, a commit and a delete on group 1', async () => {
    const inbound = importEntityName('Inbound');
    // Preview rows of group 1 (demo: inbound, WH01): the template's example, odd values, the highest row number.
    const example = IMPORT_TYPE_DEFS.Inbound.example;
    for (const [rowNumber, extra] of [
      [93, {}],
      [94, { poNumber: '仓库🚚', qty: '-0', expectedDate: '2024-02-30' }],
      [999_999_999, { poNumber: "'; drop table t_whse; --", lineNumber: '1e17' }],
    ] as const) {
      const saved = await t.post<number>(
        `/api/${inbound}/save`,
        { ...example, ...extra, whId: 'WH01', groupId: 1, rowNumber },
        admin,
      );
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    }
    // Rows in error at 1 and 2, then the fuzz request (replacing them) twice, a commit, and again.
    answered(await importRows('Inbound', { groupId: 1, firstRowNumber: 1, rows: [{ qty: 'x' }, { qty: '\uD800' }] }), 'errors');
    answered(await t.post(url('Inbound', 'importExcel'), FUZZ_BODY, admin), 'fuzz body');
    answered(await t.post(url('Inbound', 'importExcel'), FUZZ_BODY, admin), 'fuzz body again');
    answered(await t.post(url('Inbound', 'commitGroup'), { groupId: 1 }, admin), 'commit');
    const again = await t.post<ImportAnswer>(url('Inbound', 'importExcel'), FUZZ_BODY, admin);
    answered(again, 'fuzz body after the commit');
    expect(again.body.data).toMatchObject({ groupId: 1, received: 1, errors: 1 });
    // The commit put every row in error (the preview rows repeat the example's PO or hold odd values); without
    // firstRowNumber the batch replaces them all and goes after the group's last row left: none, so row 1.
    const { firstRowNumber: _, ...noFirst } = FUZZ_BODY;
    const after = await t.post<ImportAnswer>(url('Inbound', 'importExcel'), noFirst, admin);
    answered(after, 'after the last row');
    expect(await statuses('Inbound', 1)).toEqual([[1, 'E']]);

    // Every other type: group 1 is not theirs ("does not exist"), and after its deletion not the inbound type's either.
    for (const type of IMPORT_TYPES.filter((x) => x !== 'Inbound')) {
      const res = await t.post<ImportAnswer>(url(type, 'importExcel'), FUZZ_BODY, admin);
      expect(res.body, type).toMatchObject({ code: -10000, errorCode: 'importGroupNotFound' });
    }
    answered(await t.post(url('Inbound', 'deleteGroup'), { groupId: 1 }, admin), 'delete');
    const gone = await t.post<ImportAnswer>(url('Inbound', 'importExcel'), FUZZ_BODY, admin);
    expect(gone.body).toMatchObject({ code: -10000, errorCode: 'importGroupNotFound' });
  });

  it('keeps a group whose every row was in error and replaced, in its warehouse', async () => {
    const first = await importRows('Location', { rows: [{ locationId: 'ST-E1', type: 'X' }, { locationId: 'ST-E2' }] });
    const { groupId } = first.body.data;
    expect(first.body.data.errors).toBe(2);
    const res = await importRows('Location', { groupId, replaceErrors: true, rows: [{}] });
    answered(res, 'all errors replaced');
    expect(res.body.data).toMatchObject({ groupId, received: 1, errors: 1 });
    // Numbered after the rows that were deleted? No: after the group's last row still there (none), so row 1.
    expect(await statuses('Location', groupId)).toEqual([[1, 'E']]);
    const otherWarehouse = await t.post<ImportAnswer>(
      url('Location', 'importExcel'),
      { ...FUZZ_BODY, whId: 'WH02', groupId },
      admin,
    );
    expect(otherWarehouse.body).toMatchObject({ code: -10000, errorCode: 'importGroupOtherWarehouse' });
  });

  it('stores a cell with a lone surrogate (a JSON "\\ud800", or a pair cut at 500 characters) as a row error', async () => {
    const long = `${'x'.repeat(499)}🚚tail`;
    const res = await importRows('Location', {
      rows: [
        { locationId: 'SUR-\uD800', status: 'A', type: 'M', huFlag: 'N', itemHuIndicator: 'I' },
        { locationId: long, description: '\uDC00', status: 'A', type: 'M', huFlag: 'N', itemHuIndicator: 'I' },
      ],
    });
    answered(res, 'surrogates');
    expect(res.body.data.received).toBe(2);
    const { rows } = await sql<{ locationId: string; description: string | null }>`select location_id, description
      from tbl_temp_excel_import_location where group_id = ${res.body.data.groupId} order by row_number`.execute(t.connection.db);
    expect(rows[0]?.locationId).toBe('SUR-\uFFFD');
    expect(rows[1]?.locationId).toBe(`${'x'.repeat(499)}\uFFFD`);
    expect(rows[1]?.description).toBe('\uFFFD');
  });
});

describe("a group holding another client's rows", () => {
  let limited: string;
  let groupId: number;
  let other: string;
  beforeAll(async () => {
    const entity = importEntityName('ItemMaster');
    const { rows } = await sql<{ clientCode: string }>`select client_code from t_client
      where wh_id = 'WH01' and client_code <> 'ACME' order by client_code limit 1`.execute(t.connection.db);
    other = rows[0]!.clientCode;
    await createUser(t, 'imp-limited', { permissions: [`sys:${entity}:view`, `sys:${entity}:add`], warehouses: ['WH01'] });
    const { db } = t.connection;
    const user = await db.selectFrom('sysUser').select('id').where('name', '=', 'imp-limited').executeTakeFirstOrThrow();
    await db
      .updateTable('sysUserWarehouse')
      .set({ clientCodes: [other] })
      .where('userId', '=', user.id)
      .execute();
    limited = await t.login('imp-limited', 'Secret#123');
    // The administrator's group: row 1 of ACME, row 2 of the limited user's client.
    const staged = await importRows('ItemMaster', {
      rows: [
        { clientCode: 'ACME', itemNumber: 'ST-ACME-1', description: 'x', uom: 'EA' },
        { clientCode: other, itemNumber: 'ST-OTHER-1', description: 'x', uom: 'EA' },
      ],
    });
    groupId = staged.body.data.groupId;
  });

  it('neither replaces nor deletes a row the user may not see: the batch is refused, naming the row and client', async () => {
    const res = await importRows(
      'ItemMaster',
      { groupId, firstRowNumber: 1, replaceErrors: true, rows: [{ clientCode: other, itemNumber: 'ST-OTHER-2' }] },
      limited,
    );
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'importRowsNotGranted' });
    expect(res.body.msg).toContain('ACME');
    const { rows } = await sql<{ itemNumber: string }>`select item_number from tbl_temp_excel_import_item_master
      where group_id = ${groupId} order by row_number`.execute(t.connection.db);
    expect(rows.map((r) => r.itemNumber)).toEqual(['ST-ACME-1', 'ST-OTHER-1']);
    // Its own row it may replace, and add rows after the group's last.
    answered(await importRows('ItemMaster', { groupId, firstRowNumber: 2, rows: [{ clientCode: other }] }, limited), 'own row');
    answered(await importRows('ItemMaster', { groupId, rows: [{ clientCode: other }] }, limited), 'after the last');
  });

  it('does not find a group of which the user sees no row', async () => {
    const acmeOnly = await importRows('ItemMaster', { rows: [{ clientCode: 'ACME', itemNumber: 'ST-ACME-2' }] });
    const res = await importRows('ItemMaster', { ...FUZZ_BODY, groupId: acmeOnly.body.data.groupId }, limited);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'importGroupNotFound' });
  });
});

describe('a preview save and a batch of the same row number at once', () => {
  it('queues them on the group: one stages the row, the other is refused or replaces it, never a 500', async () => {
    const first = await importRows('Location', { rows: [{ locationId: 'CC-0' }] });
    const { groupId } = first.body.data;
    for (let round = 1; round <= 6; round++) {
      const rowNumber = 10 + round;
      const [saved, imported] = await Promise.all([
        t.post<number>(url('Location', 'save'), { whId: 'WH01', groupId, rowNumber, locationId: `CC-S-${round}` }, admin),
        importRows('Location', { groupId, rows: [{ locationId: `CC-I-${round}`, rowNumber }] }),
      ]);
      answered(saved, `save ${round}`);
      answered(imported, `import ${round}`);
    }
  });
});

describe('commit after the database and the preview changed', () => {
  it('re-checks the valid rows against the database, and validates the edited rows against the valid ones', async () => {
    const loc = (locationId: string) => ({ locationId, status: 'A', type: 'M', huFlag: 'N', itemHuIndicator: 'I' });
    const staged = await importRows('Location', { rows: [loc('RC-1'), loc('RC-2'), loc('RC-3')] });
    const { groupId } = staged.body.data;
    expect(staged.body.data.valid).toBe(3);
    // Someone adds RC-2 meanwhile; the preview adds a row repeating RC-3.
    await sql`insert into t_location (wh_id, location_id, status, type, hu_flag, item_hu_indicator)
      values ('WH01', 'RC-2', 'A', 'M', 'N', 'I')`.execute(t.connection.db);
    const saved = await t.post<number>(url('Location', 'save'), { whId: 'WH01', groupId, rowNumber: 9, ...loc('RC-3') }, admin);
    expect(saved.body.code).toBe(200);
    const res = await t.post<{ committed: number; failed: number; errorRows: { rowNumber: number; errorMsg: string }[] }>(
      url('Location', 'commitGroup'),
      { groupId },
      admin,
    );
    expect(res.body.data).toMatchObject({ committed: 2, failed: 2 });
    expect(res.body.data.errorRows.map((r) => r.rowNumber)).toEqual([2, 9]);
    expect(res.body.data.errorRows[0]?.errorMsg).toContain('already exists');
    expect(res.body.data.errorRows[1]?.errorMsg).toContain('row 3');
    expect(await statuses('Location', groupId)).toEqual([
      [1, 'S'],
      [2, 'E'],
      [3, 'S'],
      [9, 'E'],
    ]);
  });
});
