import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 25 item 1: kiosk/install.sh, run into a scratch root (WHARF_KIOSK_ROOT), refuses a plain-HTTP address of another
// machine unless --allow-http is given, and then warns loudly; localhost stays allowed (a station on the server itself).
const script = path.resolve('kiosk/install.sh');
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function install(...args: string[]) {
  const root = mkdtempSync(path.join(tmpdir(), 'wharf-kiosk-http-'));
  roots.push(root);
  const run = spawnSync('bash', [script, ...args], { env: { ...process.env, WHARF_KIOSK_ROOT: root }, encoding: 'utf8' });
  const policy = path.join(root, 'etc/chromium/policies/managed/wharf.json');
  return { ...run, policy: existsSync(policy) ? (JSON.parse(readFileSync(policy, 'utf8')) as { URLAllowlist: string[] }) : null };
}

describe('kiosk/install.sh and plain HTTP', () => {
  it('refuses http:// to another machine, writing nothing, and says how to serve HTTPS', () => {
    for (const address of ['http://wharf.example.local', 'http://192.168.1.20:8080']) {
      const run = install(address);
      expect(run.status, address).toBe(2);
      expect(run.stderr).toMatch(/plain HTTP/);
      expect(run.stderr).toMatch(/HTTPS/);
      expect(run.stderr).toMatch(/--allow-http/);
      expect(run.policy).toBeNull();
    }
  });

  it('installs it with --allow-http, warning loudly', () => {
    const run = install('--allow-http', 'http://wharf.example.local:8080');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/WARNING: http:\/\/wharf.example.local:8080 is plain HTTP/);
    expect(run.policy?.URLAllowlist).toEqual(['http://wharf.example.local:8080']);
  });

  it('installs https:// and http://localhost without a warning', () => {
    for (const address of ['https://wharf.example.local', 'http://localhost:8080', 'http://127.0.0.1:8080']) {
      const run = install(address);
      expect(run.status, address).toBe(0);
      expect(run.stderr).toBe('');
    }
  });
});
