import { performance } from 'node:perf_hooks';
import { findPage } from '../src/server/crud/crud.service';
import type { CrudBinding } from '../src/server/crud/crud.types';
import { INVENTORY_BINDINGS } from '../src/server/modules/inventory/inventory.bindings';
import type { SessionUser } from '../src/server/platform/context';
import type { RfAnswer } from '../src/shared/rf';
import { benchDatabases, seedDemoDatabase, signedInApp, withDatabase } from './database';

/**
 * RF scan-to-answer (issue 15 "Proof"): STEPS (1,000) confirms of the seeded INQUIRY flow through
 * `/rfDialog/confirmRfDialog` (session, schema, per-user queue, state read, dialog configuration, permission and
 * grants, the stock ledger's findPage, state write, the next dialog with its texts) — beside the same findPage called
 * directly in the same run. p50 / p95 in ms; budget p95 < 300 ms on PGlite.
 */
const STEPS = Number(process.env.BENCH_RF_STEPS ?? 1_000);
const CODES = ['A02-11-1', 'ACME-0071', 'A04-16-1', 'ACME-0083'];
const STOCK = INVENTORY_BINDINGS.find((b) => b.entity.name === 'tStoredItem') as CrudBinding;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const fmt = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${pct(s, 50).toFixed(2)} ms, p95 ${pct(s, 95).toFixed(2)} ms`;
};

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async (connection) => {
    const { db } = connection;
    await seedDemoDatabase(db);
    const { app, token } = await signedInApp(db);
    const post = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url: `/api${url}`, headers: { token, lang: 'en_us' }, payload });
      return res.json().data as RfAnswer;
    };
    let answer = await post('/rfDialog/getRfDialogForm', { mainProcessName: 'INQUIRY' });
    const rf: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      const started = performance.now();
      answer = await post('/rfDialog/confirmRfDialog', {
        step: answer.dialog?.step ?? 0,
        key: 'ENTER',
        input: CODES[i % CODES.length],
      });
      rf.push(performance.now() - started);
      if (answer.message?.kind === 'error' || !answer.dialog) throw new Error(`refused: ${answer.message?.text}`);
    }
    const admin: SessionUser = {
      id: 0,
      name: 'admin',
      sessionId: 0,
      superAdmin: true,
      permissions: new Set(),
      warehouses: 'all',
      clients: {},
      station: null,
      language: 'en_us',
    };
    const direct: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      const code = CODES[i % CODES.length] as string;
      const by = code.startsWith('A') && code.includes('-1') ? 'locationId' : 'itemNumber';
      const started = performance.now();
      await findPage(db, STOCK, admin, {
        pageNum: 1,
        pageSize: 200,
        columnFilters: { whId: 'WH01', clientCode: 'ACME', [by]: { value: code, exact: true } },
      });
      direct.push(performance.now() - started);
    }
    console.log(`${kind}: ${STEPS} INQUIRY steps through confirmRfDialog: ${fmt(rf)}`);
    console.log(`${kind}: the same findPage called directly:        ${fmt(direct)}`);
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
