import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../kit/session';
import { type Composition, compose, loadPinyinTable, type PinyinTable } from './pinyin';

export type Shift = 'off' | 'once' | 'lock';
export type InputMode = 'zh' | 'en';
/** What the candidate bar shows besides the candidates. */
export type TableState = 'loading' | 'ready' | 'failed';

/** Candidates the bar shows at once (each a 64 px square or more). */
export const CANDIDATES_PER_PAGE = 9;
/** The longest pinyin kept (a few syllables: one character is picked at a time). */
const MAX_LETTERS = 18;
const NOTHING: Composition = { reading: '', candidates: [] };

interface Options {
  layout: 'text' | 'name' | 'plate' | 'digits';
  onKey: (key: string) => void;
  onBackspace: () => void;
  onOk?: () => void;
}

export interface TextInput {
  mode: InputMode;
  shift: Shift;
  /** The pinyin typed and not yet turned into a character. */
  letters: string;
  composition: Composition;
  page: number;
  table: TableState;
  letter: (letter: string) => void;
  /** A digit, a sign or a province: typed as it is (a pending pinyin first becomes its first candidate). */
  other: (text: string) => void;
  space: () => void;
  backspace: () => void;
  ok: () => void;
  pick: (char: string) => void;
  toggleMode: () => void;
  toggleShift: () => void;
  turnPage: (step: 1 | -1) => void;
  retry: () => void;
}

/**
 * The state of the station keyboard's typing: 中/EN mode, shift, and the pinyin being composed (Chinese is offered on
 * the `name` layout only). The pinyin table loads the first time 中 mode is used; the mode starts as the language shown.
 */
export function useTextInput({ layout, onKey, onBackspace, onOk }: Options): TextInput {
  const { language } = useSnapshot(session);
  const [chosenMode, setMode] = useState<InputMode | null>(null);
  const mode: InputMode = layout !== 'name' ? 'en' : (chosenMode ?? (language === 'zh_cn' ? 'zh' : 'en'));
  const [shift, setShift] = useState<Shift>('off');
  const [letters, setLetters] = useState('');
  const [page, setPage] = useState(0);
  const [table, setTable] = useState<PinyinTable | null>(null);
  const [failed, setFailed] = useState(false);

  const load = () => {
    setFailed(false);
    return loadPinyinTable();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` only clears the failure and starts the import
  useEffect(() => {
    if (mode !== 'zh' || table) return;
    let live = true;
    load().then(
      (loaded) => live && setTable(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [mode, table]);

  // Another field, another layout: the pinyin begun for the last one is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the layout changes, and only then
  useEffect(() => {
    setLetters('');
    setPage(0);
  }, [layout]);

  const composition = useMemo(() => (table && letters ? compose(table, letters) : NOTHING), [table, letters]);

  const setComposing = (next: string) => {
    setLetters(next);
    setPage(0);
  };
  /** The character picked is typed; the letters it stood for leave the pinyin, the rest stays to be composed. */
  const take = (char: string): string => {
    setComposing(letters.slice(composition.reading.length || letters.length));
    return char;
  };
  /**
   * What the pending pinyin becomes when something else is typed: its first candidate (or the letters themselves when
   * none matches). One `onKey` per touch: the field adds what it is given to the value it was rendered with.
   */
  const commit = (): string => (letters ? take(composition.candidates[0] ?? letters) : '');

  return {
    mode,
    shift,
    letters,
    composition,
    page,
    table: table ? 'ready' : failed ? 'failed' : 'loading',
    letter: (letter) => {
      if (shift !== 'off') {
        onKey(commit() + letter.toUpperCase());
        if (shift === 'once') setShift('off');
      } else if (mode === 'zh') setComposing((letters + letter).slice(0, MAX_LETTERS));
      else onKey(letter);
    },
    other: (text) => onKey(commit() + text),
    space: () => onKey(letters ? commit() : ' '),
    backspace: () => (letters ? setComposing(letters.slice(0, -1)) : onBackspace()),
    ok: () => (letters ? onKey(commit()) : onOk?.()),
    pick: (char) => onKey(take(char)),
    toggleMode: () => {
      // Letters typed in 中 mode stay letters when the mode changes.
      if (letters) onKey(letters);
      setComposing('');
      setMode(mode === 'zh' ? 'en' : 'zh');
    },
    toggleShift: () => setShift(shift === 'off' ? 'once' : shift === 'once' ? 'lock' : 'off'),
    turnPage: (step) => {
      const last = Math.max(0, Math.ceil(composition.candidates.length / CANDIDATES_PER_PAGE) - 1);
      setPage(Math.min(last, Math.max(0, page + step)));
    },
    retry: () => void load().then(setTable, () => setFailed(true)),
  };
}
