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

/** A new key, kept (a station that enrols again after a revocation starts from a new one). */
export function newStationKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const key = base64url(bytes);
  localStorage.setItem(STORAGE_KEYS.stationKey, key);
  return key;
}
