import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Connection } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedBase } from '../src/server/db/seed/seed';
import { seedDemo } from '../src/server/demo/demo';
import { benchDatabases, withDatabase } from './database';

/**
 * Receiving at scale (issue 11): BENCH_RECEIPTS (10,000) PO lines received one by one through the whole API
 * (`globalOptions/addReceipt`: session, schema, grants, PO and line locks, tolerance, ledger keys, ledger upsert,
 * transaction log, receipt row, line totals, PO status), against the same writes done in raw SQL in the same run
 * (ledger upsert, log row, receipt row, line update: one transaction per receipt). Receipts per second and the ratio.
 */
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 10_000);
const LINES_PER_PO = 100;

async function createPos(connection: Connection, prefix: string): Promise<{ location: string }> {
  const { db } = connection;
  const pos = Math.ceil(RECEIPTS / LINES_PER_PO);
  await sql`
    insert into t_po_master (wh_id, client_code, po_number, vendor_code)
    select 'WH01', 'ACME', ${prefix} || lpad(p::text, 5, '0'), null from generate_series(1, ${pos}) p`.execute(db);
  // Plain items (no lot, no attributes, no sample rate) of client ACME, in their base unit.
  await sql`
    insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
    select 'WH01', ${prefix} || lpad(p::text, 5, '0'), l, i.item_number, 10, i.uom
    from generate_series(1, ${pos}) p cross join generate_series(1, ${LINES_PER_PO}) l
    join lateral (select item_number, uom from t_item_master
      where wh_id = 'WH01' and client_code = 'ACME' and lot_control = 'N' and attribute_collection_id is null
        and sample_rate is null and status = 'A'
      order by item_number offset (l % 8) limit 1) i on true
    where (p - 1) * ${LINES_PER_PO} + l <= ${RECEIPTS}`.execute(db);
  const { rows } = await sql<{ locationId: string }>`
    select location_id from t_location where wh_id = 'WH01' and item_hu_indicator = 'I' and status = 'A' order by id limit 1`.execute(
    db,
  );
  return { location: rows[0]!.locationId };
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async (connection) => {
    console.log(`\n${kind}: ${RECEIPTS} receipts, one PO line each, one after the other`);
    const { db } = connection;
    await migrateToLatest(db);
    await db.transaction().execute(async (trx) => {
      await seedBase(trx, 'Bench#2024');
      await seedDemo(trx);
    });
    const { app } = await buildApp({ config: { ...loadConfig({}), captcha: false, publicDir: null }, db });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { account: 'admin', password: 'Bench#2024', captcha: '' },
    });
    const token = login.json().data.token as string;

    const api = await createPos(connection, 'BAPI');
    const { rows: apiLines } = await sql<{ poNumber: string; lineNumber: number }>`
      select po_number, line_number from t_po_detail where po_number like 'BAPI%' order by po_number, line_number`.execute(db);
    let t0 = performance.now();
    for (const line of apiLines) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/globalOptions/addReceipt',
        headers: { token },
        payload: { whId: 'WH01', poNumber: line.poNumber, lineNumber: line.lineNumber, qty: '3', locationId: api.location },
      });
      if (res.json().code !== 200) throw new Error(res.body);
    }
    const apiSeconds = (performance.now() - t0) / 1000;

    const raw = await createPos(connection, 'BRAW');
    const { rows: rawLines } = await sql<{ id: number; poNumber: string; lineNumber: number; itemNumber: string }>`
      select id, po_number, line_number, item_number from t_po_detail where po_number like 'BRAW%'
      order by po_number, line_number`.execute(db);
    t0 = performance.now();
    let n = 0;
    for (const line of rawLines) {
      n++;
      await db.transaction().execute(async (trx) => {
        await sql`
          insert into t_stored_item (wh_id, location_id, client_code, item_number, actual_qty)
          values ('WH01', ${raw.location}, 'ACME', ${line.itemNumber}, 3)
          on conflict on constraint t_stored_item_key do update set actual_qty = t_stored_item.actual_qty + excluded.actual_qty`.execute(
          trx,
        );
        await sql`
          insert into tran_log (wh_id, category, tran_type, employee_id, client_code, item_number, quantity, to_location_id,
            control_number, line_number)
          values ('WH01', 'INBOUND', 'RECEIVE', 'bench', 'ACME', ${line.itemNumber}, 3, ${raw.location}, ${`RAW${n}`},
            ${line.lineNumber})`.execute(trx);
        await sql`
          insert into t_receipt (wh_id, receipt_id, client_code, po_number, line_number, item_number, uom, qty_received,
            location_id)
          values ('WH01', ${`RAW${n}`}, 'ACME', ${line.poNumber}, ${line.lineNumber}, ${line.itemNumber}, 'EA', 3,
            ${raw.location})`.execute(trx);
        await sql`update t_po_detail set qty_received = qty_received + 3 where id = ${line.id}`.execute(trx);
      });
    }
    const rawSeconds = (performance.now() - t0) / 1000;
    const apiRate = apiLines.length / apiSeconds;
    const rawRate = rawLines.length / rawSeconds;
    console.log(
      `  addReceipt API ${apiLines.length} in ${apiSeconds.toFixed(1)} s = ${apiRate.toFixed(0)} receipts/s | raw SQL ${rawLines.length} in ${rawSeconds.toFixed(1)} s = ${rawRate.toFixed(0)}/s | API at ${((apiRate / rawRate) * 100).toFixed(0)} % of raw`,
    );
    await app.close();
  });
}

async function main(): Promise<void> {
  for (const kind of benchDatabases()) await benchOn(kind);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
