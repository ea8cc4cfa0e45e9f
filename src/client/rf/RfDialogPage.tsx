/**
 * The handheld RF screen, `/Core/RfDialog` (issue 15 "Runtime"; contract in /src/shared/rf.ts): full page, no console
 * chrome, usable at 360 × 640 with a scanner in hand. The server runs the flow; this screen shows the dialog it
 * answers, sends back the scan, the typed text or the function key with the dialog's step, and keeps the input
 * focused so the next scan can come at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import type { RfAnswer, RfDialog, RfFunctionKey, RfHome, RfListRow, RfMessage } from '../../shared/rf';
import { LOCALE_IDS, type MenuNode } from '../../shared/wire';
import { apiGet, apiPost } from '../kit/api';
import { useT } from '../kit/i18n';
import { session, signOut } from '../kit/session';
import { SlIcon, SlSpinner } from '../kit/sl';
import { RfDialogView } from './RfDialogView';
import { RfHomeView } from './RfHomeView';
import { RfMenu } from './RfMenu';
import { bindRfFork, confirmRf, getRfDialog, getRfHome, getRfList, type RfResult, type RfStart } from './rfApi';
import './rf.css';

export const RF_PATH = '/Core/RfDialog';
const SCAN_PAGE = '/Core/ScanCodePage';

/** Whether the user's menu holds a console screen besides this one (then the menu offers the way back). */
function hasConsoleScreen(nodes: readonly MenuNode[]): boolean {
  return nodes.some(
    (node) =>
      (node.type === 1 && !!node.url && node.url.replace(/^\/+/, '') !== RF_PATH.slice(1)) || hasConsoleScreen(node.children),
  );
}

/** The query values the screen starts from (contract "Routes"); empty ones are left out. */
function readQuery(search: string): { start: RfStart; scanText: string | null } {
  const query = new URLSearchParams(search);
  const text = (name: string) => query.get(name)?.trim() || undefined;
  const localeId = Number(query.get('localeId'));
  return {
    start: {
      mainProcessName: text('mainProcessName'),
      subProcessName: text('subProcessName'),
      whId: text('whId'),
      clientCode: text('clientCode'),
      localeId: localeId === 2052 || localeId === 1033 ? localeId : undefined,
    },
    scanText: query.get('scanText'),
  };
}

export function RfDialogPage() {
  const t = useT();
  const [, setLocation] = useLocation();
  const search = useSearch();
  const { language, user } = useSnapshot(session);
  const [home, setHome] = useState<RfHome | null>(null);
  const [dialog, setDialog] = useState<RfDialog | null>(null);
  const [message, setMessage] = useState<RfMessage | null>(null);
  const [list, setList] = useState<RfListRow[]>([]);
  const [view, setView] = useState<'loading' | 'dialog' | 'home'>('loading');
  const [menuOpen, setMenuOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [canOpenConsole, setCanOpenConsole] = useState(false);
  // Bumped by every answer, even one that leaves the dialog as it was: the input takes the focus again.
  const [answers, setAnswers] = useState(0);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const current = useRef<RfDialog | null>(null);
  const pending = useRef(false);

  const localeId = () => LOCALE_IDS[session.language];

  const refreshHome = useCallback(async () => {
    const answer = await getRfHome({});
    if (answer.ok) setHome(answer.data);
  }, []);

  const show = useCallback(
    (answer: RfAnswer, fallback: RfMessage | null = null) => {
      current.current = answer.dialog;
      setDialog(answer.dialog);
      setMessage(answer.message ?? fallback);
      setView(answer.dialog ? 'dialog' : 'home');
      setAnswers((n) => n + 1);
      setList([]);
      const shown = answer.dialog;
      if (shown?.hasList) {
        void getRfList(shown.step).then((rows) => {
          if (rows.ok && current.current?.step === shown.step) setList(rows.data);
        });
      }
      // The flow ended (or none runs): the list of flows, and whether one is left to resume, are the server's.
      if (!shown) void refreshHome();
    },
    [refreshHome],
  );

  const refuse = useCallback((text: string) => {
    setMessage({ kind: 'error', text });
    setAnswers((n) => n + 1);
  }, []);

  /** One call at a time: a scan fired while the last one is under way is dropped (its step would be stale anyway). */
  const run = useCallback(
    async (call: () => Promise<RfResult<RfAnswer>>, fallback: RfMessage | null = null) => {
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

  // The start: where the worker works, then the flow the query names, or the one running (resume), or the flows.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the address the screen was opened with
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { start, scanText } = readQuery(search);
    // The query is spent: a reload resumes from the server's state rather than starting the flow or the scan again.
    if (search) setLocation(RF_PATH, { replace: true });
    void (async () => {
      const place = await getRfHome({ whId: start.whId, clientCode: start.clientCode });
      if (place.ok) setHome(place.data);
      const first = await getRfDialog({ ...start, localeId: start.localeId ?? localeId() });
      if (!first.ok) {
        setView('home');
        refuse(first.message);
        return;
      }
      if (scanText !== null && first.data.dialog) {
        // The camera page's result: into the input, and confirmed at once.
        show(first.data);
        const step = first.data.dialog.step;
        void run(() => confirmRf(step, 'ENTER', scanText));
      } else show(first.data);
    })();
    void apiGet<MenuNode[]>('/menu/findNavTree', { userName: session.user ?? '' }, { silent: true })
      .then((tree) => setCanOpenConsole(tree.code === 200 && hasConsoleScreen(tree.data ?? [])))
      .catch(() => undefined);
  }, []);

  // Texts come from the server in the user's language: a switch reads the flows and the dialog again.
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void refreshHome();
    if (current.current) void run(() => getRfDialog({ localeId: LOCALE_IDS[language] }));
  }, [language, refreshHome, run]);

  // After every answer the input has the focus, its text selected, so the next scan replaces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `answers` is the signal
  useEffect(() => {
    if (view !== 'dialog' || menuOpen) return;
    const input = inputRef.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.select();
    input.scrollIntoView({ block: 'nearest' });
  }, [answers, view, menuOpen, dialog?.step]);

  // Function keys on the keyboard: F1–F4, Esc = BACK; the browser's own F-key actions (help, search) are kept off.
  useEffect(() => {
    if (view !== 'dialog' || menuOpen) return;
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
  }, [view, menuOpen, press, enter]);

  const start = (mainProcessName: string) => void run(() => getRfDialog({ mainProcessName, localeId: localeId() }));
  const resume = () => void run(() => getRfDialog({ localeId: localeId() }));

  const closeMenu = useCallback(() => setMenuOpen(false), []);

  const bindDevice = async (forkId: string) => {
    setMenuOpen(false);
    const whId = home?.whId;
    if (!whId) return;
    const answer = await bindRfFork(whId, forkId);
    if (answer.ok) {
      setHome((previous) => (previous ? { ...previous, forkId: answer.data.forkId } : previous));
      setMessage({ kind: 'success', text: t('rfDialog.deviceBound', { forkId: answer.data.forkId }) });
      setAnswers((n) => n + 1);
    } else refuse(answer.message);
  };

  const changePlace = async (whId: string, clientCode: string) => {
    setMenuOpen(false);
    const answer = await getRfHome({ whId, clientCode });
    if (!answer.ok) {
      refuse(answer.message);
      return;
    }
    setHome(answer.data);
    const done: RfMessage = {
      kind: 'success',
      text: t('rfDialog.placeChanged', { whId: answer.data.whId ?? whId, clientCode: answer.data.clientCode ?? clientCode }),
    };
    await run(() => getRfDialog({ localeId: localeId() }), done);
  };

  const leave = async () => {
    try {
      await apiPost('/logout', { user }, { silent: true });
    } catch {
      // A failed logout call still ends the session here: the worker asked to leave.
    }
    signOut();
    setLocation('/login', { replace: true });
  };

  const openCamera = () => {
    const shown = current.current;
    if (!shown) return;
    const query = new URLSearchParams({
      mainProcessName: shown.mainProcessName,
      subProcessName: shown.subProcessName,
      whId: shown.whId,
      clientCode: shown.clientCode,
      localeId: String(localeId()),
      editDialogVisible: 'true',
    });
    setLocation(`${SCAN_PAGE}?${query}`);
  };

  const running = dialog ?? home?.active ?? null;
  const flowTitle = (name: string) => home?.processes.find((p) => p.mainProcessName === name)?.title ?? name;

  return (
    <div className="rf-page" data-testid="rf-page" aria-busy={busy}>
      <header className="rf-bar">
        <div className="rf-bar-text">
          <div className="rf-bar-flow" data-testid="rf-flow">
            {view === 'dialog' && dialog ? flowTitle(dialog.mainProcessName) : t('rfDialog.appTitle')}
          </div>
          <div className="rf-bar-place" data-testid="rf-place">
            {home?.whId ?? '—'} · {home?.clientCode ?? '—'} ·{' '}
            <span className={home?.forkId ? '' : 'rf-bar-nodevice'}>{home?.forkId ?? t('rfDialog.noDevice')}</span>
          </div>
        </div>
        {busy && <SlSpinner className="rf-bar-busy" />}
        <button
          type="button"
          className="rf-menu-button"
          data-testid="rf-menu-button"
          aria-label={t('rfDialog.menu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <SlIcon name={menuOpen ? 'x-lg' : 'list'} />
        </button>
      </header>
      <main className="rf-main">
        {menuOpen ? (
          <RfMenu
            home={home}
            canOpenConsole={canOpenConsole}
            onChooseFlow={() => {
              setMenuOpen(false);
              setView('home');
              void refreshHome();
            }}
            onBindDevice={bindDevice}
            onPlace={changePlace}
            onConsole={() => setLocation('/')}
            onSignOut={leave}
            onClose={closeMenu}
          />
        ) : view === 'dialog' && dialog ? (
          <RfDialogView
            dialog={dialog}
            list={list}
            message={message}
            inputRef={inputRef}
            onEnter={enter}
            onKey={press}
            onCamera={openCamera}
            onDuplicate={() => setMessage({ kind: 'error', text: t('rfDialog.duplicate') })}
          />
        ) : view === 'home' ? (
          <RfHomeView
            processes={home?.processes ?? null}
            resumeTitle={running ? flowTitle(running.mainProcessName) : null}
            message={message}
            onStart={start}
            onResume={resume}
          />
        ) : (
          <SlSpinner className="rf-spinner" />
        )}
      </main>
    </div>
  );
}
