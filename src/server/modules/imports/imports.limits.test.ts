import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import {
  IMPORT_LIMITS,
  IMPORT_TYPE_DEFS,
  IMPORT_TYPES,
  type ImportAnswer,
  type ImportColumn,
  importEntityName,
} from '../../../shared/imports';
import { importBodyLimit } from './imports.routes';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

/** The import type whose batch may take the most bytes. */
const widest = [...IMPORT_TYPES].sort((a, b) => importBodyLimit(b) - importBodyLimit(a))[0]!;
const url = `/api/${importEntityName(widest)}/importExcel`;
const send = (payload: string | Buffer) =>
  t.app.inject({ method: 'POST', url, headers: { token: admin, lang: 'en_us', 'content-type': 'application/json' }, payload });

describe('the importExcel body limit', () => {
  it('answers 413 to an oversized batch before parsing it', async () => {
    const body = JSON.stringify({
      whId: 'WH01',
      rows: Array.from({ length: 5_000 }, () => ({ description: 'x'.repeat(6_200) })),
    });
    expect(Buffer.byteLength(body)).toBeGreaterThan(31_000_000);
    let start = performance.now();
    JSON.parse(body);
    const parseMs = performance.now() - start;
    // Sent as bytes, as a socket brings them (a string would first be encoded by the test's own inject).
    const bytes = Buffer.from(body);
    // The session is checked (and cached) first, so that the timing below is the body's alone.
    expect((await send(JSON.stringify({ whId: 'WH01', rows: [] }))).statusCode).toBe(200);
    start = performance.now();
    const res = await send(bytes);
    const refusedMs = performance.now() - start;
    console.log(
      `31 MB importExcel body: answered ${res.statusCode} in ${refusedMs.toFixed(1)} ms; JSON.parse alone ${parseMs.toFixed(1)} ms; limits ${IMPORT_TYPES.map((ty) => `${ty} ${importBodyLimit(ty)}`).join(', ')}`,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413 });
    // Refused from its Content-Length: less than parsing it alone would take (the route used to parse, check and stage it).
    expect(refusedMs).toBeLessThan(Math.max(parseMs, 100));
  });

  it('takes a legitimate batch of 5,000 rows of the widest type, every cell filled to its max in Chinese', async () => {
    // Text to its max length, codes to the longest code, numbers and dates to 30 characters (a date-time with its zone).
    const chars = (column: ImportColumn) => column.max ?? (column.codes ? Math.max(...column.codes.map((c) => c.length)) : 30);
    const row = Object.fromEntries(IMPORT_TYPE_DEFS[widest].columns.map((column) => [column.field, '仓'.repeat(chars(column))]));
    const body = JSON.stringify({
      whId: 'WH01',
      firstRowNumber: 3,
      rows: Array.from({ length: IMPORT_LIMITS.rowsPerBatch }, () => row),
    });
    expect(Buffer.byteLength(body)).toBeGreaterThan(0.9 * importBodyLimit(widest));
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { code: number; data: ImportAnswer };
    expect(answer.code).toBe(200);
    expect(answer.data.received).toBe(IMPORT_LIMITS.rowsPerBatch);
  });
});
