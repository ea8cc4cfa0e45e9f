import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// kiosk/install.sh run into a scratch root (WHARF_KIOSK_ROOT): what a station installer would find on the machine.
const script = path.resolve('kiosk/install.sh');
const root = mkdtempSync(path.join(tmpdir(), 'wharf-kiosk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const install = (...args: string[]) =>
  spawnSync('bash', [script, ...args], { env: { ...process.env, WHARF_KIOSK_ROOT: root }, encoding: 'utf8' });

describe('dock station setup (kiosk/install.sh)', () => {
  it('writes the managed policy with the server origin as the only allowed address', () => {
    const run = install('--user', 'dock1', 'https://wharf.example.local:8443/kiosk?x=1');
    expect(run.status, run.stderr).toBe(0);
    const policy = JSON.parse(readFileSync(path.join(root, 'etc/chromium/policies/managed/wharf.json'), 'utf8'));
    expect(policy.URLBlocklist).toEqual(['*']);
    expect(policy.URLAllowlist).toEqual(['https://wharf.example.local:8443']);
    expect(policy.DeveloperToolsAvailability).toBe(2);
    expect(policy.IncognitoModeAvailability).toBe(1);
    expect(policy.PasswordManagerEnabled).toBe(false);
    expect(policy.DownloadDirectory).toBe('/home/dock1/signed-documents');
    expect(policy.PromptForDownloadLocation).toBe(false);
    expect(policy.RestoreOnStartupURLs).toEqual(['https://wharf.example.local:8443/kiosk']);
    expect(JSON.stringify(policy)).not.toMatch(/WHARF_/);
  });

  it("starts the launcher from the station user's session, on the kiosk address", () => {
    const desktop = readFileSync(path.join(root, 'home/dock1/.config/autostart/wharf-kiosk.desktop'), 'utf8');
    expect(desktop).toContain('Exec=/opt/wharf-kiosk/launch.sh');
    expect(readFileSync(path.join(root, 'opt/wharf-kiosk/station.env'), 'utf8')).toBe(
      'WHARF_KIOSK_URL=https://wharf.example.local:8443/kiosk\n',
    );
    expect(statSync(path.join(root, 'opt/wharf-kiosk/launch.sh')).mode & 0o111).not.toBe(0);
    expect(statSync(path.join(root, 'home/dock1/signed-documents')).isDirectory()).toBe(true);
    execFileSync('bash', ['-n', path.join(root, 'opt/wharf-kiosk/launch.sh')]);
  });

  it('refuses an address that is not http(s), and a bad user name, before writing anything', () => {
    for (const args of [['ftp://wharf'], ['https://wharf"; rm -rf /'], ['--user', 'Bad User', 'https://wharf']]) {
      const run = install(...args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/not an http\(s\) address|not a valid user name/);
    }
  });
});
