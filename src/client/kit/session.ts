/** Shell state (spec 000 §2 "Shell state"), held in one valtio store shared by the shell and every screen. */
import { useMemo } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode, LOCALE_IDS, type MenuNode } from '../../shared/wire';

/** An open workspace tab. `name` is the route path; the home tab has name '/'. */
export interface WorkspaceTab {
  name: string;
  /** Menu name in the current language; empty for the home tab (its title comes from the locale files). */
  title: string;
  icon: string | null;
  /** Bumped by "refresh current" to remount the screen. */
  version: number;
}

export interface SessionState {
  appName: string;
  token: string | null;
  user: string | null;
  /** Display name and role label from /user/findByName (the header's personal panel). */
  displayName: string;
  roleLabel: string;
  language: LanguageCode;
  localeId: number;
  themeColor: string;
  previousThemeColor: string;
  sidebarCollapsed: boolean;
  tabs: WorkspaceTab[];
  activeTab: string;
  /** Route path → frame source, for menu urls that start with `iframe:`. */
  iframeUrls: Record<string, string>;
  permissions: string[];
  navTree: MenuNode[];
  /** True once the nav tree and permissions of the current token are loaded. */
  navLoaded: boolean;
}

export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  returnTo: 'wharf.returnTo',
  signedOutReason: 'wharf.signedOutReason',
  language: 'wharf.language',
  localeId: 'wharf.localeId',
  themeColor: 'wharf.themeColor',
  sidebarCollapsed: 'wharf.sidebarCollapsed',
  stationKey: 'wharf.kiosk.stationKey',
} as const;

export const DEFAULT_THEME_COLOR = '#14889A';

function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function initialLanguage(): LanguageCode {
  const stored = readLocal(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

const language = initialLanguage();
const themeColor = readLocal(STORAGE_KEYS.themeColor) ?? DEFAULT_THEME_COLOR;

export const session = proxy<SessionState>({
  appName: 'Wharf',
  token: readSession(STORAGE_KEYS.token),
  user: readSession(STORAGE_KEYS.user),
  displayName: '',
  roleLabel: '',
  language,
  localeId: LOCALE_IDS[language],
  themeColor,
  previousThemeColor: themeColor,
  sidebarCollapsed: readLocal(STORAGE_KEYS.sidebarCollapsed) === '1',
  tabs: [],
  activeTab: '/',
  iframeUrls: {},
  permissions: [],
  navTree: [],
  navLoaded: false,
});

/** The dock-station key this browser holds (issue 16), or null when it is no station: then it shows only /kiosk. */
export function readStationKey(): string | null {
  return readLocal(STORAGE_KEYS.stationKey);
}

/** The token as sessionStorage holds it now (the authority: another tab of the same session may have changed it). */
export function currentToken(): string | null {
  return readSession(STORAGE_KEYS.token);
}

/** Keeps the token and account name of a successful login (spec: session storage). */
export function signIn(token: string, user: string): void {
  sessionStorage.setItem(STORAGE_KEYS.token, token);
  sessionStorage.setItem(STORAGE_KEYS.user, user);
  sessionStorage.removeItem(STORAGE_KEYS.signedOutReason);
  session.token = token;
  session.user = user;
}

/** Forgets the session and everything loaded for it; the language and theme stay (they are per browser). */
export function signOut(): void {
  sessionStorage.removeItem(STORAGE_KEYS.token);
  sessionStorage.removeItem(STORAGE_KEYS.user);
  session.token = null;
  session.user = null;
  session.displayName = '';
  session.roleLabel = '';
  session.tabs = [];
  session.activeTab = '/';
  session.iframeUrls = {};
  session.permissions = [];
  session.navTree = [];
  session.navLoaded = false;
}

/**
 * Takes a screen's tab out of the workspace, without leaving the page: a screen whose call failed. The workspace
 * mounts its open tabs again when the user comes back to it (going home from the error page): a failing screen kept
 * among them would ask again, fail again and lead back to the error page, for ever.
 */
export function forgetTab(name: string): void {
  const index = session.tabs.findIndex((tab) => tab.name === name);
  if (index >= 0) session.tabs.splice(index, 1);
  if (session.activeTab === name) session.activeTab = '/';
}

/** Remembers the page a signed-out user wanted, so login can return to it. */
export function rememberReturnTo(path: string): void {
  if (path && !path.startsWith('/login') && !path.startsWith('/error') && path !== '/404') {
    sessionStorage.setItem(STORAGE_KEYS.returnTo, path);
  }
}

/** Why the session ended without the user asking (a locale key the login screen shows), e.g. `http.405`. */
export function rememberSignedOutReason(messageKey: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.signedOutReason, messageKey);
  } catch {
    // The toast already said it.
  }
}

/** Why the last session ended; null after a normal logout. Forgotten at the next sign-in. */
export function signedOutReason(): string | null {
  return readSession(STORAGE_KEYS.signedOutReason);
}

/** Reads and forgets the remembered page. */
export function takeReturnTo(): string {
  const path = readSession(STORAGE_KEYS.returnTo);
  sessionStorage.removeItem(STORAGE_KEYS.returnTo);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/';
}

export function setLanguage(next: LanguageCode): void {
  session.language = next;
  session.localeId = LOCALE_IDS[next];
  try {
    localStorage.setItem(STORAGE_KEYS.language, next);
    localStorage.setItem(STORAGE_KEYS.localeId, String(LOCALE_IDS[next]));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

export function setSidebarCollapsed(collapsed: boolean): void {
  session.sidebarCollapsed = collapsed;
  try {
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, collapsed ? '1' : '0');
  } catch {
    // Not remembered; harmless.
  }
}

/** Whether the signed-in user holds a permission string (e.g. `sys:tWhse:add`). The server enforces it too. */
export function hasPermission(perm: string): boolean {
  return session.permissions.includes(perm);
}

/** React hook form of hasPermission: re-renders when the permission list changes. */
export function usePermission(perm: string): boolean {
  const snap = useSnapshot(session);
  return snap.permissions.includes(perm);
}

function findScreen(nodes: readonly MenuNode[], url: string): MenuNode | undefined {
  for (const node of nodes) {
    // Buttons (type 2) are permissions, never screens.
    if (node.type !== 2 && node.url?.trim().replace(/^\/+/, '') === url) return node;
    const found = findScreen(node.children, url);
    if (found) return found;
  }
  return undefined;
}

/** Whether the user's navigation tree holds the screen of a menu url (e.g. `Core/Signature`), so it may be opened. */
export function useHasScreen(url: string): boolean {
  const { navTree } = useSnapshot(session);
  return useMemo(() => findScreen(navTree as readonly MenuNode[], url) !== undefined, [navTree, url]);
}

/** The menu name, in the user's language, of the screen of a menu url (`Wms/TPoMaster`); '' when the user has none. */
export function useScreenName(url: string): string {
  const { navTree } = useSnapshot(session);
  return useMemo(() => findScreen(navTree as readonly MenuNode[], url)?.name ?? '', [navTree, url]);
}
