import { describe, expect, it } from 'vitest';
import { isStrongPassword } from '../../shared/passwordRule';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('generates administrator passwords that always pass the password rule', () => {
    // About one draw in nine of 14 letters-or-digits has no digit: 300 draws would catch it.
    const drawn = Array.from({ length: 300 }, generatePassword);
    expect(drawn.filter((p) => !isStrongPassword(p))).toEqual([]);
    expect(new Set(drawn).size).toBe(300);
  });

  it('refuses every password for an account without a usable hash, after checking a dummy hash', async () => {
    const stored = await hashPassword('Harbour#2025');
    expect(await verifyPassword('Harbour#2025', stored)).toBe(true);
    expect(await verifyPassword('Harbour#2026', stored)).toBe(false);
    expect(await verifyPassword('Harbour#2025', undefined)).toBe(false);
    expect(await verifyPassword('Harbour#2025', 'plain-text')).toBe(false);
  });
});
