/** Loads what the shell needs for a token: profile, navigation tree and permissions (spec 000 §2 guard). */
import type { LanguageCode, MenuNode } from '../../shared/wire';
import { apiGet } from '../kit/api';
import { session } from '../kit/session';
import { collectRoutes } from './navigation';

/** The answer of GET /user/findByName. */
export interface UserProfile {
  localeId: number;
  language: LanguageCode;
  name: string;
  roleLabel: string;
}

export async function loadProfile(user: string): Promise<UserProfile | null> {
  const answer = await apiGet<UserProfile>('/user/findByName', { name: user });
  if (answer.code !== 200 || !answer.data) return null;
  session.displayName = answer.data.name || user;
  session.roleLabel = answer.data.roleLabel;
  return answer.data;
}

/** Loads nav tree and permissions together; menu names arrive in the request's language. */
export async function loadNavigation(user: string): Promise<void> {
  const [tree, perms] = await Promise.all([
    apiGet<MenuNode[]>('/menu/findNavTree', { userName: user }),
    apiGet<string[]>('/user/findPermissions', { name: user }),
  ]);
  if (tree.code !== 200 || perms.code !== 200) return;
  session.navTree = tree.data ?? [];
  session.permissions = perms.data ?? [];
  const routes = collectRoutes(session.navTree);
  session.iframeUrls = Object.fromEntries(
    [...routes.values()].filter((r) => r.frameSrc !== null).map((r) => [r.path, r.frameSrc ?? '']),
  );
  // Open tabs keep their place but take the menu names of the (possibly new) language.
  for (const tab of session.tabs) {
    const route = routes.get(tab.name);
    if (route) tab.title = route.node.name;
  }
  session.navLoaded = true;
}

/**
 * After the data changed underneath every screen (a restore): reloads menus and permissions, and remounts every
 * open tab so each screen fetches its data again.
 */
export async function refreshWorkspace(): Promise<void> {
  for (const tab of session.tabs) tab.version += 1;
  if (session.user) await loadNavigation(session.user);
}
