import type { ReactNode } from 'react';
import { useT } from '../../kit/i18n';
import { keepFocus } from './keepFocus';
import { CANDIDATES_PER_PAGE, type TextInput } from './useTextInput';

/**
 * 中 mode: the pinyin typed (the part the candidates stand for, then the rest), and the characters it offers, a page
 * at a time, each a large key. Tapping one types it.
 */
export function CandidateBar({ input }: { input: TextInput }) {
  const t = useT();
  const { letters, composition, page, table } = input;
  const shown = composition.candidates.slice(page * CANDIDATES_PER_PAGE, (page + 1) * CANDIDATES_PER_PAGE);
  const more = composition.candidates.length > (page + 1) * CANDIDATES_PER_PAGE;

  let body: ReactNode;
  if (table === 'failed') {
    body = (
      <button type="button" className="kiosk-pinyin-status kiosk-pinyin-retry" data-testid="pinyin-retry" onClick={input.retry}>
        {t('kiosk.key.loadFailed')}
      </button>
    );
  } else if (table === 'loading') {
    body = <span className="kiosk-pinyin-status">{t('kiosk.key.loading')}</span>;
  } else if (!letters) {
    body = <span className="kiosk-pinyin-status">{t('kiosk.key.pinyinHint')}</span>;
  } else if (shown.length === 0) {
    body = <span className="kiosk-pinyin-status kiosk-pinyin-none">{t('kiosk.key.noMatch')}</span>;
  } else {
    body = shown.map((char) => (
      <button
        key={char}
        type="button"
        className="kiosk-key kiosk-candidate"
        data-testid={`candidate-${char}`}
        onMouseDown={keepFocus}
        onClick={() => input.pick(char)}
      >
        {char}
      </button>
    ));
  }

  return (
    <div className="kiosk-pinyin" data-testid="kiosk-pinyin" data-table={table}>
      <div className="kiosk-pinyin-letters" data-testid="pinyin-letters" data-letters={letters}>
        <span className="kiosk-pinyin-reading">{composition.reading}</span>
        {letters.slice(composition.reading.length)}
      </div>
      <div className="kiosk-pinyin-candidates">{body}</div>
      <button
        type="button"
        className="kiosk-key kiosk-pinyin-page"
        data-testid="pinyin-prev"
        aria-label={t('kiosk.key.prevPage')}
        disabled={page === 0}
        onMouseDown={keepFocus}
        onClick={() => input.turnPage(-1)}
      >
        ‹
      </button>
      <button
        type="button"
        className="kiosk-key kiosk-pinyin-page"
        data-testid="pinyin-next"
        aria-label={t('kiosk.key.nextPage')}
        disabled={!more}
        onMouseDown={keepFocus}
        onClick={() => input.turnPage(1)}
      >
        ›
      </button>
    </div>
  );
}
