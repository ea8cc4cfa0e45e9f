import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 25 items 9, 11 and 15: kiosk/install.sh --dry-run --root DIR, on a fake Debian and a fake Ubuntu, writes every
// file of a dock station under DIR and runs no system command (it prints them). The files must log the station user in
// (GDM), keep GNOME from blanking, locking or popping its own keyboard (dconf keys, locked), hold the browser to the
// server (policy) and start it locked down (launch.sh --dry-run prints its command line).
const script = path.resolve('kiosk/install.sh');
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

type Distro = 'debian' | 'ubuntu';
const osRelease: Record<Distro, string> = {
  debian: 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n',
  ubuntu: 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n',
};
// GDM's file as each distribution ships it: automatic login commented out, other sections the installer must keep.
const gdmFile: Record<Distro, string> = { debian: 'etc/gdm3/daemon.conf', ubuntu: 'etc/gdm3/custom.conf' };
const gdmShipped = [
  '# GDM configuration storage',
  '',
  '[daemon]',
  '# Uncomment the line below to force the login screen to use Xorg',
  '#WaylandEnable=false',
  '',
  '# Enabling automatic login',
  '#  AutomaticLoginEnable = true',
  '#  AutomaticLogin = user1',
  '',
  '[security]',
  '',
  '[debug]',
  '#Enable=true',
  '',
].join('\n');

/** A fresh root holding the distribution's os-release and GDM's shipped file. */
function fakeMachine(distro: Distro, withGdm = true): string {
  const root = mkdtempSync(path.join(tmpdir(), `wharf-kiosk-${distro}-`));
  roots.push(root);
  mkdirSync(path.join(root, 'etc'), { recursive: true });
  writeFileSync(path.join(root, 'etc/os-release'), osRelease[distro]);
  if (withGdm) {
    mkdirSync(path.join(root, 'etc/gdm3'));
    writeFileSync(path.join(root, gdmFile[distro]), gdmShipped);
  }
  return root;
}

function install(root: string, ...args: string[]) {
  const env = { ...process.env };
  delete env.WHARF_KIOSK_ROOT;
  return spawnSync('bash', [script, '--dry-run', '--root', root, ...args], { env, encoding: 'utf8' });
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');

/** The keys of one [section] of an ini or dconf keyfile. */
function section(text: string, name: string): Record<string, string> {
  const keys: Record<string, string> = {};
  let inside = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) inside = line === `[${name}]`;
    else if (inside && !line.startsWith('#') && line.includes('=')) {
      const at = line.indexOf('=');
      keys[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return keys;
}

/** launch.sh --dry-run as the station's session would start it, with a fake /sys holding one touch screen. */
function launch(root: string, session: Record<string, string>) {
  const sys = path.join(root, 'sys/class/input');
  const device = (event: string, name: string, properties: string, vendor: string, product: string) => {
    mkdirSync(path.join(sys, event, 'device/id'), { recursive: true });
    writeFileSync(path.join(sys, event, 'device/name'), `${name}\n`);
    writeFileSync(path.join(sys, event, 'device/properties'), `${properties}\n`);
    writeFileSync(path.join(sys, event, 'device/id/vendor'), `${vendor}\n`);
    writeFileSync(path.join(sys, event, 'device/id/product'), `${product}\n`);
  };
  device('event3', 'ILITEK ILITEK-TP', '2', '222a', '0001'); // INPUT_PROP_DIRECT: the touch screen
  device('event7', 'Wedge Scanner', '0', '0c2e', '0b61'); // a keyboard: never mapped
  return spawnSync('bash', [path.join(root, 'opt/wharf-kiosk/launch.sh'), '--dry-run'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: '/home/dock1',
      WHARF_SYSFS: path.join(root, 'sys'),
      WHARF_KIOSK_ENV: path.join(root, 'opt/wharf-kiosk/station.env'),
      WHARF_KIOSK_CONF: path.join(root, 'opt/wharf-kiosk/launch.conf'),
      ...session,
    },
    encoding: 'utf8',
  });
}

describe.each<[Distro, { policy: string; chromium: string; profile: string }]>([
  [
    'debian',
    { policy: 'etc/chromium/policies/managed/wharf.json', chromium: '/usr/bin/chromium', profile: '/home/dock1/.wharf-kiosk' },
  ],
  [
    'ubuntu',
    {
      policy: 'etc/chromium-browser/policies/managed/wharf.json',
      chromium: '/snap/bin/chromium',
      profile: '/home/dock1/snap/chromium/common/wharf-kiosk',
    },
  ],
])('install.sh --dry-run on %s', (distro, expected) => {
  const root = fakeMachine(distro);
  const run = install(root, '--user', 'dock1', '--touch-output', 'HDMI-1', 'https://wharf.example.local:8443/kiosk');

  it('writes every file under the root and runs no system command, printing each instead', () => {
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const commands = run.stdout.split('\n').filter((line) => line.startsWith('+ '));
    expect(commands).toContain('+ adduser --disabled-password --gecos Wharf\\ dock\\ station dock1');
    expect(commands).toContain('+ chown -R dock1: /home/dock1/.config /home/dock1/signed-documents');
    expect(commands).toContain('+ dconf update');
    const apt = commands.find((line) => line.startsWith('+ apt-get install'));
    expect(apt).toMatch(/fonts-wqy-microhei/);
    if (distro === 'ubuntu') {
      // Ubuntu's Chromium is the snap; its deb would only install the snap.
      expect(apt).not.toMatch(/ chromium/);
      expect(commands).toContain('+ snap install chromium');
      expect(commands).toContain('+ snap connect chromium:removable-media');
    } else {
      expect(apt).toMatch(/ chromium /);
      expect(commands.some((line) => line.includes('snap'))).toBe(false);
    }
    // Nothing of the machine's own: the station user was not created, no policy written outside the root.
    expect(spawnSync('id', ['dock1']).status).not.toBe(0);
  });

  it("logs the station user in automatically, keeping the rest of GDM's file", () => {
    const gdm = read(root, gdmFile[distro]);
    expect(section(gdm, 'daemon')).toEqual({ AutomaticLoginEnable: 'true', AutomaticLogin: 'dock1' });
    expect(gdm).toContain('#WaylandEnable=false');
    expect(gdm).toContain('[security]');
    expect(gdm).toContain('[debug]\n#Enable=true');
    expect(gdm.match(/AutomaticLogin\b/g)).toHaveLength(1);
    expect(run.stdout).toContain(`GDM logs dock1 in automatically (/${gdmFile[distro]})`);
    // Run again (a re-install): the same file, not a second copy of the keys.
    expect(install(root, '--user', 'dock1', '--touch-output', 'HDMI-1', 'https://wharf.example.local:8443').status).toBe(0);
    expect(read(root, gdmFile[distro])).toBe(gdm);
  });

  it('locks GNOME against blanking, locking, sleeping, banners and its own on-screen keyboard', () => {
    expect(read(root, 'etc/dconf/profile/user').split('\n')).toEqual(['user-db:user', 'system-db:local', '']);
    const keys = read(root, 'etc/dconf/db/local.d/50-wharf-kiosk');
    expect(section(keys, 'org/gnome/desktop/session')).toEqual({ 'idle-delay': 'uint32 0' });
    expect(section(keys, 'org/gnome/desktop/screensaver')).toEqual({
      'lock-enabled': 'false',
      'idle-activation-enabled': 'false',
    });
    expect(section(keys, 'org/gnome/settings-daemon/plugins/power')).toMatchObject({
      'sleep-inactive-ac-type': "'nothing'",
      'idle-dim': 'false',
    });
    expect(section(keys, 'org/gnome/desktop/notifications')).toMatchObject({ 'show-banners': 'false' });
    expect(section(keys, 'org/gnome/desktop/a11y/applications')).toEqual({ 'screen-keyboard-enabled': 'false' });
    expect(section(keys, 'org/gnome/desktop/input-sources')).toMatchObject({ sources: "[('xkb', 'us')]" });
    expect(section(keys, 'org/gtk/settings/file-chooser')).toEqual({ 'startup-mode': "'cwd'" });
    // Every key set is locked, so the session cannot change it back.
    const locks = read(root, 'etc/dconf/db/local.d/locks/50-wharf-kiosk').trim().split('\n');
    const set: string[] = [];
    let at = '';
    for (const line of keys.split('\n').map((text) => text.trim())) {
      const header = /^\[(.+)\]$/.exec(line);
      const key = /^([a-z-]+)=/.exec(line);
      if (header) at = header[1] ?? '';
      else if (key) set.push(`/${at}/${key[1]}`);
    }
    expect(locks.sort()).toEqual(set.sort());
    expect(locks).toContain('/org/gnome/desktop/session/idle-delay');
  });

  it("writes the browser policy where this distribution's Chromium reads it, with the origin filled in", () => {
    const policy = JSON.parse(read(root, expected.policy)) as Record<string, unknown>;
    expect(policy.URLBlocklist).toEqual(['*']);
    expect(policy.URLAllowlist).toEqual(['https://wharf.example.local:8443']);
    expect(policy.HomepageLocation).toBe('https://wharf.example.local:8443/kiosk');
    expect(policy.VideoCaptureAllowedUrls).toEqual(['https://wharf.example.local:8443']);
    expect(policy.DownloadDirectory).toBe('/home/dock1/signed-documents');
    expect(policy.PromptForDownloadLocation).toBe(false);
    expect(policy.AllowFileSelectionDialogs).toBe(true);
    expect(policy.DeveloperToolsAvailability).toBe(2);
    expect(policy.IncognitoModeAvailability).toBe(1);
    expect(policy.SavingBrowserHistoryDisabled).toBe(true);
    expect(policy.AllowDeletingBrowserHistory).toBe(false);
    expect(policy.ExtensionInstallBlocklist).toEqual(['*']);
    expect(policy.PrintingEnabled).toBe(false);
    expect(policy.PrinterTypeDenyList).toEqual(['pdf', 'extension']);
    expect(JSON.stringify(policy)).not.toMatch(/WHARF_/);
    const other = distro === 'ubuntu' ? 'etc/chromium/policies' : 'etc/chromium-browser';
    expect(existsSync(path.join(root, other))).toBe(false);
  });

  it("creates the signed-documents folder for the station user alone, and skips GNOME's first-login welcome", () => {
    const folder = statSync(path.join(root, 'home/dock1/signed-documents'));
    expect(folder.isDirectory()).toBe(true);
    expect(folder.mode & 0o777).toBe(0o750);
    expect(read(root, 'home/dock1/.config/gnome-initial-setup-done')).toBe('yes\n');
    expect(read(root, 'home/dock1/.config/autostart/wharf-kiosk.desktop')).toContain('Exec=/opt/wharf-kiosk/launch.sh');
    expect(existsSync(path.join(root, 'home/dock1/.config/autostart/update-notifier.desktop'))).toBe(distro === 'ubuntu');
  });

  it('starts the browser locked down, in its download folder, with the touch screen on HDMI-1 (X11)', () => {
    const x11 = launch(root, { DISPLAY: ':0', XDG_SESSION_TYPE: 'x11' });
    expect(x11.status, x11.stderr).toBe(0);
    const lines = x11.stdout.trim().split('\n');
    expect(lines).toContain('+ xset s off -dpms s noblank');
    expect(lines).toContain('+ xinput map-to-output pointer:ILITEK\\ ILITEK-TP HDMI-1');
    expect(lines.filter((line) => line.includes('map-to-output'))).toHaveLength(1);
    expect(lines).toContain('+ cd /home/dock1/signed-documents');
    const browser = lines.at(-1) ?? '';
    expect(browser.startsWith(`+ ${expected.chromium} `)).toBe(true);
    for (const flag of [
      '--kiosk',
      '--no-first-run',
      '--disable-pinch',
      '--overscroll-history-navigation=0',
      '--disable-extensions',
    ]) {
      expect(browser.split(' ')).toContain(flag);
    }
    expect(browser).toContain(`--user-data-dir=${expected.profile} `);
    expect(browser.endsWith(' https://wharf.example.local:8443/kiosk')).toBe(true);
    // The system input method is never attached (no GNOME on-screen keyboard or pinyin over the station's own).
    expect(browser).not.toContain('--enable-wayland-ime');
    expect(browser).not.toContain('--kiosk-printing');
  });

  it('maps the touch screen through GNOME on Wayland, where xset and xinput do nothing', () => {
    const wayland = launch(root, { WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland' });
    expect(wayland.status, wayland.stderr).toBe(0);
    expect(wayland.stdout).not.toMatch(/xset|xinput/);
    expect(wayland.stdout).toContain(
      '+ gsettings set org.gnome.desktop.peripherals.touchscreen:/org/gnome/desktop/peripherals/touchscreens/222a:0001/ output',
    );
  });
});

describe('install.sh --dry-run refusals and options', () => {
  it('refuses plain http:// to another machine without --allow-http, writing nothing', () => {
    const root = fakeMachine('ubuntu');
    const run = install(root, 'http://192.168.1.20:8080');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/plain HTTP.*\n.*--allow-http/);
    expect(existsSync(path.join(root, 'etc/chromium-browser'))).toBe(false);
    expect(read(root, gdmFile.ubuntu)).toBe(gdmShipped);
    const allowed = install(root, '--allow-http', 'http://192.168.1.20:8080');
    expect(allowed.status).toBe(0);
    expect(allowed.stderr).toMatch(/WARNING: http:\/\/192.168.1.20:8080 is plain HTTP/);
  });

  it('refuses a dry run without a root, a root without a dry run, a bad output name and an unknown system', () => {
    const env = { ...process.env };
    delete env.WHARF_KIOSK_ROOT;
    const bare = spawnSync('bash', [script, '--dry-run', 'https://wharf.example.local'], { env, encoding: 'utf8' });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(/--dry-run needs --root/);
    const root = fakeMachine('debian');
    const rootOnly = spawnSync('bash', [script, '--root', root, 'https://wharf.example.local'], { env, encoding: 'utf8' });
    expect(rootOnly.status).toBe(2);
    expect(rootOnly.stderr).toMatch(/--root is for --dry-run/);
    const badOutput = install(root, '--touch-output', 'HDMI-1; rm -rf /', 'https://wharf.example.local');
    expect(badOutput.status).toBe(2);
    expect(badOutput.stderr).toMatch(/not an output name/);
    writeFileSync(path.join(root, 'etc/os-release'), 'PRETTY_NAME="Fedora Linux 41"\nID=fedora\n');
    const fedora = install(root, 'https://wharf.example.local');
    expect(fedora.status).toBe(1);
    expect(fedora.stderr).toMatch(/Fedora Linux 41 is neither Debian nor Ubuntu/);
    expect(existsSync(path.join(root, 'opt'))).toBe(false);
  });

  it('sets LightDM up instead when the machine has no GDM, and turns printing on when asked', () => {
    const root = fakeMachine('debian', false);
    mkdirSync(path.join(root, 'etc/lightdm'));
    const run = install(root, '--printing', 'https://wharf.example.local');
    expect(run.status, run.stderr).toBe(0);
    expect(section(read(root, 'etc/lightdm/lightdm.conf.d/50-wharf-kiosk.conf'), 'Seat:*')).toEqual({
      'autologin-user': 'wharf-kiosk',
      'autologin-user-timeout': '0',
    });
    const policy = JSON.parse(read(root, 'etc/chromium/policies/managed/wharf.json')) as Record<string, unknown>;
    expect(policy.PrintingEnabled).toBe(true);
    expect(policy.PrinterTypeDenyList).toEqual(['pdf', 'extension']);
    expect(read(root, 'opt/wharf-kiosk/launch.conf')).toContain('WHARF_PRINTING=1');
    const browser = launch(root, {}).stdout.trim().split('\n').at(-1) ?? '';
    expect(browser).toContain('--kiosk-printing');
  });
});
