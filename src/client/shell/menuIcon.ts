import type { MenuType } from '../../shared/wire';

/**
 * The Shoelace (Bootstrap) icon name for a menu node. Menu data may carry icon names from other icon sets
 * (e.g. `el-icon-*`); those fall back to a folder or page icon instead of an empty box.
 */
export function menuIcon(icon: string | null | undefined, type: MenuType | 'home'): string {
  if (type === 'home') return 'house';
  if (icon && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(icon) && !icon.startsWith('el-')) return icon;
  return type === 0 ? 'folder2' : 'file-earmark-text';
}
