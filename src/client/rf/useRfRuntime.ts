/**
 * The RF dialog runtime without its page (issue 15 "Runtime", issue 16 "Receive at this door"): the dialog the server
 * answered, its list and message line, one call at a time — in order, none dropped (issue 25 item 6) —, the input's
 * text and focus after every answer and the keyboard's function keys. The handheld page (/Core/RfDialog) and the dock
 * kiosk's RF tiles both render it with RfDialogView.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RfAnswer, RfDialog, RfFunctionKey, RfListRow, RfMessage } from '../../shared/rf';
import { translate } from '../kit/i18n';
import { confirmRf, getRfList, type RfResult } from './rfApi';

/** Calls waiting behind the one under way: far more than a worker scans while one answer is pending. */
export const MAX_QUEUED = 20;

/** A call to make when its turn comes (null: nothing to do then, e.g. no dialog to answer). */
type Call = () => Promise<RfResult<RfAnswer>> | null;

export interface RfRuntime {
  dialog: RfDialog | null;
  list: RfListRow[];
  message: RfMessage | null;
  /**
   * The last answer refused the scan (or never came): the dialog shows only the refusal and its prompt — the headers and
   * list still describe the scan before, and are not shown (nor the list fetched) until the next answer.
   */
  refused: boolean;
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
  /** Runs one call after those under way or waiting (in order, each with the dialog then shown) and shows its answer. */
  run: (call: Call, fallback?: RfMessage | null) => Promise<void>;
  /**
   * Enter with the input, on the dialog shown when its turn comes: a scan made while an answer is pending waits for it
   * and answers the next dialog, whole (the input field is selected at once, so the next burst replaces it).
   */
  enter: (input: string) => void;
  /** The input field was typed into (a burst under way): an answer then leaves its text and selection alone. */
  typed: () => void;
  /** A function key on the dialog shown when its turn comes. */
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
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  // Bumped by every answer, even one that leaves the dialog as it was: the input takes the focus again.
  const [answers, setAnswers] = useState(0);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const current = useRef<RfDialog | null>(null);
  const queue = useRef<{ call: Call; fallback: RfMessage | null; done: () => void }[]>([]);
  const draining = useRef(false);
  // Whether the input was typed into since its text was last taken or filled: a scan is under way in it.
  const edited = useRef(false);
  // The input element and the step whose default it was last filled with.
  const filled = useRef<{ input: HTMLInputElement | null; step: number | null }>({ input: null, step: null });
  const onShown = useRef(options.onShown);
  onShown.current = options.onShown;

  const show = useCallback((answer: RfAnswer, fallback: RfMessage | null = null) => {
    current.current = answer.dialog;
    const refusal = answer.message?.kind === 'error';
    setDialog(answer.dialog);
    setMessage(answer.message ?? fallback);
    setRefused(refusal);
    setAnswers((n) => n + 1);
    setList([]);
    const shown = answer.dialog;
    if (shown?.hasList && !refusal) {
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

  // One call at a time, in the order asked: each is made when its turn comes, with the dialog the last answer showed
  // (never a stale step), so scans made while an answer is pending are neither dropped nor merged.
  const drain = useCallback(async () => {
    if (draining.current) return;
    draining.current = true;
    setBusy(true);
    try {
      for (let job = queue.current.shift(); job; job = queue.current.shift()) {
        try {
          const pending = job.call();
          const answer = pending ? await pending : null;
          if (answer?.ok) show(answer.data, job.fallback);
          else if (answer) {
            setRefused(true);
            refuse(answer.message);
          }
        } finally {
          job.done();
        }
      }
    } finally {
      draining.current = false;
      setBusy(false);
    }
  }, [show, refuse]);

  const run = useCallback(
    (call: Call, fallback: RfMessage | null = null) =>
      new Promise<void>((done) => {
        if (queue.current.length >= MAX_QUEUED) {
          done();
          return;
        }
        queue.current.push({ call, fallback, done });
        void drain();
      }),
    [drain],
  );

  const enter = useCallback(
    (input: string) => {
      // Taken: the next burst replaces this text rather than gluing onto it.
      edited.current = false;
      inputRef.current?.select();
      if (queue.current.length >= MAX_QUEUED) {
        refuse(translate('rfDialog.queueFull', { text: input }));
        return;
      }
      void run(() => {
        const shown = current.current;
        return shown ? confirmRf(shown.step, 'ENTER', shown.inputField === null ? undefined : input) : null;
      });
    },
    [run, refuse],
  );

  const press = useCallback(
    (key: RfFunctionKey) => {
      void run(() => {
        const shown = current.current;
        return shown ? confirmRf(shown.step, key) : null;
      });
    },
    [run],
  );

  const typed = useCallback(() => {
    edited.current = true;
  }, []);

  const { focused } = options;
  // After every answer, at its commit (no key can come in between): a new dialog's input holds its default, and the
  // input has the focus, its text selected so the next scan replaces it — unless a scan is being typed into it (the
  // answer came mid-burst): then its text stays as it is, and as the input is one element across dialogs, none of its
  // keys is lost (issue 25 item 6: at 400 ms an item scan used to become its last three characters).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `answers` is the signal
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!dialog || !input) return;
    if (filled.current.input !== input) {
      filled.current = { input, step: null };
      edited.current = false;
    }
    if (!edited.current && filled.current.step !== dialog.step) {
      input.value = dialog.inputDefault;
      filled.current.step = dialog.step;
    }
    if (!focused) return;
    input.focus({ preventScroll: true });
    if (!edited.current) input.select();
    input.scrollIntoView({ block: 'nearest' });
  }, [answers, focused, dialog]);

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

  return { dialog, list, message, refused, busy, inputRef, current, show, refuse, say, run, enter, press, typed };
}
