/**
 * The dock station's key (issue 16): 32 random bytes, base64url, made once by the station and kept in localStorage.
 * While a browser holds one it is a station: the app shows nothing but the /kiosk screens.
 */

const STATION_KEY_STORAGE = 'wharf.kiosk.stationKey';

/** The key this browser holds, or null when it is no station. */
export function readStationKey(): string | null {
  try {
    return localStorage.getItem(STATION_KEY_STORAGE);
  } catch {
    return null;
  }
}

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
  localStorage.setItem(STATION_KEY_STORAGE, key);
  return key;
}
