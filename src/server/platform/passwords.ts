import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { isStrongPassword } from '../../shared/passwordRule';

const KEY_LENGTH = 64;

/** scrypt's work factors: N (a power of two), r and p. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** N=2^15 (r=8, p=1) costs ~50 ms and 32 MiB: slow for guessing, fast enough for logins. */
export const PASSWORD_COST: PasswordCost = { N: 32768, r: 8, p: 1 };
const MAX_MEM = 96 * 1024 * 1024;
let cost = PASSWORD_COST;
/** A hash no password matches, made once per cost: what a login of an unknown account is checked against. */
let dummyHash: Promise<string> | undefined;

/**
 * The cost new hashes are made with. Only the test suites lower it (tests/support/templates.ts): thousands of logins
 * would otherwise spend minutes in scrypt, and no rule under test depends on the cost. The server never calls this.
 */
export function setPasswordCost(next: PasswordCost): void {
  cost = next;
  dummyHash = undefined;
}

function derive(password: string, salt: Buffer, { N, r, p }: PasswordCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64 parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * The work factors a stored hash was made with, when they are ones this server would make: N a power of two from
 * 2^10 to 2^16, r 1–16, p 1–4 (a hash written straight into the database cannot make a login take minutes).
 */
function storedCost(N: string | undefined, r: string | undefined, p: string | undefined): PasswordCost | null {
  const factors = { N: Number(N), r: Number(r), p: Number(p) };
  const powerOfTwo =
    Number.isInteger(factors.N) && factors.N >= 1024 && factors.N <= 65536 && (factors.N & (factors.N - 1)) === 0;
  const fits = Number.isInteger(factors.r) && factors.r >= 1 && factors.r <= 16 && Number.isInteger(factors.p) && factors.p >= 1;
  return powerOfTwo && fits && factors.p <= 4 && 128 * factors.N * factors.r < MAX_MEM ? factors : null;
}

/**
 * Whether the password matches the stored hash. Without a usable hash (no such account) the password is
 * checked against a dummy one and refused: both answers take the same time, so timing reveals no account.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = (stored ?? '').split('$');
  const made = storedCost(N, r, p);
  if (scheme !== 'scrypt' || !salt || !hash || !made) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await dummyHash);
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  // The hash's own factors: a cost raised later still verifies the passwords hashed before.
  const actual = await derive(password, Buffer.from(salt, 'base64'), made);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password a person can type that passes the password rule: 14 characters from an unambiguous alphabet. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  for (;;) {
    // Drawn without modulo bias; about one draw in nine has no digit and is drawn again.
    const password = Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (isStrongPassword(password)) return password;
  }
}
