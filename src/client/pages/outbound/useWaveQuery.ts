import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * The query values a wave screen was opened with (spec 001 §2: whId, waveId …). The tab stays mounted while other
 * screens show: the values are kept until the screen is opened again with all of them.
 */
export function useWaveQuery<K extends string>(url: string, keys: readonly K[]): Record<K, string> {
  const [location] = useLocation();
  const params = new URLSearchParams(useSearch());
  const read = () => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const [values, setValues] = useState(read);
  const next = read();
  const complete = keys.every((k) => next[k] !== '');
  const signature = keys.map((k) => next[k]).join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the values read
  useEffect(() => {
    if (location === url && complete) setValues(next);
  }, [location, url, complete, signature]);
  return values;
}
