/**
 * Texts the server writes into rows (an adjustment's description, a log row's description) are stored as a code and
 * its values, never as words of one language, and shown in the reader's language (locale keys `systemText.<code>`).
 * Rows written before (plain English such as "cycle count CC0001–CC0009") are recognised and shown the same way; any
 * other text — what a user typed — passes through as written.
 */

/** The codes and the values each one takes. */
export const SYSTEM_TEXTS = {
  /** The adjustment task made from counted cycle-count tasks: the first and last count number. */
  countAdjustment: ['first', 'last'],
  /** A COUNT log row: the quantity counted and the book quantity then. */
  countLogged: ['counted', 'book'],
} as const satisfies Record<string, readonly string[]>;

export type SystemTextCode = keyof typeof SYSTEM_TEXTS;
export type SystemTextValues<C extends SystemTextCode> = Record<(typeof SYSTEM_TEXTS)[C][number], string>;

/** Marks a stored system text: `#countLogged{"counted":"9","book":"10"}`. */
const MARK = '#';
const STORED = /^#([A-Za-z]+)(\{.*\})$/s;

/** Written before codes were stored: the same texts in English, read back as codes. */
const LEGACY: readonly { pattern: RegExp; code: SystemTextCode; names: readonly string[] }[] = [
  { pattern: /^cycle count (\S*)–(\S*)$/, code: 'countAdjustment', names: SYSTEM_TEXTS.countAdjustment },
  { pattern: /^counted (\S+), book (\S+)$/, code: 'countLogged', names: SYSTEM_TEXTS.countLogged },
];

/** The stored form of a system text: its code and values (what the server writes into the row). */
export function systemText<C extends SystemTextCode>(code: C, values: SystemTextValues<C>): string {
  return `${MARK}${code}${JSON.stringify(values)}`;
}

/** The code and values of a stored text, or null for a text a user typed. */
export function parseSystemText(value: string): { code: SystemTextCode; values: Record<string, string> } | null {
  const stored = STORED.exec(value);
  if (stored) {
    const code = stored[1] as string;
    if (!Object.hasOwn(SYSTEM_TEXTS, code)) return null;
    try {
      const parsed: unknown = JSON.parse(stored[2] as string);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
      const values: Record<string, string> = {};
      for (const name of SYSTEM_TEXTS[code as SystemTextCode]) {
        const v = (parsed as Record<string, unknown>)[name];
        values[name] = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
      }
      return { code: code as SystemTextCode, values };
    } catch {
      return null;
    }
  }
  for (const legacy of LEGACY) {
    const match = legacy.pattern.exec(value);
    if (match) return { code: legacy.code, values: Object.fromEntries(legacy.names.map((n, i) => [n, match[i + 1] ?? ''])) };
  }
  return null;
}

/** A row's text in the reader's language: a system text through `translate`, any other text as written. */
export function renderSystemText(value: unknown, translate: (key: string, values: Record<string, string>) => string): unknown {
  if (typeof value !== 'string') return value;
  const parsed = parseSystemText(value);
  return parsed ? translate(`systemText.${parsed.code}`, parsed.values) : value;
}
