/** Menu tree → routes, and the workspace tab operations (spec 000 §2 "Workspace shell"). */
import { navigate } from 'wouter/use-browser-location';
import type { MenuNode } from '../../shared/wire';
import { session, type WorkspaceTab } from '../kit/session';

export const HOME_PATH = '/';
const IFRAME_PREFIX = 'iframe:';

/** A menu node reachable as a route. */
export interface MenuRoute {
  path: string;
  node: MenuNode;
  /** Set for `iframe:` urls: the frame source. */
  frameSrc: string | null;
}

/** The route path of a menu node: `/<url>`, or `/iframe/<id>` for embedded frames; null when it has no page. */
export function routePathOf(node: MenuNode): string | null {
  const url = node.url?.trim();
  if (!url) return null;
  if (url.startsWith(IFRAME_PREFIX)) return `/iframe/${node.id}`;
  return `/${url.replace(/^\/+/, '')}`;
}

/** Every menu node with a url, hidden detail screens included (they are routes, just not in the side menu). */
export function collectRoutes(tree: readonly MenuNode[]): Map<string, MenuRoute> {
  const routes = new Map<string, MenuRoute>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      // Buttons (type 2) are permissions, never screens.
      if (node.type !== 2) {
        const path = routePathOf(node);
        if (path) {
          const url = node.url?.trim() ?? '';
          routes.set(path, { path, node, frameSrc: url.startsWith(IFRAME_PREFIX) ? url.slice(IFRAME_PREFIX.length) : null });
        }
      }
      walk(node.children);
    }
  };
  walk(tree);
  return routes;
}

/** The page registry key of a route path (`/Wms/TWhse` → `Wms/TWhse`). */
export function registryKeyOf(path: string): string {
  return path.replace(/^\/+/, '');
}

/** Opens (or re-titles) the tab of a route and makes it active. */
export function activateTab(path: string, title: string, icon: string | null): void {
  const existing = session.tabs.find((tab) => tab.name === path);
  if (existing) {
    existing.title = title;
    existing.icon = icon;
  } else {
    session.tabs.push({ name: path, title, icon, version: 0 });
  }
  session.activeTab = path;
}

function goTo(path: string): void {
  if (location.pathname !== path) navigate(path);
}

/** Closes one tab; the neighbour becomes active, and closing the last tab goes home. */
export function closeTab(name: string): void {
  const index = session.tabs.findIndex((tab) => tab.name === name);
  if (index < 0) return;
  session.tabs.splice(index, 1);
  if (session.activeTab !== name) return;
  const next: WorkspaceTab | undefined = session.tabs[index] ?? session.tabs[index - 1];
  goTo(next ? next.name : HOME_PATH);
}

export function closeOtherTabs(): void {
  session.tabs = session.tabs.filter((tab) => tab.name === session.activeTab);
}

export function closeAllTabs(): void {
  session.tabs = [];
  // The home route re-opens the home tab, so the workspace is never empty.
  if (location.pathname === HOME_PATH) activateTab(HOME_PATH, '', 'house');
  else goTo(HOME_PATH);
}

/** Remounts the active screen (its state is reset and its data reloaded). */
export function refreshActiveTab(): void {
  const tab = session.tabs.find((t) => t.name === session.activeTab);
  if (tab) tab.version += 1;
}
