/**
 * Whether the station reaches its server (issue 25 item 14). Offline when the browser says it has no network, or when a
 * kiosk call got no answer at all (kioskApi.ts: a server that is down looks the same to a dock worker); online again at
 * the next call that gets any answer. The home then shows the offline state and disables the flows that need the server.
 */
import { proxy } from 'valtio';

export const connection = proxy<{ offline: boolean }>({ offline: navigator.onLine === false });

/** A kiosk call ended: `answered` false when no answer came (the network, or the server down). */
export function noteAnswer(answered: boolean): void {
  if (connection.offline === answered) connection.offline = !answered;
}

/**
 * Follows the browser's network events: offline at once; when the network is back, `onBack` asks the server (its
 * answer says the station is online again). Returns the stop.
 */
export function watchConnection(onBack: () => void): () => void {
  const down = () => {
    connection.offline = true;
  };
  window.addEventListener('offline', down);
  window.addEventListener('online', onBack);
  return () => {
    window.removeEventListener('offline', down);
    window.removeEventListener('online', onBack);
  };
}
