/** Loads `/globalOptions/*` choice lists for the kit's selectors, sharing answers between the forms of all tabs. */
import type { OptionEntry } from '../../shared/lookups';
import { SUCCESS } from '../../shared/wire';
import { apiPost } from './api';

// A list is reused for a minute: long enough for the fields of one form and the filters of several tabs,
// short enough that master data added elsewhere shows up. Saves through the kit clear it at once.
const FRESH_MS = 60_000;
const cache = new Map<string, { at: number; pending: Promise<OptionEntry[]> }>();

/** The request body without empty parameters: an unchosen client asks for every client. */
export function lookupBody(params: Readonly<Record<string, string | number | undefined>>): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') body[key] = value;
  return body;
}

/** One lookup's options; a failed or refused call answers [] (the api client has reported it) and is not kept. */
export function loadOptions(name: string, params: Readonly<Record<string, string | number | undefined>>): Promise<OptionEntry[]> {
  const body = lookupBody(params);
  const key = `${name} ${JSON.stringify(body)}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.pending;
  const pending = apiPost<OptionEntry[]>(`/globalOptions/${name}`, body, { silent: true }).then(
    (envelope) => (envelope.code === SUCCESS && Array.isArray(envelope.data) ? envelope.data : []),
    () => [] as OptionEntry[],
  );
  pending.then((list) => {
    if (list.length === 0) cache.delete(key);
  });
  cache.set(key, { at: Date.now(), pending });
  return pending;
}

/** Forgets loaded lists (all, or one lookup's), after master data changed. */
export function clearLookupCache(name?: string): void {
  if (!name) {
    cache.clear();
    return;
  }
  for (const key of cache.keys()) if (key.startsWith(`${name} `)) cache.delete(key);
}
