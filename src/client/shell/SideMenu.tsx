import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { MenuNode } from '../../shared/wire';
import { toast } from '../kit/api';
import { useT } from '../kit/i18n';
import { session, setSidebarCollapsed } from '../kit/session';
import { drawer, setDrawerOpen } from './drawer';
import { routePathOf } from './navigation';
import { SideMenuNode } from './SideMenuNode';

/** Ids from the root down to the node whose route is `path` (the submenus to open for the active screen). */
function ancestorIds(nodes: readonly MenuNode[], path: string): number[] | null {
  for (const node of nodes) {
    if (routePathOf(node) === path) return [];
    const below = ancestorIds(node.children, path);
    if (below) return [node.id, ...below];
  }
  return null;
}

/** The left navigation: the user's menu tree, one submenu open at a time (accordion). */
export function SideMenu() {
  const t = useT();
  const [, setLocation] = useLocation();
  const { appName, sidebarCollapsed: folded, activeTab, navTree } = useSnapshot(session);
  const { narrow } = useSnapshot(drawer);
  // The drawer of a narrow screen always shows the whole menu, names and all.
  const sidebarCollapsed = folded && !narrow;
  const [openIds, setOpenIds] = useState<readonly number[]>([]);

  // Opening a screen from elsewhere (a tab, the address bar) unfolds its branch of the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: navTree is read from the store; its snapshot only signals change
  useEffect(() => {
    const ids = ancestorIds(session.navTree, activeTab);
    if (ids && ids.length > 0) setOpenIds(ids);
  }, [activeTab, navTree]);

  const onToggle = (node: MenuNode, depth: number) => {
    if (sidebarCollapsed) {
      // A collapsed bar has no room for submenus: expand it and open the one clicked.
      setSidebarCollapsed(false);
      setOpenIds([node.id]);
      return;
    }
    setOpenIds((ids) => (ids[depth] === node.id ? ids.slice(0, depth) : [...ids.slice(0, depth), node.id]));
  };

  const onOpen = (node: MenuNode) => {
    const path = routePathOf(node);
    if (!path) {
      toast('error', t('shell.menuNoPage'));
      return;
    }
    setLocation(path);
    if (narrow) setDrawerOpen(false);
  };

  // The snapshot above subscribes to navTree; the plain nodes are read from the store for typing's sake.
  const roots = session.navTree.filter((node) => !node.hidden && node.type !== 2);
  return (
    <nav className="side-menu" aria-label={t('shell.menu')} data-testid="side-menu">
      <button
        type="button"
        className="side-logo"
        onClick={() => {
          setLocation('/');
          if (narrow) setDrawerOpen(false);
        }}
        title={t('shell.home')}
      >
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="side-logo-name">{appName}</span>
      </button>
      <ul className="menu-root">
        {roots.map((node) => (
          <SideMenuNode
            key={node.id}
            node={node}
            depth={0}
            openIds={openIds}
            activePath={activeTab}
            collapsed={sidebarCollapsed}
            onToggle={onToggle}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </nav>
  );
}
