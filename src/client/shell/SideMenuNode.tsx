import type { MenuNode } from '../../shared/wire';
import { SlIcon } from '../kit/sl';
import { menuIcon } from './menuIcon';
import { routePathOf } from './navigation';

/** Children shown in the side menu: hidden detail screens and buttons (permissions) are not menu entries. */
export function visibleChildren(node: MenuNode): MenuNode[] {
  return node.children.filter((child) => !child.hidden && child.type !== 2);
}

function containsRoute(node: MenuNode, path: string): boolean {
  return node.children.some((child) => routePathOf(child) === path || containsRoute(child, path));
}

interface SideMenuNodeProps {
  node: MenuNode;
  depth: number;
  openIds: readonly number[];
  activePath: string;
  collapsed: boolean;
  onToggle: (node: MenuNode, depth: number) => void;
  onOpen: (node: MenuNode) => void;
}

/** One entry of the side menu: a submenu (directory) or a leaf that opens a screen. */
export function SideMenuNode({ node, depth, openIds, activePath, collapsed, onToggle, onOpen }: SideMenuNodeProps) {
  const children = visibleChildren(node);
  const isGroup = children.length > 0;
  const open = isGroup && openIds[depth] === node.id && !collapsed;
  const active = !isGroup && routePathOf(node) === activePath;
  // Marks the branch of the open screen, which matters when the bar is collapsed and submenus are hidden.
  const onPath = isGroup && containsRoute(node, activePath);
  const indent = collapsed ? undefined : { paddingInlineStart: `${16 + depth * 16}px` };

  return (
    <li className={`menu-node${open ? ' open' : ''}`}>
      <button
        type="button"
        className={`menu-entry${active ? ' active' : ''}${isGroup ? ' group' : ''}${onPath ? ' on-path' : ''}`}
        style={indent}
        title={collapsed ? node.name : undefined}
        aria-expanded={isGroup ? open : undefined}
        onClick={() => (isGroup ? onToggle(node, depth) : onOpen(node))}
      >
        <SlIcon name={menuIcon(node.icon, node.type)} className="menu-icon" />
        <span className="menu-label">{node.name}</span>
        {isGroup && <SlIcon name="chevron-down" className="menu-caret" />}
      </button>
      {open && (
        <ul className="menu-children">
          {children.map((child) => (
            <SideMenuNode
              key={child.id}
              node={child}
              depth={depth + 1}
              openIds={openIds}
              activePath={activePath}
              collapsed={collapsed}
              onToggle={onToggle}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
