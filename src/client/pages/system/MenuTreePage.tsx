/** Menus (menu `sys/menu`): directories, screens and buttons on one tree, names in both languages. */
import { useSnapshot } from 'valtio';
import { sysMenu } from '../../../shared/entities/sysMenu';
import { session } from '../../kit/session';
import { TreeEditor, type TreeRow } from './TreeEditor';

const ICONS = ['folder2', 'window', 'hand-index-thumb'];

/** A new entry fits its parent: a directory at the top, a screen in a directory, a button on a screen. */
function newMenu(parent: TreeRow | null, siblings: number): Record<string, string> | null {
  const parentType = parent ? Number(parent.type) : null;
  if (parentType === 2) return null;
  const type = parentType === null ? '0' : parentType === 0 ? '1' : '2';
  return { type, orderNum: String(siblings + 1), hidden: 'false', keepAlive: 'false' };
}

export function MenuTreePage() {
  const { language } = useSnapshot(session);
  return (
    <TreeEditor
      entity={sysMenu}
      label={(row) => String((language === 'en_us' ? row.nameEn : row.name) ?? '')}
      icon={(row) => ICONS[Number(row.type)] ?? 'dot'}
      newNode={newMenu}
    />
  );
}
