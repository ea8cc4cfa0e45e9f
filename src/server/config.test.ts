import { describe, expect, it } from 'vitest';
import { adminPassword, loadConfig } from './config';

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
