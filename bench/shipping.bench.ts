import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  RawNode,
  sql,
} from 'kysely';
import type { WharfApp } from '../src/server/app';
import type { Connection, Db } from '../src/server/db/connect';
import { benchDatabases, seedDemoDatabase, signedInApp, withDatabase } from './database';

/**
 * Shipping a delivery (issue 13): a delivery of BENCH_CARTONS (500) cartons of one carrier (SF) — 250 orders × 2
 * cartons, each carton 2 lines of 2 units of plain items, its stock the ledger rows at the wave's staging location
 * whose hu is the carton — shipped through the whole API (`tblShippingLabel/shippingByDelivery`: session, schema,
 * grants, ledger key locks, delivery, carton and order locks, pick detail locks, per carton line one conditional ledger
 * update, the emptied row deleted and a SHIP log row, then cartons, pick details, orders, wave and delivery), against
 * raw SQL doing the same writes in one transaction (SHIP log rows by insert…select, the carton ledger rows deleted,
 * cartons, pick details, orders, wave and delivery updated; no checks, no locks). One delivery ships once, so three
 * are built for each side up front (setup written straight to the tables) and shipped in turns (API, raw, API, …);
 * the median of 3. A fourth API delivery is shipped with every statement counted (outside the timings).
 */
const CARTONS = Number(process.env.BENCH_CARTONS ?? 500);
const ORDERS = CARTONS / 2;
const ITEMS = 200;
const RUNS = 3;
const STAGING = 'STG-OUT-01';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The opening words of a statement: a raw statement's first text, inside the fragment it starts with if need be. */
function statementText(node: OperationNode): string {
  if (!RawNode.is(node)) return node.kind;
  const first = node.sqlFragments[0] ?? '';
  const inner = node.parameters[0];
  return first.trim() === '' && inner ? statementText(inner) + (node.sqlFragments[1] ?? '') : first;
}

/**
 * Counts the statements run through a Kysely instance by their first words, and the time from each statement's start
 * to its result (driver and database; the benchmark's statement census).
 */
class StatementCounter implements KyselyPlugin {
  readonly counts = new Map<string, { n: number; ms: number }>();
  private readonly started = new WeakMap<object, { label: string; t0: number }>();
  transformQuery(args: PluginTransformQueryArgs): PluginTransformQueryArgs['node'] {
    const { node } = args;
    const label = statementText(node).trim().replace(/\s+/g, ' ').slice(0, 48);
    this.started.set(args.queryId, { label, t0: performance.now() });
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<Record<string, unknown>>> {
    const start = this.started.get(args.queryId);
    if (start) {
      const entry = this.counts.get(start.label) ?? { n: 0, ms: 0 };
      entry.n += 1;
      entry.ms += performance.now() - start.t0;
      this.counts.set(start.label, entry);
    }
    return args.result;
  }
  get total(): { n: number; ms: number } {
    return [...this.counts.values()].reduce((a, b) => ({ n: a.n + b.n, ms: a.ms + b.ms }), { n: 0, ms: 0 });
  }
}

/** 200 plain items BS-0001 … of ACME. */
async function createItems(db: Db): Promise<void> {
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
    select 'WH01', 'ACME', 'BS-' || lpad(i::text, 4, '0'), 'bench', 'EA', 'N' from generate_series(1, ${ITEMS}) i`.execute(db);
}

/**
 * A delivery `<prefix>-DL` (O, SF) of CARTONS cartons in state D, as packing, labelling and `generateDelivery` leave
 * it: the wave (C, staged at STG-OUT-01), its orders (D) and their lines, pick details (picked = packed = what the
 * cartons hold, P), cartons (D, express numbers), carton lines, and the cartons' stock at STG-OUT-01 (one ledger row
 * per carton line, hu = the carton). Bench setup, not what is measured: written straight to the tables.
 */
async function createDelivery(db: Db, prefix: string): Promise<string> {
  const waveId = `${prefix}-WAVE`;
  const deliveryNumber = `${prefix}-DL`;
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into t_wave_master (wh_id, wave_id, status, staging_location, released_date)
      values ('WH01', ${waveId}, 'C', ${STAGING}, now())`.execute(trx);
    await sql`
      insert into t_order (wh_id, client_code, order_number, status, priority, wave_id, carrier_id)
      select 'WH01', 'ACME', ${prefix} || '-O' || lpad(o::text, 5, '0'), 'D', 50, ${waveId}, 'SF'
      from generate_series(1, ${ORDERS}) o`.execute(trx);
    // Order o's line l (1–4) is item 1 + ((o − 1) × 4 + l − 1) mod 200: the two lines of a carton differ.
    await sql`
      insert into t_order_detail (wh_id, order_number, line_number, item_number, qty, order_uom)
      select 'WH01', ${prefix} || '-O' || lpad(o::text, 5, '0'), l, 'BS-' || lpad((1 + ((o - 1) * 4 + l - 1) % ${ITEMS})::text, 4, '0'),
        2, 'EA'
      from generate_series(1, ${ORDERS}) o cross join generate_series(1, 4) l`.execute(trx);
    await sql`
      insert into t_pick_detail (wh_id, wave_id, order_number, line_number, client_code, item_number, uom, qty_ordered,
        planned_qty, picked_qty, packed_qty, status)
      select d.wh_id, ${waveId}, d.order_number, d.line_number, o.client_code, d.item_number, d.order_uom, d.qty, d.qty,
        d.qty, d.qty, 'P'
      from t_order o join t_order_detail d on d.wh_id = o.wh_id and d.order_number = o.order_number
      where o.wh_id = 'WH01' and o.wave_id = ${waveId}`.execute(trx);
    await sql`
      insert into t_delivery (wh_id, delivery_number, carrier_id, status, carton_count, create_by)
      values ('WH01', ${deliveryNumber}, 'SF', 'O', ${ORDERS * 2}, 'bench')`.execute(trx);
    await sql`
      insert into tbl_shipping_label (wh_id, carton_number, order_number, wave_id, client_code, location_id, carton_type,
        carton_seq, carrier, ship_label_barcode, delivery_number, status, close_time, label_time)
      select 'WH01', ${prefix} || '-C' || lpad(((o - 1) * 2 + k)::text, 6, '0'), ${prefix} || '-O' || lpad(o::text, 5, '0'),
        ${waveId}, 'ACME', ${STAGING}, 'M', k, 'SF', ${prefix} || '-X' || lpad(((o - 1) * 2 + k)::text, 6, '0'),
        ${deliveryNumber}, 'D', now(), now()
      from generate_series(1, ${ORDERS}) o cross join generate_series(1, 2) k`.execute(trx);
    // Carton k of an order holds its lines 2k − 1 and 2k, all they picked.
    await sql`
      insert into tbl_shipping_label_detail (wh_id, carton_number, carton_type, order_number, line_number, pick_detail_id,
        client_code, item_number, qty, uom)
      select c.wh_id, c.carton_number, c.carton_type, c.order_number, p.line_number, p.id, p.client_code, p.item_number,
        p.packed_qty, p.uom
      from tbl_shipping_label c cross join generate_series(1, 2) j
      join t_pick_detail p on p.wh_id = c.wh_id and p.order_number = c.order_number and p.line_number = (c.carton_seq - 1) * 2 + j
      where c.wh_id = 'WH01' and c.delivery_number = ${deliveryNumber}
      order by c.carton_number, j`.execute(trx);
    await sql`
      insert into t_stored_item (wh_id, location_id, client_code, item_number, hu_id, actual_qty, fifo_date)
      select l.wh_id, c.location_id, l.client_code, l.item_number, l.carton_number, l.qty, current_date
      from tbl_shipping_label_detail l join tbl_shipping_label c on c.wh_id = l.wh_id and c.carton_number = l.carton_number
      where c.wh_id = 'WH01' and c.delivery_number = ${deliveryNumber}`.execute(trx);
  });
  return deliveryNumber;
}

/** The same writes in raw SQL, one transaction, no checks and no locks; answers the statements run. */
async function rawShip(db: Db, deliveryNumber: string): Promise<number> {
  const attributes = sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`generic_attr_value${i + 1}`)));
  const lineAttributes = sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`l.generic_attr_value${i + 1}`)));
  const statements = [
    sql`
      insert into tran_log (wh_id, category, tran_type, description, employee_id, client_code, item_number, lot_number,
        hu_id, quantity, from_location_id, to_location_id, control_number, line_number, stored_attribute_id, ${attributes})
      select l.wh_id, 'OUTBOUND', 'SHIP', l.order_number || '/' || l.line_number, 'admin', l.client_code, l.item_number,
        l.lot_number, l.carton_number, -l.qty, c.location_id, null, c.delivery_number, l.line_number, l.stored_attribute_id,
        ${lineAttributes}
      from tbl_shipping_label_detail l join tbl_shipping_label c on c.wh_id = l.wh_id and c.carton_number = l.carton_number
      where c.wh_id = 'WH01' and c.delivery_number = ${deliveryNumber}
      order by l.carton_number, l.id`,
    sql`
      delete from t_stored_item s using tbl_shipping_label c
      where c.wh_id = 'WH01' and c.delivery_number = ${deliveryNumber}
        and s.wh_id = c.wh_id and s.location_id = c.location_id and s.hu_id = c.carton_number`,
    sql`
      update tbl_shipping_label set status = 'S', ship_time = now(), update_time = now()
      where wh_id = 'WH01' and delivery_number = ${deliveryNumber}`,
    sql`
      update t_pick_detail d set shipped_qty = d.shipped_qty + s.qty, status = 'D', update_time = now()
      from (select l.pick_detail_id, sum(l.qty) as qty
        from tbl_shipping_label_detail l join tbl_shipping_label c on c.wh_id = l.wh_id and c.carton_number = l.carton_number
        where c.wh_id = 'WH01' and c.delivery_number = ${deliveryNumber} group by l.pick_detail_id) s
      where d.id = s.pick_detail_id`,
    sql`
      update t_order set status = 'S', actual_ship_date = current_date, update_time = now()
      where wh_id = 'WH01' and order_number in (select order_number from tbl_shipping_label
        where wh_id = 'WH01' and delivery_number = ${deliveryNumber})`,
    sql`
      update t_wave_master set status = 'S', update_time = now()
      where wh_id = 'WH01' and wave_id in (select wave_id from tbl_shipping_label
        where wh_id = 'WH01' and delivery_number = ${deliveryNumber})`,
    sql`
      update t_delivery set status = 'S', ship_by = 'admin', ship_time = now(), update_time = now()
      where wh_id = 'WH01' and delivery_number = ${deliveryNumber}`,
  ];
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await statement.execute(trx);
  });
  return statements.length;
}

/** Refuses a shipped delivery whose stock, log, cartons, pick details, orders, wave or delivery are not as shipping leaves them. */
async function checkShipped(db: Db, deliveryNumber: string): Promise<void> {
  const { rows } = await sql<Record<string, number>>`
    select
      (select count(*)::int from t_stored_item s join tbl_shipping_label c on c.wh_id = s.wh_id and c.carton_number = s.hu_id
        where c.wh_id = 'WH01' and c.delivery_number = ${deliveryNumber}) as ledger_rows,
      (select count(*)::int from tran_log where wh_id = 'WH01' and tran_type = 'SHIP' and control_number = ${deliveryNumber})
        as log_rows,
      (select count(*)::int from tbl_shipping_label where wh_id = 'WH01' and delivery_number = ${deliveryNumber}
        and status <> 'S') as cartons_not_shipped,
      (select count(*)::int from t_pick_detail d join t_order o on o.wh_id = d.wh_id and o.order_number = d.order_number
        where o.wave_id = ${deliveryNumber.replace(/-DL$/, '-WAVE')} and (d.status <> 'D' or d.shipped_qty <> d.picked_qty))
        as details_not_shipped,
      (select count(*)::int from t_order where wave_id = ${deliveryNumber.replace(/-DL$/, '-WAVE')} and status <> 'S')
        as orders_not_shipped,
      (select count(*)::int from t_wave_master where wave_id = ${deliveryNumber.replace(/-DL$/, '-WAVE')} and status <> 'S')
        as wave_not_shipped,
      (select count(*)::int from t_delivery where wh_id = 'WH01' and delivery_number = ${deliveryNumber} and status <> 'S')
        as delivery_not_shipped`.execute(db);
  const found = rows[0] ?? {};
  const expected = {
    ledgerRows: 0,
    logRows: CARTONS * 2,
    cartonsNotShipped: 0,
    detailsNotShipped: 0,
    ordersNotShipped: 0,
    waveNotShipped: 0,
    deliveryNotShipped: 0,
  };
  if (JSON.stringify(found) !== JSON.stringify(expected)) {
    throw new Error(`${deliveryNumber} not shipped as expected: ${JSON.stringify(found)}`);
  }
}

/**
 * BENCH_EXPLAIN: the plan of the ledger update `takeStock` runs for the first line of a delivery (the ledger key's
 * match as ledger.service writes it), in a transaction rolled back.
 */
async function explainLedgerUpdate(db: Db, deliveryNumber: string): Promise<void> {
  const { rows: lines } = await sql<{ cartonNumber: string; itemNumber: string; locationId: string }>`
    select l.carton_number, l.item_number, c.location_id
    from tbl_shipping_label_detail l join tbl_shipping_label c on c.wh_id = l.wh_id and c.carton_number = l.carton_number
    where c.wh_id = 'WH01' and c.delivery_number = ${deliveryNumber} order by l.id limit 1`.execute(db);
  const line = lines[0];
  if (!line) return;
  await db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<Record<string, string>>`
        explain (analyze, costs off) update t_stored_item set actual_qty = actual_qty - 2::numeric, update_time = now()
        where wh_id = 'WH01' and location_id = ${line.locationId} and item_number = ${line.itemNumber}
          and lot_number is not distinct from ${null} and hu_id is not distinct from ${line.cartonNumber}
          and stored_attribute_id is not distinct from ${null}::bigint
          and case when status = 'H' then 0 else actual_qty - unavailable_qty - allocated_qty end >= 2::numeric
        returning id`.execute(trx);
      console.log(rows.map((r) => `    ${Object.values(r).join('')}`).join('\n'));
      throw new Error('rollback');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'rollback')) throw error;
    });
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async (connection: Connection) => {
    if (!Number.isInteger(ORDERS) || ORDERS < 1) throw new Error('BENCH_CARTONS must be a positive even number');
    console.log(
      `\n${kind}: a delivery of ${CARTONS} cartons (${ORDERS} orders × 2 cartons × 2 lines of 2 units), load ${loadAverage()}`,
    );
    const { db } = connection;
    await seedDemoDatabase(db);
    await createItems(db);
    const api: string[] = [];
    const raw: string[] = [];
    for (let run = 1; run <= RUNS; run++) {
      api.push(await createDelivery(db, `BAPI${run}`));
      raw.push(await createDelivery(db, `BRAW${run}`));
    }
    const counted = await createDelivery(db, 'BCNT');
    await sql`analyze`.execute(db);

    const ship = async (app: WharfApp['app'], token: string, deliveryNumber: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/tblShippingLabel/shippingByDelivery',
        headers: { token },
        payload: { whId: 'WH01', deliveryNumber },
      });
      const answer = res.json();
      if (answer.code !== 200) throw new Error(res.body);
      const data = answer.data as { cartons: number; orders: number; shippedQty: string };
      if (data.cartons !== CARTONS || data.orders !== ORDERS || Number(data.shippedQty) !== CARTONS * 4) {
        throw new Error(`unexpected answer ${res.body}`);
      }
    };

    const { app, token } = await signedInApp(db);
    const apiSeconds: number[] = [];
    const rawSeconds: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let t0 = performance.now();
      await ship(app, token, api[run]!);
      apiSeconds.push((performance.now() - t0) / 1000);
      t0 = performance.now();
      await rawShip(db, raw[run]!);
      rawSeconds.push((performance.now() - t0) / 1000);
    }
    await app.close();
    for (const deliveryNumber of [...api, ...raw]) await checkShipped(db, deliveryNumber);

    if (process.env.BENCH_EXPLAIN) await explainLedgerUpdate(db, counted);
    // The statement census: one more API delivery shipped through an app whose database counts what it runs.
    const counter = new StatementCounter();
    const { app: countingApp, token: countingToken } = await signedInApp(db.withPlugin(counter));
    counter.counts.clear();
    const t0 = performance.now();
    await ship(countingApp, countingToken, counted);
    const countedSeconds = (performance.now() - t0) / 1000;
    await countingApp.close();
    await checkShipped(db, counted);

    const apiMedian = median(apiSeconds);
    const rawMedian = median(rawSeconds);
    const list = (values: number[]) => values.map((s) => s.toFixed(2)).join(', ');
    console.log(
      `  shippingByDelivery API ${CARTONS} cartons in ${apiMedian.toFixed(2)} s = ${(CARTONS / apiMedian).toFixed(0)} cartons/s (runs ${list(apiSeconds)} s) | raw SQL in ${rawMedian.toFixed(2)} s = ${(CARTONS / rawMedian).toFixed(0)} cartons/s (runs ${list(rawSeconds)} s) | API / raw ${(apiMedian / rawMedian).toFixed(1)}× (API at ${((rawMedian / apiMedian) * 100).toFixed(0)} % of raw)`,
    );
    const top = [...counter.counts].sort((a, b) => b[1].ms - a[1].ms);
    const { n, ms } = counter.total;
    console.log(
      `  statements: API ${n} (${(n / CARTONS).toFixed(2)} a carton; ${(ms / 1000).toFixed(2)} s of the counted call of ${(countedSeconds).toFixed(2)} s waiting on them) | raw SQL 7`,
    );
    for (const [label, entry] of top.slice(0, 8)) {
      console.log(
        `    ${String(entry.n).padStart(5)} × ${(entry.ms / entry.n).toFixed(3).padStart(7)} ms = ${(entry.ms / 1000).toFixed(2)} s  ${label}`,
      );
    }
    console.log(`  load ${loadAverage()}`);
  });
}

async function main(): Promise<void> {
  for (const kind of benchDatabases()) await benchOn(kind);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
