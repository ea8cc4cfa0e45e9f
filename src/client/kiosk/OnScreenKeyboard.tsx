import type { ReactNode } from 'react';
import { useT } from '../kit/i18n';
import { CandidateBar } from './keyboard/CandidateBar';
import { keepFocus } from './keyboard/keepFocus';
import { PROVINCE_ROWS } from './keyboard/provinces';
import { type Shift, useTextInput } from './keyboard/useTextInput';

/** Accounts (lower-case) and plates: letters, digits and the signs of an account. */
const ROWS = ['1234567890', 'QWERTYUIOP', 'ASDFGHJKL-', 'ZXCVBNM._'] as const;
/** Names: lower case and shift, a space, the signs of a name (O'Brien, Jean-Luc, St. John). */
const NAME_ROWS = ['1234567890', 'qwertyuiop', "asdfghjkl'", 'zxcvbnm-.'] as const;
const DIGITS = ['123', '456', '789'] as const;

interface Props {
  /**
   * `text`: letters, digits and a few signs (accounts); `name`: lower and upper case (shift), space, and Chinese by
   * pinyin (the 中/EN key); `plate`: upper-case letters, digits and the plate provinces; `digits`: the PIN pad.
   */
  layout: 'text' | 'name' | 'plate' | 'digits';
  onKey: (key: string) => void;
  onBackspace: () => void;
  /** The OK key (the digit pad has one); omitted, there is none. */
  onOk?: () => void;
  okDisabled?: boolean;
  /** Letters typed lower-case (accounts are; `text` layout). */
  lowerCase?: boolean;
}

interface KeyOptions {
  testId?: string;
  className?: string;
  label?: string;
  pressed?: boolean;
}

function Key({ text, onPress, options = {} }: { text: ReactNode; onPress: () => void; options?: KeyOptions }) {
  return (
    <button
      type="button"
      className={`kiosk-key${options.className ? ` ${options.className}` : ''}`}
      data-testid={options.testId}
      aria-label={options.label}
      aria-pressed={options.pressed}
      onMouseDown={keepFocus}
      onClick={onPress}
    >
      {text}
    </button>
  );
}

/** The station's own keyboard: large keys for a touch screen without a keyboard (README "Typing without a keyboard"). */
export function OnScreenKeyboard({ layout, onKey, onBackspace, onOk, okDisabled, lowerCase }: Props) {
  const t = useT();
  const input = useTextInput({ layout, onKey, onBackspace, onOk });
  const char = (text: string, onPress = () => input.other(text)) => (
    <Key key={text} text={text} onPress={onPress} options={{ testId: `key-${text}` }} />
  );
  const back = (
    <Key
      key="backspace"
      text="⌫"
      onPress={input.backspace}
      options={{ testId: 'key-backspace', className: 'kiosk-key-wide', label: t('kiosk.key.backspace') }}
    />
  );
  const ok = onOk && (
    <button
      type="button"
      className="kiosk-key kiosk-key-ok"
      data-testid="key-ok"
      disabled={okDisabled}
      onMouseDown={keepFocus}
      onClick={input.ok}
    >
      {t('kiosk.key.ok')}
    </button>
  );

  if (layout === 'digits') {
    return (
      <div className="kiosk-keyboard kiosk-keypad" data-testid="kiosk-keypad">
        {DIGITS.map((row) => (
          <div key={row} className="kiosk-key-row">
            {[...row].map((digit) => char(digit))}
          </div>
        ))}
        <div className="kiosk-key-row">
          {back}
          {char('0')}
          {ok}
        </div>
      </div>
    );
  }

  if (layout === 'name') {
    const upper = input.shift !== 'off';
    const letter = (text: string) => {
      if (!/[a-z]/.test(text)) return char(text);
      const shown = upper ? text.toUpperCase() : text;
      return char(shown, () => input.letter(text));
    };
    return (
      <div className="kiosk-keyboard" data-testid="kiosk-keyboard" data-layout="name" data-mode={input.mode}>
        {input.mode === 'zh' && <CandidateBar input={input} />}
        {NAME_ROWS.map((row, index) => (
          <div key={row} className="kiosk-key-row">
            {index === 3 && <ShiftKey shift={input.shift} onPress={input.toggleShift} />}
            {[...row].map(letter)}
            {index === 3 && back}
          </div>
        ))}
        <div className="kiosk-key-row">
          <Key
            text={
              <>
                <span className={input.mode === 'zh' ? 'kiosk-mode-on' : ''}>中</span>/
                <span className={input.mode === 'en' ? 'kiosk-mode-on' : ''}>EN</span>
              </>
            }
            onPress={input.toggleMode}
            options={{ testId: 'key-mode', className: 'kiosk-key-wide kiosk-key-mode', label: t('kiosk.key.mode') }}
          />
          {char('·')}
          <Key
            text={t('kiosk.key.space')}
            onPress={input.space}
            options={{ testId: 'key-space', className: 'kiosk-key-space' }}
          />
          {char(',')}
          {ok}
        </div>
      </div>
    );
  }

  const plate = layout === 'plate';
  return (
    <div className="kiosk-keyboard" data-testid="kiosk-keyboard" data-layout={layout}>
      {plate && (
        <div className="kiosk-provinces" data-testid="kiosk-provinces">
          {PROVINCE_ROWS.map((row) => (
            <div key={row} className="kiosk-key-row">
              {[...row].map((province) => char(province))}
            </div>
          ))}
        </div>
      )}
      {ROWS.map((row, index) => (
        <div key={row} className="kiosk-key-row">
          {[...row].map((text) => char(lowerCase ? text.toLowerCase() : text))}
          {index === ROWS.length - 1 && back}
          {index === ROWS.length - 1 && ok}
        </div>
      ))}
    </div>
  );
}

/** One tap: the next letter upper-case; a second: all upper-case; a third: lower case again. */
function ShiftKey({ shift, onPress }: { shift: Shift; onPress: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className={`kiosk-key kiosk-key-wide kiosk-key-shift${shift === 'off' ? '' : ' kiosk-key-on'}`}
      data-testid="key-shift"
      data-shift={shift}
      aria-label={t('kiosk.key.shift')}
      aria-pressed={shift !== 'off'}
      onMouseDown={keepFocus}
      onClick={onPress}
    >
      {shift === 'lock' ? '⇪' : '⇧'}
    </button>
  );
}
