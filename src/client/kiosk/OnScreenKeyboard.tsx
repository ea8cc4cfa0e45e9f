import { useT } from '../kit/i18n';

const ROWS = ['1234567890', 'QWERTYUIOP', 'ASDFGHJKL-', 'ZXCVBNM._'] as const;
const DIGITS = ['123', '456', '789'] as const;

interface Props {
  /** `text`: letters, digits and a few signs (accounts, plates); `digits`: the PIN pad. */
  layout: 'text' | 'digits';
  onKey: (key: string) => void;
  onBackspace: () => void;
  /** The OK key (the digit pad has one); omitted, there is none. */
  onOk?: () => void;
  okDisabled?: boolean;
  /** Letters typed lower-case (accounts are). */
  lowerCase?: boolean;
}

/** The station's own keyboard: large keys for a touch screen without a keyboard. */
export function OnScreenKeyboard({ layout, onKey, onBackspace, onOk, okDisabled, lowerCase }: Props) {
  const t = useT();
  const key = (char: string) => {
    const text = lowerCase ? char.toLowerCase() : char;
    return (
      <button key={char} type="button" className="kiosk-key" data-testid={`key-${text}`} onClick={() => onKey(text)}>
        {text}
      </button>
    );
  };
  const back = (
    <button
      type="button"
      className="kiosk-key kiosk-key-wide"
      data-testid="key-backspace"
      aria-label={t('kiosk.key.backspace')}
      onClick={onBackspace}
    >
      ⌫
    </button>
  );
  const ok = onOk && (
    <button type="button" className="kiosk-key kiosk-key-ok" data-testid="key-ok" disabled={okDisabled} onClick={onOk}>
      {t('kiosk.key.ok')}
    </button>
  );
  if (layout === 'digits') {
    return (
      <div className="kiosk-keyboard kiosk-keypad" data-testid="kiosk-keypad">
        {DIGITS.map((row) => (
          <div key={row} className="kiosk-key-row">
            {[...row].map(key)}
          </div>
        ))}
        <div className="kiosk-key-row">
          {back}
          {key('0')}
          {ok}
        </div>
      </div>
    );
  }
  return (
    <div className="kiosk-keyboard" data-testid="kiosk-keyboard">
      {ROWS.map((row, index) => (
        <div key={row} className="kiosk-key-row">
          {[...row].map(key)}
          {index === ROWS.length - 1 && back}
          {index === ROWS.length - 1 && ok}
        </div>
      ))}
    </div>
  );
}
