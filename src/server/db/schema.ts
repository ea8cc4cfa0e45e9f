import type { ColumnType, Generated } from 'kysely';
import type { MasterdataTables } from './schema.masterdata';
import type { NoticeTables } from './schema.notice';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Platform tables (the generic entities' tables are reached through their definitions). */
export interface TenantTable {
  id: Generated<number>;
  name: string;
  createTime: Timestamp;
}

export interface SysUserTable {
  id: Generated<number>;
  tenantId: number | null;
  name: string;
  passwordHash: string;
  /** Display name (real name) shown in the header; the account name stays `name`. */
  nickName: string | null;
  email: string | null;
  mobile: string | null;
  /** 1 active, 0 disabled. */
  status: number;
  deptId: number | null;
  localeId: number | null;
  language: string | null;
  /** SHA-256 (hex) of the badge scanned at a dock station (unique when set; migration 0022); never returned. */
  badgeHash: string | null;
  /** scrypt hash of the dock-station PIN; never returned. */
  pinHash: string | null;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface SysRoleTable {
  id: Generated<number>;
  name: string;
  remark: string | null;
  /** Holds every permission and every warehouse, present and future. */
  superAdmin: boolean;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface SysUserRoleTable {
  userId: number;
  roleId: number;
}

export interface SysMenuTable {
  id: Generated<number>;
  parentId: number;
  name: string;
  nameEn: string;
  url: string | null;
  perms: string | null;
  type: number;
  icon: string | null;
  orderNum: number;
  hidden: boolean;
  keepAlive: boolean;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface SysRoleMenuTable {
  roleId: number;
  menuId: number;
}

export interface SysDeptTable {
  id: Generated<number>;
  parentId: number;
  name: string;
  orderNum: number;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface SysUserWarehouseTable {
  userId: number;
  whId: string;
  /** Clients of that warehouse the user may work for; null = all. */
  clientCodes: string[] | null;
}

export interface SysDictTable {
  id: Generated<number>;
  type: string;
  value: string;
  label: string;
  labelEn: string;
  sort: number;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface SysLogTable {
  id: Generated<number>;
  userName: string | null;
  operation: string;
  method: string;
  params: string | null;
  time: Timestamp;
  ip: string | null;
}

export interface SysSessionTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createTime: Timestamp;
  lastSeen: Timestamp;
  expiresAt: Timestamp;
  endedAt: Timestamp | null;
  /** 'logout' | 'replaced' | 'expired' */
  endedReason: string | null;
  ip: string | null;
  /** The dock station the session was opened at (limited to its warehouse and flows); null at a desk. */
  stationId: Generated<number | null>;
}

export interface SysCaptchaTable {
  id: string;
  codeHash: string;
  expiresAt: Timestamp;
}

export interface SysLoginThrottleTable {
  key: string;
  failures: number;
  windowStart: Timestamp;
  lockedUntil: Timestamp | null;
}

/** An API key (migration 0032): its own user (`userId`) holds its role and grants; only the key's SHA-256 is kept. */
export interface SysApiKeyTable {
  id: Generated<number>;
  userId: number;
  name: string;
  /** The visible part (`wharf_` and 12 hex digits), by which a key is looked up. */
  prefix: string;
  secretHash: string;
  remark: string | null;
  expiresAt: Timestamp | null;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
  createdBy: string | null;
  createTime: Timestamp;
}

/** The answer of a write sent with an `Idempotency-Key` (migration 0032; platform/idempotency.ts). */
export interface SysIdempotencyTable {
  id: Generated<string>;
  principal: string;
  idemKey: string;
  fingerprint: string;
  /**
   * 'pending' while the first request runs and nothing is committed, 'committed' once its change is (marked in the
   * change's own transaction), 'done' once its answer is stored.
   */
  state: string;
  /** The token of the request holding the claim (a takeover after the lease replaces it). */
  owner: string;
  /** When that request took the claim: the lease runs from here. */
  claimTime: Timestamp;
  statusCode: number | null;
  contentType: string | null;
  body: string | null;
  createTime: Timestamp;
  doneTime: Timestamp | null;
}

export interface Database extends MasterdataTables, NoticeTables {
  tenant: TenantTable;
  sysUser: SysUserTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysMenu: SysMenuTable;
  sysRoleMenu: SysRoleMenuTable;
  sysDept: SysDeptTable;
  sysUserWarehouse: SysUserWarehouseTable;
  sysDict: SysDictTable;
  sysLog: SysLogTable;
  sysSession: SysSessionTable;
  sysCaptcha: SysCaptchaTable;
  sysLoginThrottle: SysLoginThrottleTable;
  sysApiKey: SysApiKeyTable;
  sysIdempotency: SysIdempotencyTable;
}
