/**
 * Pinyin lookup of the station's keyboard (README "Typing without a keyboard"). The table (pinyinTable.json, made by
 * generatePinyinTable.mjs) maps a toneless syllable (ü typed as v) to its characters, commonest first; its syllables
 * come commonest first too.
 */
export type PinyinTable = Readonly<Record<string, string>>;

/** What the letters typed so far offer. */
export interface Composition {
  /** The leading letters the candidates stand for (empty: none match); a pick consumes them. */
  reading: string;
  candidates: readonly string[];
}

/** Single letters that are syllables of their own (n and m are interjections only: "n" offers 那, 你 … alike). */
const VOWELS = ['a', 'e', 'o'];
const NOTHING: Composition = { reading: '', candidates: [] };

/** Takes the first of each list, then the second of each, and so on, each character once. */
function interleave(lists: readonly string[][]): string[] {
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index++) {
    for (const list of lists) {
      const char = list[index];
      if (char !== undefined) seen.add(char);
    }
  }
  return [...seen];
}

/**
 * The candidates for the letters typed: a whole or partial syllable offers its characters (a whole one first, then
 * those of the syllables it begins, commonest first); letters past a syllable ("zhangw") offer the longest syllable they
 * start with, and a pick leaves the rest to compose on. A consonant alone offers every syllable it begins alike.
 */
export function compose(table: PinyinTable, letters: string): Composition {
  if (letters === '') return NOTHING;
  const exact = letters.length > 1 || VOWELS.includes(letters) ? table[letters] : undefined;
  const partial = Object.keys(table)
    .filter((syllable) => syllable.startsWith(letters) && (exact === undefined || syllable !== letters))
    .map((syllable) => [...(table[syllable] ?? '')]);
  if (exact !== undefined || partial.length > 0) {
    return { reading: letters, candidates: [...new Set([...(exact ?? ''), ...interleave(partial)])] };
  }
  for (let length = letters.length - 1; length > 0; length--) {
    const syllable = table[letters.slice(0, length)];
    if (syllable !== undefined) return { reading: letters.slice(0, length), candidates: [...syllable] };
  }
  return NOTHING;
}

let loading: Promise<PinyinTable> | null = null;

/**
 * The table, loaded once and only when Chinese input is first used: a chunk of its own (~18 KB gzip), not part of the
 * kiosk's. A failed load is tried again on the next call.
 */
export function loadPinyinTable(): Promise<PinyinTable> {
  loading ??= import('./pinyinTable.json').then(
    (module) => module.default as PinyinTable,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
