/**
 * The handheld RF screen, `/Core/RfDialog` (issue 15 "Runtime"; contract in /src/shared/rf.ts): full page, no console
 * chrome, usable at 360 × 640 with a scanner in hand. The server runs the flow; this screen shows the dialog it
 * answers, sends back the scan, the typed text or the function key with the dialog's step, and keeps the input
 * focused so the next scan can come at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import type { RfHome, RfMessage } from '../../shared/rf';
import { LOCALE_IDS, type MenuNode } from '../../shared/wire';
import { apiGet, apiPost } from '../kit/api';
import { useT } from '../kit/i18n';
import { session, signOut } from '../kit/session';
import { SlIcon, SlSpinner } from '../kit/sl';
import { RfDialogView } from './RfDialogView';
import { RfHomeView } from './RfHomeView';
import { RfMenu } from './RfMenu';
import { bindRfFork, confirmRf, getRfDialog, getRfHome, type RfStart } from './rfApi';
import { useRfRuntime } from './useRfRuntime';
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
  const [view, setView] = useState<'loading' | 'dialog' | 'home'>('loading');
  const [menuOpen, setMenuOpen] = useState(false);
  const [canOpenConsole, setCanOpenConsole] = useState(false);

  const localeId = () => LOCALE_IDS[session.language];

  const refreshHome = useCallback(async () => {
    const answer = await getRfHome({});
    if (answer.ok) setHome(answer.data);
  }, []);

  const rf = useRfRuntime({
    onShown: (shown) => {
      setView(shown ? 'dialog' : 'home');
      // The flow ended (or none runs): the list of flows, and whether one is left to resume, are the server's.
      if (!shown) void refreshHome();
    },
    focused: view === 'dialog' && !menuOpen,
  });
  const { dialog, message, busy, current, show, refuse, run } = rf;

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
    if (dialog) void run(() => getRfDialog({ localeId: LOCALE_IDS[language] }));
  }, [language, dialog, refreshHome, run]);

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
      rf.say({ kind: 'success', text: t('rfDialog.deviceBound', { forkId: answer.data.forkId }) });
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
          <RfDialogView dialog={dialog} rf={rf} onCamera={openCamera} />
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
