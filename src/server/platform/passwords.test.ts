import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD_COST } from '../../../tests/support/templates';
import { isStrongPassword } from '../../shared/passwordRule';
import { generatePassword, hashPassword, PASSWORD_COST, setPasswordCost, verifyPassword } from './passwords';

describe('passwords', () => {
  // The test files of a worker share this module (vitest.config.ts): the suites' cheap cost is set when this file
  // starts, and set back when it ends.
  beforeAll(() => setPasswordCost(PASSWORD_COST));
  afterAll(() => setPasswordCost(TEST_PASSWORD_COST));

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

  it('hashes at N=2^15, r=8, p=1, and verifies a hash by the factors it was made with', async () => {
    const stored = await hashPassword('Harbour#2025');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    setPasswordCost({ N: 1024, r: 8, p: 1 });
    try {
      const cheap = await hashPassword('Harbour#2025');
      expect(cheap.split('$')[1]).toBe('1024');
      // Raising the cost later still lets the older hashes in.
      setPasswordCost(PASSWORD_COST);
      expect(await verifyPassword('Harbour#2025', cheap)).toBe(true);
      expect(await verifyPassword('Harbour#2025', stored)).toBe(true);
    } finally {
      setPasswordCost(PASSWORD_COST);
    }
  });

  it('refuses a hash whose factors this server would never make (a login must not take minutes)', async () => {
    const [, , r, p, salt, hash] = (await hashPassword('Harbour#2025')).split('$');
    for (const N of ['1048576', '1000', '512', 'x']) {
      expect(await verifyPassword('Harbour#2025', ['scrypt', N, r, p, salt, hash].join('$'))).toBe(false);
    }
  });
});
