import { useState } from 'react';
import type { RfDialog, RfFunctionKey, RfMessage } from '../../shared/rf';
import { useT } from '../kit/i18n';
import { SlIcon } from '../kit/sl';
import { useWedgeScanner } from '../kit/useWedgeScanner';
import type { RfRuntime } from './useRfRuntime';

/** The keyboard key shown on a function key's button (Enter confirms the input; DONE has only its button). */
export const KEYBOARD_OF: Record<RfFunctionKey, string | null> = {
  BACK: 'Esc',
  DONE: null,
  F1: 'F1',
  F2: 'F2',
  F3: 'F3',
  F4: 'F4',
};

interface Props {
  /** The dialog shown (the runtime's, once there is one). */
  dialog: RfDialog;
  /** The RF runtime the view shows and answers: its list, message line and input; Enter, keys, refusals. */
  rf: Pick<RfRuntime, 'list' | 'message' | 'refused' | 'inputRef' | 'enter' | 'press' | 'refuse' | 'typed'>;
  /** Opens the camera page; without it (the dock kiosk: a fixed scanner, no camera page) there is no camera button. */
  onCamera?: () => void;
}

/**
 * One RF dialog: title, headers, prompt, the input (scan or type), the list, the message line and the keys. The one
 * filled key is the one that goes on — OK (Enter) —; the flow's keys (Done leaves the flow) are plain. After a refused
 * answer only the prompt and the refusal show: the headers and list of the scan before are not this scan's result.
 */
export function RfDialogView({ dialog, rf, onCamera }: Props) {
  const t = useT();
  const { list, message, refused, inputRef, enter: onEnter, press: onKey } = rf;
  // A wedge burst repeating the last scan: refused on the message line, the dialog unchanged.
  const onDuplicate = () => rf.refuse(t('rfDialog.duplicate'));
  const [lastInput, setLastInput] = useState<'scan' | 'typed' | ''>('');
  const confirmTyped = () => {
    setLastInput('typed');
    onEnter(inputRef.current?.value ?? '');
  };
  const onKeyDown = useWedgeScanner({
    onScan: (text) => {
      setLastInput('scan');
      onEnter(text);
    },
    onEnter: confirmTyped,
    onDuplicate: (_text, before) => {
      if (inputRef.current) {
        inputRef.current.value = before;
        inputRef.current.select();
      }
      onDuplicate();
    },
  });

  return (
    <section
      className="rf-dialog"
      data-testid="rf-dialog"
      data-step={dialog.step}
      data-sub-process={dialog.subProcessName}
      data-input-field={dialog.inputField ?? ''}
    >
      <h1 className="rf-title" data-testid="rf-title">
        {dialog.title}
      </h1>
      {!refused && dialog.headers.length > 0 && (
        <ul className="rf-headers" data-testid="rf-headers">
          {dialog.headers.map((line, index) => (
            // Header lines have no identity of their own; their order is their place on the screen.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions 1–5
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      {dialog.inputField !== null ? (
        <form
          className="rf-entry"
          data-last-input={lastInput}
          onSubmit={(event) => {
            // Enter is taken by the wedge handler; this catches a submit from the on-screen keyboard's "Go".
            event.preventDefault();
          }}
        >
          <label className="rf-prompt" htmlFor="rf-input">
            {dialog.prompt}
          </label>
          <div className="rf-input-row">
            {/* One element across dialogs (its text is the runtime's): a scan under way when an answer comes keeps its keys. */}
            <input
              id="rf-input"
              ref={inputRef}
              className="rf-input"
              data-testid="rf-input"
              maxLength={200}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
              onKeyDown={onKeyDown}
              onInput={rf.typed}
            />
            {onCamera && (
              <button
                type="button"
                className="rf-camera"
                data-testid="rf-camera"
                title={t('rfDialog.camera')}
                aria-label={t('rfDialog.camera')}
                onClick={onCamera}
              >
                <SlIcon name="camera" />
              </button>
            )}
          </div>
          {/* A touch worker's Enter: confirms the input as the key does; pressed, the focus (and the on-screen keyboard)
              stays in the input. */}
          <button
            type="button"
            className="rf-key rf-key-enter rf-key-ok"
            data-testid="rf-ok"
            onMouseDown={(event) => event.preventDefault()}
            onClick={confirmTyped}
          >
            <span className="rf-key-cap">Enter</span>
            <span>{t('rfDialog.ok')}</span>
          </button>
        </form>
      ) : (
        <p className="rf-prompt">{dialog.prompt}</p>
      )}
      <Message message={message} />
      {!refused && dialog.hasList && list.length > 0 && (
        <ul className="rf-list" data-testid="rf-list" aria-label={t('rfDialog.list')}>
          {list.map((row) => (
            <li key={row.value}>
              <button
                type="button"
                className="rf-list-row"
                data-testid="rf-list-row"
                data-value={row.value}
                onClick={() => {
                  if (inputRef.current) inputRef.current.value = row.value;
                  onEnter(row.value);
                }}
              >
                <span className="rf-list-label">{row.label}</span>
                {row.detail && <span className="rf-list-detail">{row.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="rf-keys">
        {dialog.inputField === null && (
          <button type="button" className="rf-key rf-key-enter" data-testid="rf-key-ENTER" onClick={() => onEnter('')}>
            <span className="rf-key-cap">Enter</span>
            <span>{t('rfDialog.confirm')}</span>
          </button>
        )}
        {dialog.options.map((option) => (
          <button
            key={option.functionKey}
            type="button"
            className={`rf-key rf-key-${option.functionKey.toLowerCase()}`}
            data-testid={`rf-key-${option.functionKey}`}
            title={option.description || undefined}
            onClick={() => onKey(option.functionKey)}
          >
            {KEYBOARD_OF[option.functionKey] && <span className="rf-key-cap">{KEYBOARD_OF[option.functionKey]}</span>}
            <span>{option.text}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** The message line: read out by screen readers as it changes; red for a refusal, green for what was done. */
export function Message({ message }: { message: RfMessage | null }) {
  return (
    <p className="rf-message" data-testid="rf-message" data-kind={message?.kind ?? ''} role="status" aria-live="assertive">
      {message && <SlIcon name={message.kind === 'error' ? 'exclamation-octagon' : 'check2-circle'} />}
      {message?.text ?? ''}
    </p>
  );
}
