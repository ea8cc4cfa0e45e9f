/**
 * A role's menus and buttons, ticked on the whole menu tree (Shoelace tree with checkboxes). Ticking a
 * button ticks its screen and directory partly; saving sends every ticked or partly ticked entry.
 */
import type SlTreeElement from '@shoelace-style/shoelace/dist/components/tree/tree.component.js';
import type SlTreeItemElement from '@shoelace-style/shoelace/dist/components/tree-item/tree-item.component.js';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { type MenuNode, SUCCESS } from '../../../shared/wire';
import { apiGet, apiPost, toast } from '../../kit/api';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { session } from '../../kit/session';
import { SlAlert, SlButton, SlIcon, SlSpinner, SlTree, SlTreeItem } from '../../kit/sl';
import { loadRoles } from './adminApi';
import './system.css';

export interface RoleMenusDialogProps {
  /** The role whose menus are edited; null keeps the dialog closed. */
  role: { id?: number; name?: unknown } | null;
  /** Whether the user may change them (otherwise the tree is only shown). */
  canEdit: boolean;
  onClose: () => void;
}

const TYPE_ICON = ['folder2', 'window', 'hand-index-thumb'] as const;

function MenuItems({ nodes, held }: { nodes: readonly MenuNode[]; held: ReadonlySet<number> }) {
  return nodes.map((node) => (
    <SlTreeItem
      key={node.id}
      data-id={node.id}
      data-testid={`menu-item-${node.perms ?? node.url ?? node.id}`}
      expanded={node.level === 0}
      // Only leaves carry the stored state: the tree derives ticked and partly ticked parents from them.
      selected={node.children.length === 0 && held.has(node.id)}
    >
      <SlIcon name={TYPE_ICON[node.type]} className="sys-tree-icon" />
      {node.name}
      {node.perms ? <span className="sys-tree-perms">{node.perms}</span> : null}
      {node.children.length > 0 ? <MenuItems nodes={node.children} held={held} /> : null}
    </SlTreeItem>
  ));
}

export function RoleMenusDialog({ role, canEdit, onClose }: RoleMenusDialogProps) {
  const t = useT();
  const { language } = useSnapshot(session);
  const open = role !== null;
  const roleId = role?.id;
  const tree = useRef<SlTreeElement>(null);
  const [menus, setMenus] = useState<MenuNode[] | null>(null);
  const [held, setHeld] = useState<Set<number>>(new Set());
  const [superAdmin, setSuperAdmin] = useState(false);
  const [saving, setSaving] = useState(false);

  // Names come in the request's language: the tree reloads on a language change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language stands for the names' language
  useEffect(() => {
    if (!open || roleId === undefined) return;
    let cancelled = false;
    setMenus(null);
    void Promise.all([apiGet<MenuNode[]>('/menu/findMenuTree'), apiGet<number[]>('/role/findRoleMenus', { roleId }), loadRoles()])
      .then(([tree, roleMenus, roles]) => {
        if (cancelled || tree.code !== SUCCESS || roleMenus.code !== SUCCESS) return;
        setHeld(new Set(roleMenus.data));
        setSuperAdmin(roles.some((r) => r.id === roleId && r.superAdmin));
        setMenus(tree.data);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [open, roleId, language]);

  const items = () => [...(tree.current?.querySelectorAll<SlTreeItemElement>('sl-tree-item') ?? [])];
  const expandAll = (expanded: boolean) => {
    for (const item of items()) item.expanded = expanded;
  };

  const save = async () => {
    if (roleId === undefined || saving) return;
    const menuIds = items()
      .filter((item) => item.selected || item.indeterminate)
      .map((item) => Number(item.dataset.id));
    setSaving(true);
    try {
      const envelope = await apiPost<number>('/role/saveRoleMenus', { roleId, menuIds });
      if (envelope.code === SUCCESS) {
        toast('success', t('kit.toast.success'));
        onClose();
      }
    } catch {
      // Reported by the api client.
    } finally {
      setSaving(false);
    }
  };

  const readOnly = !canEdit || superAdmin;
  return (
    <ModalDialog
      open={open}
      label={t('sys.role.menusTitle', { name: String(role?.name ?? '') })}
      className="sys-role-menus"
      data-testid="role-menus-dialog"
      onClose={onClose}
    >
      {superAdmin ? (
        <SlAlert open variant="primary" className="sys-note">
          <SlIcon slot="icon" name="info-circle" />
          {t('error.superAdminRole')}
        </SlAlert>
      ) : null}
      <div className="sys-tree-tools">
        <SlButton size="small" onClick={() => expandAll(true)}>
          {t('sys.tree.expandAll')}
        </SlButton>
        <SlButton size="small" onClick={() => expandAll(false)}>
          {t('sys.tree.collapseAll')}
        </SlButton>
      </div>
      <div className={`sys-tree-box${readOnly ? ' sys-tree-box--readonly' : ''}`}>
        <Suspense fallback={<SlSpinner />}>
          {menus === null ? (
            <SlSpinner />
          ) : (
            <SlTree ref={tree} selection="multiple" data-testid="role-menu-tree">
              <MenuItems nodes={menus} held={held} />
            </SlTree>
          )}
        </Suspense>
      </div>
      <SlButton slot="footer" data-testid="role-menus-cancel" onClick={onClose}>
        {t('kit.action.cancel')}
      </SlButton>
      <SlButton
        slot="footer"
        variant="primary"
        disabled={readOnly || menus === null}
        loading={saving}
        data-testid="role-menus-submit"
        onClick={() => void save()}
      >
        {t('kit.action.submit')}
      </SlButton>
    </ModalDialog>
  );
}
