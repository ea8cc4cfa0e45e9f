import { describe, expect, it } from 'vitest';
import { inShellScope, shellRoute, staleCaches } from './shellPolicy';

// What the station's service worker answers from its cache, and what it never touches (issue 25 item 14).
const origin = 'https://wharf.example';
const files = new Set(['/assets/main-ABCD1234.js', '/assets/chunks/KioskApp-EFGH5678.js', '/shoelace/assets/icons/truck.svg']);
const route = (url: string, mode = 'cors', method = 'GET') => shellRoute({ url: `${origin}${url}`, mode, method }, origin, files);

describe('the offline shell’s routes', () => {
  it('answers the kiosk’s pages network first (with the kept shell as fallback), and nothing else that is a page', () => {
    for (const page of ['/kiosk', '/kiosk/', '/kiosk/handover', '/kiosk/sign?x=1'])
      expect(route(page, 'navigate'), page).toBe('page');
    // The console is never served by the station's worker: a desk never runs a stale console.
    for (const page of ['/', '/login', '/Wms/TKioskStation', '/kiosks', '/kiosk-sw.js'])
      expect(route(page, 'navigate'), page).toBe('network');
    expect(inShellScope('/kioskx')).toBe(false);
  });

  it('serves the shell’s listed files from the cache, and every other file from the network', () => {
    expect(route('/assets/main-ABCD1234.js')).toBe('file');
    expect(route('/shoelace/assets/icons/truck.svg')).toBe('file');
    expect(route('/assets/main-ABCD1234.js?v=2')).toBe('network');
    expect(route('/assets/chunks/ShellLayout-IJKL9012.js')).toBe('network');
    expect(route('/pdfjs/pdf.worker.min.mjs')).toBe('network');
  });

  it('never answers an API call, a write, or another origin', () => {
    for (const url of ['/api/kiosk/station', '/api/kiosk/station/handover', '/wmsApi/kiosk/session', '/api/config/public']) {
      expect(route(url), url).toBe('network');
      expect(route(url, 'navigate'), url).toBe('network');
    }
    expect(route('/kiosk', 'navigate', 'POST')).toBe('network');
    expect(route('/assets/main-ABCD1234.js', 'cors', 'HEAD')).toBe('network');
    expect(shellRoute({ url: 'https://cdn.example/assets/main-ABCD1234.js', mode: 'cors', method: 'GET' }, origin, files)).toBe(
      'network',
    );
  });

  it('deletes the caches of other builds only', () => {
    expect(staleCaches(['wharf-kiosk-old1', 'wharf-kiosk-new2', 'other-app'], 'wharf-kiosk-new2')).toEqual(['wharf-kiosk-old1']);
  });
});
