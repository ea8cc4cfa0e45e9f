/**
 * The RF dialog runtime without its page (issue 15 "Runtime", issue 16 "Receive at this door"): the dialog the server
 * answered, its list and message line, one call at a time, the input's focus after every answer and the keyboard's
 * function keys. The handheld page (/Core/RfDialog) and the dock kiosk's RF tiles both render it with RfDialogView.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { RfAnswer, RfDialog, RfFunctionKey, RfListRow, RfMessage } from '../../shared/rf';
import { confirmRf, getRfList, type RfResult } from './rfApi';

export interface RfRuntime {
  dialog: RfDialog | null;
  list: RfListRow[];
  message: RfMessage | null;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The dialog of the last answer, for handlers that run outside a render. */
  current: RefObject<RfDialog | null>;
  /** Shows an answer (`fallback` is the message when the answer has none). */
  show: (answer: RfAnswer, fallback?: RfMessage | null) => void;
  /** Shows a refusal on the message line, the dialog unchanged. */
  refuse: (text: string) => void;
  /** Shows a message, the dialog unchanged. */
  say: (message: RfMessage) => void;
  /** Runs one call (dropped while another is under way) and shows its answer. */
  run: (call: () => Promise<RfResult<RfAnswer>>, fallback?: RfMessage | null) => Promise<void>;
  /** Enter on the dialog shown, with the input. */
  enter: (input: string) => void;
  /** A function key on the dialog shown. */
  press: (key: RfFunctionKey) => void;
}

/**
 * One RF dialog's state. `onShown` runs after every answer with its dialog (null: the flow ended); `focused` says whether the dialog is
 * on screen now (its input takes the focus after every answer, and F1–F4/Esc answer it).
 */
export function useRfRuntime(options: { onShown?: (dialog: RfDialog | null) => void; focused: boolean }): RfRuntime {
  const [dialog, setDialog] = useState<RfDialog | null>(null);
  const [message, setMessage] = useState<RfMessage | null>(null);
  const [list, setList] = useState<RfListRow[]>([]);
  const [busy, setBusy] = useState(false);
  // Bumped by every answer, even one that leaves the dialog as it was: the input takes the focus again.
  const [answers, setAnswers] = useState(0);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const current = useRef<RfDialog | null>(null);
  const pending = useRef(false);
  const onShown = useRef(options.onShown);
  onShown.current = options.onShown;

  const show = useCallback((answer: RfAnswer, fallback: RfMessage | null = null) => {
    current.current = answer.dialog;
    setDialog(answer.dialog);
    setMessage(answer.message ?? fallback);
    setAnswers((n) => n + 1);
    setList([]);
    const shown = answer.dialog;
    if (shown?.hasList) {
      void getRfList(shown.step).then((rows) => {
        if (rows.ok && current.current?.step === shown.step) setList(rows.data);
      });
    }
    onShown.current?.(shown);
  }, []);

  const say = useCallback((next: RfMessage) => {
    setMessage(next);
    setAnswers((n) => n + 1);
  }, []);

  const refuse = useCallback((text: string) => say({ kind: 'error', text }), [say]);

  const run = useCallback(
    async (call: () => Promise<RfResult<RfAnswer>>, fallback: RfMessage | null = null) => {
      // One call at a time: a scan fired while the last one is under way is dropped (its step would be stale anyway).
      if (pending.current) return;
      pending.current = true;
      setBusy(true);
      try {
        const answer = await call();
        if (answer.ok) show(answer.data, fallback);
        else refuse(answer.message);
      } finally {
        pending.current = false;
        setBusy(false);
      }
    },
    [show, refuse],
  );

  const enter = useCallback(
    (input: string) => {
      const shown = current.current;
      if (!shown) return;
      void run(() => confirmRf(shown.step, 'ENTER', shown.inputField === null ? undefined : input));
    },
    [run],
  );

  const press = useCallback(
    (key: RfFunctionKey) => {
      const shown = current.current;
      if (!shown) return;
      void run(() => confirmRf(shown.step, key));
    },
    [run],
  );

  const { focused } = options;
  // After every answer the input has the focus, its text selected, so the next scan replaces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `answers` is the signal
  useEffect(() => {
    if (!focused || !dialog) return;
    const input = inputRef.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.select();
    input.scrollIntoView({ block: 'nearest' });
  }, [answers, focused, dialog?.step]);

  // Function keys on the keyboard: F1–F4, Esc = BACK; the browser's own F-key actions (help, search) are kept off.
  useEffect(() => {
    if (!focused || !dialog) return;
    const onKey = (event: KeyboardEvent) => {
      const shown = current.current;
      if (!shown) return;
      const key: RfFunctionKey | null =
        event.key === 'Escape' ? 'BACK' : /^F[1-4]$/.test(event.key) ? (event.key as RfFunctionKey) : null;
      if (key) {
        event.preventDefault();
        // Only the configured keys answer; another does nothing (the server would refuse it).
        if (shown.options.some((option) => option.functionKey === key)) press(key);
        return;
      }
      // A dialog without input is answered with Enter too (unless Enter is pressing a focused button).
      if (event.key === 'Enter' && shown.inputField === null && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        enter('');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focused, dialog, press, enter]);

  return { dialog, list, message, busy, inputRef, current, show, refuse, say, run, enter, press };
}
