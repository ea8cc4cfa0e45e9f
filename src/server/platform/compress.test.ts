import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { pickEncoding } from './compress';

let t: TestApp;
let token: string;
let publicDir: string;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

beforeAll(async () => {
  // A built console in miniature: a hashed asset with its precompressed siblings, an unhashed file and index.html.
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-public-'));
  fs.mkdirSync(path.join(publicDir, 'assets'));
  const asset = path.join(publicDir, 'assets', 'main-ABCD1234.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(publicDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(publicDir, 'index.html'),
    `<!doctype html><html><head></head><body>${'<p>x</p>'.repeat(300)}</body></html>`,
  );
  t = await createTestApp({ publicDir });
  token = await t.login();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the console files travel compressed', () => {
  it('sends the build’s brotli file to a browser that accepts brotli, cached for a year under its hashed name', async () => {
    const res = await get('/assets/main-ABCD1234.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/main-ABCD1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/main-ABCD1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('sends the page policy with the console page and every other file, not with hashed scripts', async () => {
    const asset = await get('/assets/main-ABCD1234.js', 'br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    // An SVG can be opened as a document and run script: it keeps the policy, like the page and the API.
    for (const url of ['/favicon.svg', '/login', '/assets/main-ABCD1234.js?x=1']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('revalidates files without a hash in their name and the console page', async () => {
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('no-cache');
    const page = await get('/login', 'br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<!doctype html>');
    expect((await get('/Wms/TWhse')).body).toContain('<!doctype html>');
  });
});

describe('API answers above 1 KB travel compressed', () => {
  const findPage = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tLocation/findPage',
      headers: { token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      payload: { pageNum: 1, pageSize: 100, columnFilters: {} },
    });

  it('compresses a page of rows in brotli or gzip as accepted, with the same JSON inside', async () => {
    const plain = await findPage();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await findPage('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await findPage('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/public', headers: { 'accept-encoding': 'br' } });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe(200);
  });
});

describe('Accept-Encoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
