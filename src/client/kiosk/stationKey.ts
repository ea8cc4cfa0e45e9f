/**
 * The dock station's key (issue 16): 32 random bytes, base64url, made once by the station and kept in localStorage.
 * While a browser holds one it is a station: the app shows nothing but the /kiosk screens.
 */

import { STORAGE_KEYS } from '../kit/session';

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Random bytes from `crypto.getRandomValues`, which every context has (plain HTTP too; `randomUUID` needs HTTPS). */
function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return bytes;
}

/**
 * A random id in the UUID v4 form (a hand-over's submission id). Not `crypto.randomUUID`: that exists only in a secure
 * context, and a station opened over plain http:// had its confirm fail silently on it (issue 25 item 1).
 */
export function randomId(): string {
  const bytes = randomBytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new key, kept (a station that enrols again after a revocation starts from a new one). */
export function newStationKey(): string {
  const key = base64url(randomBytes(32));
  localStorage.setItem(STORAGE_KEYS.stationKey, key);
  return key;
}
