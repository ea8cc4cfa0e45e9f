import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { isStrongPassword } from '../../shared/passwordRule';

const KEY_LENGTH = 64;
// N=2^15 (r=8, p=1) costs ~50 ms and 32 MiB: slow for guessing, fast enough for logins.
const COST = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64 parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash no password matches, made once: what a login of an unknown account is checked against. */
let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash. Without a usable hash (no such account) the password is
 * checked against a dummy one and refused: both answers take the same time, so timing reveals no account.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, , , , salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await dummyHash);
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'));
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
