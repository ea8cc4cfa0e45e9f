/**
 * The signature of a hand-over is an image an outsider chooses (issue 24 item 1): a decompression bomb, an animated PNG,
 * a second image hidden in the file are refused from the file's structure before any pixel is decoded — quickly, and
 * without holding up anyone else's request — and a signature as the station exports it still ships.
 *
 * Each refusal here would have cost the server seconds to minutes before the gate (pdf-lib decodes the whole image): the
 * tests that meet a cheap hostile file come first, so that without the gate the file fails on them in a second instead
 * of stalling on the bomb (a synchronous decode also blocks the test's own timers).
 */
import { deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng, pngBomb, pngChunk, pngFile, pngHeader } from '../../../../tests/support/png';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import {
  type HandoverAnswer,
  type KioskDelivery,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MIN_SIGNATURE_INK_PIXELS,
} from '../../../shared/kiosk';
import { handoverReady, handoverRequest } from './kioskTestKit';

let t: TestApp;
let admin: string;
let token: string;
let delivery: KioskDelivery;
/** Calls as the station makes them: its key beside the session token. */
let k: Pick<TestApp, 'post' | 'get'>;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  ({
    token,
    station: k,
    key,
    delivery,
  } = await handoverReady(t, admin, {
    station: 'DOCK-IMG',
    user: 'imager',
    badge: 'B-IMG',
    warehouses: ['WH01'],
  }));
});
afterAll(() => t.close());

const handover = (png: Uint8Array) =>
  k.post<HandoverAnswer>(
    '/api/kiosk/delivery/handover',
    handoverRequest(delivery, {
      driverName: 'Li Na',
      vehiclePlate: 'ZJ-B7788',
      signaturePng: Buffer.from(png).toString('base64'),
    }),
    token,
  );

/**
 * Runs a timed trial up to `tries` times and answers the first that is fast enough, else the last: a test machine busy
 * with other suites may stall one trial, while a decode of the image (seconds to minutes) fails every one of them.
 */
async function fastestOf<T>(tries: number, trial: () => Promise<T>, fastEnough: (result: T) => boolean): Promise<T> {
  let result = await trial();
  for (let i = 1; i < tries && !fastEnough(result); i++) result = await trial();
  return result;
}

async function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work;
  return { ms: performance.now() - started, value };
}

/** An RGBA signature as the station's canvas exports it: transparent, one dark stroke across. */
function strokeSignature(width: number, height: number): Buffer {
  const rowBytes = width * 4 + 1;
  const rows = Buffer.alloc(rowBytes * height);
  for (let x = 20; x < width - 20; x++) {
    const y = Math.round(height / 2 + (height / 5) * Math.sin(x / 60));
    for (let dy = -2; dy <= 2; dy++) rows.set([25, 25, 70, 255], (y + dy) * rowBytes + 1 + x * 4);
  }
  return encodePng(width, height, 6, rows);
}

const IEND = pngChunk('IEND', new Uint8Array());

/**
 * What the station's pad exports for a tap (issue 25 item 10): a 1232 × 610 transparent RGBA image with one dot of its
 * 3.5 px pen — a disk of radius 2, 13 pixels; `line` adds a horizontal line one pixel high and that many pixels long.
 */
function tapSignature(line = 0): Buffer {
  const width = 1232;
  const height = 610;
  const rowBytes = width * 4 + 1;
  const rows = Buffer.alloc(rowBytes * height);
  for (let dy = -2; dy <= 2; dy++)
    for (let dx = -2; dx <= 2; dx++)
      if (dx * dx + dy * dy <= 4) rows.set([16, 36, 62, 255], (300 + dy) * rowBytes + 1 + (400 + dx) * 4);
  for (let x = 0; x < line; x++) rows.set([16, 36, 62, 255], 100 * rowBytes + 1 + (200 + x) * 4);
  return encodePng(width, height, 6, rows);
}

/** Frames of an APNG (acTL, fcTL, fdAT) around a still image of `width` × `height` (grey, all white). */
function animated(width: number, height: number): Buffer {
  const frame = deflateSync(Buffer.alloc((width + 1) * height, 255));
  const fctl = (sequence: number) => {
    const b = Buffer.alloc(26);
    b.writeUInt32BE(sequence, 0);
    b.writeUInt32BE(width, 4);
    b.writeUInt32BE(height, 8);
    return pngChunk('fcTL', b);
  };
  const fdat = Buffer.concat([Buffer.from([0, 0, 0, 2]), frame]);
  return pngFile([
    pngHeader(width, height, 0),
    pngChunk('acTL', Buffer.from([0, 0, 0, 2, 0, 0, 0, 0])),
    fctl(0),
    pngChunk('IDAT', frame),
    fctl(1),
    pngChunk('fdAT', fdat),
    IEND,
  ]);
}

describe('the signature image at hand-over', () => {
  it('refuses a signature larger than a signature pad makes, naming the most it accepts', async () => {
    const wide = await handover(pngBomb(MAX_SIGNATURE_WIDTH + 1, 200));
    expect(wide.body.errorCode, wide.body.msg ?? '').toBe('podSignatureTooLarge');
    expect(wide.body.msg).toContain(`${MAX_SIGNATURE_WIDTH} × ${MAX_SIGNATURE_HEIGHT}`);
    expect(wide.body.msg).toContain(`${MAX_SIGNATURE_WIDTH + 1} × 200`);
  });

  it('refuses a second image in the file: two runs of image data, data after IEND', async () => {
    const data = deflateSync(Buffer.alloc((400 + 1) * 100, 255));
    const half = Math.floor(data.length / 2);
    const twoRuns = pngFile([
      pngHeader(400, 100, 0),
      pngChunk('IDAT', data.subarray(0, half)),
      pngChunk('tEXt', Buffer.from('Comment\0hidden')),
      pngChunk('IDAT', data.subarray(half)),
      IEND,
    ]);
    expect((await handover(twoRuns)).body.errorCode).toBe('podSignatureInvalid');
    const trailing = Buffer.concat([encodePng(400, 100, 0, Buffer.alloc(401 * 100, 255)), pngBomb(2000, 1000)]);
    expect((await handover(trailing)).body.errorCode).toBe('podSignatureInvalid');
  });

  it('refuses an animated PNG in under 100 ms, without decoding its frames', async () => {
    const apng = animated(1900, 1000);
    const { ms, value } = await fastestOf(
      3,
      () => timed(handover(apng)),
      (r) => r.ms < 100,
    );
    expect(value.body.errorCode).toBe('podSignatureInvalid');
    expect(ms).toBeLessThan(100);
  });

  it('refuses a 20,000 × 20,000 bomb in under 100 ms while another request goes on undelayed', { timeout: 10_000 }, async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(60_000);
    const list = () => t.post('/api/tDelivery/findPage', { pageNum: 1, pageSize: 20, columnFilters: { whId: 'WH01' } }, admin);
    await list();
    const alone = await timed(list());
    // Not held up: the list beside the bomb within a few times its own time (a slack for a loaded test machine).
    const [refused, beside] = await fastestOf(
      3,
      () => Promise.all([timed(handover(bomb)), timed(list())]),
      ([r, b]) => r.ms < 100 && b.ms < Math.max(250, alone.ms * 5),
    );
    expect(refused.value.body.errorCode).toBe('podSignatureTooLarge');
    expect(refused.value.body.msg).toContain('20000 × 20000');
    expect(refused.ms).toBeLessThan(100);
    expect(beside.value.status).toBe(200);
    expect(beside.ms).toBeLessThan(Math.max(250, alone.ms * 5));
  });

  it("refuses a blank signature and a tap's dot, in the worker's language, keeping and shipping nothing", async () => {
    const refusals = [encodePng(1232, 610, 6, Buffer.alloc((1232 * 4 + 1) * 610)), tapSignature()];
    for (const png of refusals) {
      const refused = await handover(png);
      expect(refused.body.errorCode, refused.body.msg ?? '').toBe('podSignatureTooShort');
      expect(refused.body.msg).toBe('The signature is too short: a signature needs at least 40 mm of ink, and a dot is not one');
    }
    // In Chinese for a Chinese-speaking worker.
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/kiosk/delivery/handover',
      headers: { lang: 'zh_cn', token, 'x-station-key': key },
      payload: handoverRequest(delivery, { signaturePng: tapSignature().toString('base64') }),
    });
    expect(zh.json()).toMatchObject({
      errorCode: 'podSignatureTooShort',
      msg: '签名过短：签名笔迹总长至少须 40 毫米，单点不算签名',
    });
    // A dot and a line one pixel short of the least ink (pngGuard.test.ts: the least passes).
    expect((await handover(tapSignature(MIN_SIGNATURE_INK_PIXELS - 13 - 1))).body.errorCode).toBe('podSignatureTooShort');
    const { rows } = await sql<{ status: string; proofs: number; kept: number }>`
      select d.status,
        (select count(*)::int from t_delivery_pod p where p.delivery_number = d.delivery_number) as proofs,
        (select count(*)::int from t_pod_unattached u where u.delivery_number = d.delivery_number) as kept
      from t_delivery d where d.wh_id = ${delivery.whId} and d.delivery_number = ${delivery.deliveryNumber}`.execute(
      t.connection.db,
    );
    expect(rows[0]).toEqual({ status: 'O', proofs: 0, kept: 0 });
  });

  it('ships with a signature as the station exports it (1600 × 900 RGBA), nothing refused before shipping it', async () => {
    const { rows } = await sql<{ status: string }>`
      select status from t_delivery where wh_id = ${delivery.whId} and delivery_number = ${delivery.deliveryNumber}`.execute(
      t.connection.db,
    );
    expect(rows[0]?.status).toBe('O');
    const shipped = await handover(strokeSignature(1600, 900));
    expect(shipped.body.code, shipped.body.msg ?? '').toBe(200);
    expect(shipped.body.data).toMatchObject({ deliveryNumber: delivery.deliveryNumber, duplicate: false });
  });
});
