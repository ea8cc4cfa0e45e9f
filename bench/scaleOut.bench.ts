import { sql } from 'kysely';
import { releaseWaves } from '../src/server/modules/outbound/allocation.service';
import { answers, buildServer, freePort, removeBuild, type Server, startServer } from '../tests/support/cluster';
import { createInboundFixture, insertPo } from '../tests/support/inboundFixture';
import { createPickPlaces, insertWave, PICK_FIXTURE_USER, PK, putStock, releaseBody } from '../tests/support/pickFixture';
import { benchDatabases, withDatabase } from './database';

/**
 * Scaling out (README "Scaling out"; issue 30 item 1): the same PostgreSQL database served by 1, 2 and 3 server
 * processes (the server bundled as build.mjs bundles it, each process started as `npm start` starts it), loaded by
 * `CONNECTIONS` clients spread evenly over the processes (each client keeps to one process, as a load balancer's
 * connections do): `tWhse/findPage`, and a mixed write workload — receipts (`globalOptions/addReceipt`, one unit on one
 * of 40 PO lines) and picks (`tWavePickTask/completeWavePick`, one unit of one of 40 open tasks of 40 items), one of each
 * in turn. Requests per second and the 95th percentile of latency, the median of BENCH_RUNS rounds (each round runs
 * the counts of processes in a rotated order, so a load that drifts weighs on all alike). PostgreSQL only.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 24);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LINES = 40;
const PASSWORD = 'Bench#2024';

interface Measure {
  rps: number;
  p95: number;
  failed: number;
}

/** POSTs one call; answers its latency in ms, or -1 when it failed (HTTP or envelope). */
async function post(base: string, url: string, body: unknown, token: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, lang: 'en_us', 'accept-encoding': 'gzip, br' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number };
  const ms = performance.now() - start;
  return res.ok && answer.code === 200 ? ms : -1;
}

/** `CONNECTIONS` clients, spread over `urls`, each sending `next(i)` one after another for `seconds`. */
async function load(urls: string[], seconds: number, next: (client: number, n: number) => [string, unknown], token: string) {
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, client) => {
      const base = urls[client % urls.length] as string;
      for (let n = 0; performance.now() < until; n++) {
        const [url, body] = next(client, n);
        const ms = await post(base, url, body, token);
        if (ms < 0) failed++;
        else latencies.push(ms);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  return { rps: latencies.length / seconds, p95, failed } satisfies Measure;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  if (!benchDatabases().includes('postgres')) {
    console.log('scaleOut: PostgreSQL only (set BENCH_DATABASE_URL)');
    return;
  }
  const script = await buildServer('bench-scaleout');
  await withDatabase('postgres', async (connection) => {
    const { db } = connection;
    const { rows: current } = await sql<{ name: string }>`select current_database() as name`.execute(db);
    const target = new URL(process.env.BENCH_DATABASE_URL as string);
    target.pathname = `/${current[0]?.name}`;
    // The first process migrates and seeds (demo data on); the others start on the seeded database.
    const env = {
      DATABASE_URL: target.toString(),
      WHARF_DATA_DIR: `.tmp/bench-scaleout-${process.pid}`,
      WHARF_PUBLIC_DIR: `.tmp/bench-scaleout-${process.pid}/none`,
      WHARF_CAPTCHA: 'off',
      WHARF_ADMIN_PASSWORD: PASSWORD,
      WHARF_LOG_LEVEL: 'warn',
      WHARF_BACKUP_INTERVAL: 'off',
    };
    const servers: Server[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        servers.push(startServer(script, i, await freePort(), env));
        await answers(servers[i] as Server, 180_000);
      }
      // The write workload's world: 40 items with stock, one released wave of 40 orders (one task each), 40 PO lines.
      await createInboundFixture(db);
      await createPickPlaces(db);
      const items = Array.from({ length: LINES }, (_, i) => `BSO-${String(i).padStart(2, '0')}`);
      await sql`insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
        select ${PK.whId}, ${PK.client}, unnest(${items}::varchar[]), '扩展 Scale', 'EA', 'N'`.execute(db);
      await putStock(
        db,
        items.map((itemNumber) => ({ at: PK.p1, itemNumber, qty: '1000000' })),
      );
      await insertWave(
        db,
        'BSO-WV',
        items.map((itemNumber, i) => ({ orderNumber: `BSO-SO${i}`, lines: [{ itemNumber, qty: '500000' }] })),
      );
      await releaseWaves(db, releaseBody(['BSO-WV']), PICK_FIXTURE_USER);
      const { rows: tasks } = await sql<{ id: number; pickLocation: string }>`
        select id, pick_location from t_wave_pick_task where wave_id = 'BSO-WV' order by id`.execute(db);
      const pos = items.map((_, i) => `BSO-PO${i}`);
      for (const [i, po] of pos.entries())
        await insertPo(db, po, [{ lineNumber: 1, itemNumber: items[i] as string, qty: '10000000' }]);
      const login = await fetch(`${servers[0]?.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'admin', password: PASSWORD, captcha: '' }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;

      const findPage = (): [string, unknown] => ['/tWhse/findPage', { pageNum: 1, pageSize: 20, columnFilters: {} }];
      const writes = (client: number, n: number): [string, unknown] => {
        const k = (client * 7 + n) % LINES;
        if (n % 2 === 0)
          return ['/globalOptions/addReceipt', { whId: PK.whId, poNumber: pos[k], lineNumber: 1, qty: '1', locationId: PK.p2 }];
        const task = tasks[k] as { id: number; pickLocation: string };
        return [
          '/tWavePickTask/completeWavePick',
          { id: task.id, qty: '1', locationId: task.pickLocation, lotNumber: null, huId: null },
        ];
      };
      const results = new Map<string, Measure[]>();
      const counts = [1, 2, 3];
      // Warm every process up (compiled code, pool connections) before anything is measured.
      await load(
        servers.map((s) => s.url),
        3,
        (c, n) => (n % 2 ? findPage() : writes(c, n)),
        token,
      );
      for (let round = 0; round < RUNS; round++) {
        const order = counts.map((_, i) => counts[(i + round) % counts.length] as number);
        for (const n of order) {
          const urls = servers.slice(0, n).map((s) => s.url);
          for (const [name, next] of [
            ['findPage', findPage],
            ['writes', writes],
          ] as const) {
            const measure = await load(urls, SECONDS, next, token);
            const key = `${name}:${n}`;
            results.set(key, [...(results.get(key) ?? []), measure]);
          }
        }
      }
      console.log(
        `\npostgres: 1–3 processes, ${CONNECTIONS} clients, ${SECONDS} s a measure, median of ${RUNS} rounds (rotated order)`,
      );
      for (const name of ['findPage', 'writes']) {
        for (const n of counts) {
          const runs = results.get(`${name}:${n}`) ?? [];
          const failed = runs.reduce((sum, r) => sum + r.failed, 0);
          console.log(
            `  ${name === 'findPage' ? 'tWhse/findPage' : 'receipts + picks'} × ${n} process${n > 1 ? 'es' : ''}: ${median(
              runs.map((r) => r.rps),
            ).toFixed(0)} req/s, p95 ${median(runs.map((r) => r.p95)).toFixed(1)} ms (rounds: ${runs
              .map((r) => `${r.rps.toFixed(0)}/${r.p95.toFixed(0)}`)
              .join(', ')})${failed ? `, ${failed} failed` : ''}`,
          );
        }
      }
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exit));
    }
  });
  removeBuild(script);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
