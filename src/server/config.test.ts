import { describe, expect, it } from 'vitest';
import { adminPassword, loadConfig, parseTrustProxy } from './config';

describe('WHARF_ADMIN_PASSWORD', () => {
  it('refuses to start with an administrator password that fails the password rule, naming the variable and the rule', () => {
    for (const weak of ['admin', 'password', '12345678', 'Short#1', ' Padded#2024', `A1${'x'.repeat(63)}`]) {
      expect(() => adminPassword(weak), weak).toThrow(
        'WHARF_ADMIN_PASSWORD does not pass the password rule: 8 to 64 characters with at least one letter and one digit',
      );
      expect(() => loadConfig({ WHARF_ADMIN_PASSWORD: weak })).toThrow('WHARF_ADMIN_PASSWORD');
    }
  });

  it('takes a password that passes the rule, and generates one when the variable is unset or empty', () => {
    expect(loadConfig({ WHARF_ADMIN_PASSWORD: 'Harbour#2025' }).adminPassword).toBe('Harbour#2025');
    expect(loadConfig({ WHARF_ADMIN_PASSWORD: '' }).adminPassword).toBeNull();
    expect(loadConfig({}).adminPassword).toBeNull();
  });
});

describe('WHARF_TRUST_PROXY', () => {
  it('takes the proxies’ addresses and networks, or a hop count (the legacy 1: one proxy), and nothing when unset', () => {
    expect(parseTrustProxy('127.0.0.1,10.0.0.0/8')).toEqual({ addresses: ['127.0.0.1', '10.0.0.0/8'] });
    expect(parseTrustProxy(' ::1 , fd00::/8 ,loopback')).toEqual({ addresses: ['::1', 'fd00::/8', 'loopback'] });
    expect(parseTrustProxy('1')).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    for (const off of [undefined, '', '0', 'off']) expect(parseTrustProxy(off), String(off)).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ WHARF_TRUST_PROXY: '192.168.1.10' }).trustProxy).toEqual({ addresses: ['192.168.1.10'] });
  });

  it('refuses to start when told to trust every sender or given something that is not an address, naming the variable', () => {
    const refused = [
      'true',
      'all',
      'yes',
      '*',
      '0.0.0.0/0',
      '::/0',
      '10.0.0.0/33',
      '10.0.0.0/x',
      '10.0.0.300',
      'proxy.local',
      '10.0.0.1,',
      '1,10.0.0.1',
      '6',
      '-1',
      '1.5',
    ];
    for (const value of refused) {
      expect(() => parseTrustProxy(value), value).toThrow('WHARF_TRUST_PROXY');
      expect(() => loadConfig({ WHARF_TRUST_PROXY: value }), value).toThrow(`WHARF_TRUST_PROXY "${value}"`);
    }
  });
});

describe('WHARF_METRICS_TOKEN, WHARF_SHUTDOWN_TIMEOUT and WHARF_DB_POOL_MAX', () => {
  it('leaves /metrics off without a token, and refuses to start with a short or spaced one, naming the variable', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ WHARF_METRICS_TOKEN: 'a-long-enough-token-0001' }).metricsToken).toBe('a-long-enough-token-0001');
    for (const bad of ['short', 'fifteen-chars-x', 'has a space inside it', 'non-ascii-token-ü-0001'])
      expect(() => loadConfig({ WHARF_METRICS_TOKEN: bad }), bad).toThrow('WHARF_METRICS_TOKEN must be at least 16');
  });

  it('waits 10 s by default at shutdown, takes seconds or a unit, and refuses anything outside 1 s – 10 minutes', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ WHARF_SHUTDOWN_TIMEOUT: '30' }).shutdownTimeoutMs).toBe(30_000);
    expect(loadConfig({ WHARF_SHUTDOWN_TIMEOUT: '1m' }).shutdownTimeoutMs).toBe(60_000);
    expect(loadConfig({ WHARF_SHUTDOWN_TIMEOUT: '1500ms' }).shutdownTimeoutMs).toBe(1500);
    for (const bad of ['0', '500ms', '11m', 'soon', '-5'])
      expect(() => loadConfig({ WHARF_SHUTDOWN_TIMEOUT: bad }), bad).toThrow('WHARF_SHUTDOWN_TIMEOUT');
  });

  it('opens at most 10 PostgreSQL connections a process unless told otherwise', () => {
    expect(loadConfig({}).dbPoolMax).toBe(10);
    expect(loadConfig({ WHARF_DB_POOL_MAX: '25' }).dbPoolMax).toBe(25);
  });
});
