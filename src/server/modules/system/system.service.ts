import type { Selectable } from 'kysely';
import type { LanguageCode, MenuNode, MenuType } from '../../../shared/wire';
import type { Db } from '../../db/connect';
import type { SysMenuTable } from '../../db/schema';
import type { SessionUser } from '../../platform/context';

type MenuRow = Omit<Selectable<SysMenuTable>, 'createTime' | 'updateTime'>;

/** Builds the tree from flat rows (ordered by orderNum), names in the caller's language. */
export function buildTree(rows: MenuRow[], language: LanguageCode): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      name: language === 'en_us' ? row.nameEn : row.name,
      url: row.url,
      perms: row.perms,
      type: row.type as MenuType,
      icon: row.icon,
      orderNum: row.orderNum,
      level: 0,
      hidden: row.hidden,
      keepAlive: row.keepAlive,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const setLevel = (list: MenuNode[], level: number): void => {
    for (const n of list) {
      n.level = level;
      setLevel(n.children, level + 1);
    }
  };
  setLevel(roots, 0);
  return roots;
}

function menuQuery(db: Db) {
  return db
    .selectFrom('sysMenu as m')
    .select([
      'm.id',
      'm.parentId',
      'm.name',
      'm.nameEn',
      'm.url',
      'm.perms',
      'm.type',
      'm.icon',
      'm.orderNum',
      'm.hidden',
      'm.keepAlive',
    ])
    .orderBy('m.parentId')
    .orderBy('m.orderNum')
    .orderBy('m.id');
}

/** The whole menu tree (directories, menus and buttons), for the menu and role editors. */
export async function menuTree(db: Db, language: LanguageCode): Promise<MenuNode[]> {
  return buildTree(await menuQuery(db).execute(), language);
}

/**
 * The user's navigation tree: directories and menus the user's roles hold (all for a super
 * administrator), without buttons; a directory left with no menu is dropped.
 */
export async function navTree(db: Db, user: SessionUser, language: LanguageCode): Promise<MenuNode[]> {
  const base = menuQuery(db).where('m.type', '<>', 2);
  const rows = user.superAdmin
    ? await base.execute()
    : await base
        // Directories come along; those left without a menu the user holds are pruned below.
        .where((eb) =>
          eb.or([
            eb('m.type', '=', 0),
            eb.exists(
              eb
                .selectFrom('sysRoleMenu as rm')
                .innerJoin('sysUserRole as ur', 'ur.roleId', 'rm.roleId')
                .select('rm.menuId')
                .whereRef('rm.menuId', '=', 'm.id')
                .where('ur.userId', '=', user.id),
            ),
          ]),
        )
        .execute();
  const prune = (list: MenuNode[]): MenuNode[] =>
    list.flatMap((node) => {
      node.children = prune(node.children);
      return node.type === 0 && node.children.length === 0 ? [] : [node];
    });
  return prune(buildTree(rows, language));
}
