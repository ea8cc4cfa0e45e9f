import { ACTIONS, permission } from '../../../shared/permissions';
import { LOCALE_IDS } from '../../../shared/wire';
import { generatePassword, hashPassword } from '../../platform/passwords';
import type { Db } from '../connect';
import { BUTTON_NAMES, MENU_TREE, type MenuSeed } from './menuTree';

export const ADMIN_NAME = 'admin';

/** What the first start created, so main.ts can print it once. */
export interface SeedResult {
  adminCreated: boolean;
  generatedPassword: string | null;
}

async function insertMenus(db: Db, nodes: MenuSeed[], parentId: number): Promise<void> {
  for (const [index, node] of nodes.entries()) {
    const { id } = await db
      .insertInto('sysMenu')
      .values({
        parentId,
        name: node.name,
        nameEn: node.nameEn,
        url: node.url ?? null,
        perms: null,
        type: node.url ? 1 : 0,
        icon: node.icon ?? null,
        orderNum: index + 1,
        hidden: node.hidden ?? false,
        keepAlive: node.keepAlive ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (node.children) await insertMenus(db, node.children, id);
    const resources = [
      ...(node.resource ? [{ resource: node.resource, name: node.name, nameEn: node.nameEn }] : []),
      ...(node.moreResources ?? []).map((r) => ({ ...r, name: `${node.name}-${r.name}`, nameEn: `${node.nameEn}: ${r.nameEn}` })),
    ];
    for (const [r, { resource, name, nameEn }] of resources.entries()) {
      const actions = node.viewOnly ? (['view'] as const) : ACTIONS;
      await db
        .insertInto('sysMenu')
        .values(
          actions.map((action, i) => ({
            parentId: id,
            name: `${name}-${BUTTON_NAMES[action][0]}`,
            nameEn: `${nameEn}: ${BUTTON_NAMES[action][1]}`,
            url: null,
            perms: permission(resource, action),
            type: 2,
            icon: null,
            orderNum: r * actions.length + i + 1,
            hidden: false,
            keepAlive: false,
          })),
        )
        .execute();
    }
    if (node.actions?.length) {
      await db
        .insertInto('sysMenu')
        .values(
          node.actions.map((a, i) => ({
            parentId: id,
            name: a.name,
            nameEn: a.nameEn,
            url: null,
            perms: a.perms,
            type: 2,
            icon: null,
            orderNum: 100 + i,
            hidden: false,
            keepAlive: false,
          })),
        )
        .execute();
    }
  }
}

/**
 * Seeds what every installation needs, once: the tenant, the super administrator role and user,
 * the complete menu tree, and the base dictionary. Runs inside the caller's transaction.
 */
export async function seedBase(db: Db, adminPassword: string | null): Promise<SeedResult> {
  const existing = await db.selectFrom('sysUser').select('id').where('name', '=', ADMIN_NAME).executeTakeFirst();
  if (existing) return { adminCreated: false, generatedPassword: null };
  const tenant = await db.insertInto('tenant').values({ name: 'Wharf' }).returning('id').executeTakeFirstOrThrow();
  const dept = await db
    .insertInto('sysDept')
    .values({ parentId: 0, name: 'Wharf', orderNum: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('sysRole')
    .values({ name: 'admin', remark: 'role.superAdmin', superAdmin: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const password = adminPassword ?? generatePassword();
  const user = await db
    .insertInto('sysUser')
    .values({
      tenantId: tenant.id,
      name: ADMIN_NAME,
      passwordHash: await hashPassword(password),
      email: null,
      mobile: null,
      status: 1,
      deptId: dept.id,
      localeId: LOCALE_IDS.zh_cn,
      language: 'zh_cn',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('sysUserRole').values({ userId: user.id, roleId: role.id }).execute();
  await insertMenus(db, MENU_TREE, 0);
  await db
    .insertInto('sysDict')
    .values([
      { type: 'yesNo', value: 'Y', label: '是', labelEn: 'Yes', sort: 1 },
      { type: 'yesNo', value: 'N', label: '否', labelEn: 'No', sort: 2 },
      { type: 'language', value: 'zh_cn', label: '简体中文', labelEn: 'Simplified Chinese', sort: 1 },
      { type: 'language', value: 'en_us', label: 'English', labelEn: 'English', sort: 2 },
    ])
    .execute();
  return { adminCreated: true, generatedPassword: adminPassword ? null : password };
}
