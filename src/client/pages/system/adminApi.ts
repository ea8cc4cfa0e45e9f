/** Wire shapes of the system administration calls the screens share. */
import { SUCCESS } from '../../../shared/wire';
import { apiGet, apiPost } from '../../kit/api';

export interface RoleOption {
  id: number;
  name: string;
  remark: string | null;
  superAdmin: boolean;
}

export interface GrantOption {
  whId: string;
  name: string;
  clients: { clientCode: string; name: string }[];
}

export interface WarehouseGrant {
  whId: string;
  /** null = every client of the warehouse. */
  clientCodes: string[] | null;
}

export interface DeptNode {
  id: number;
  parentId: number;
  name: string;
  orderNum: number;
  children: DeptNode[];
}

/** A department in a flat choice list, indented by its depth. */
export interface DeptChoice {
  id: number;
  name: string;
  depth: number;
}

/** Unwraps a successful envelope; a refusal (already toasted) gives the fallback. */
async function data<T>(call: Promise<{ code: number; data: T }>, fallback: T): Promise<T> {
  try {
    const envelope = await call;
    return envelope.code === SUCCESS && envelope.data !== null ? envelope.data : fallback;
  } catch {
    return fallback;
  }
}

export const loadRoles = () => data(apiGet<RoleOption[]>('/role/findAll'), []);
export const loadGrantOptions = () => data(apiPost<GrantOption[]>('/user/grantOptions', {}), []);
export const loadUserAccess = (id: number) =>
  data(apiPost<{ roleIds: number[]; warehouses: WarehouseGrant[] } | null>('/user/findAccess', { id }), null);

/** The department tree flattened in display order. */
export async function loadDeptChoices(): Promise<DeptChoice[]> {
  const tree = await data(apiGet<DeptNode[]>('/dept/findTree'), []);
  const list: DeptChoice[] = [];
  const walk = (nodes: DeptNode[], depth: number) => {
    for (const node of nodes) {
      list.push({ id: node.id, name: node.name, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(tree, 0);
  return list;
}

/** The API key form's choices and a key's current role and grants (system module README "API keys"). */
export const loadApiKeyRoles = () => data(apiPost<RoleOption[]>('/apiKey/roleOptions', {}), []);
export const loadApiKeyGrantOptions = () => data(apiPost<GrantOption[]>('/apiKey/grantOptions', {}), []);
export const loadApiKeyAccess = (id: number) =>
  data(apiPost<{ roleIds: number[]; warehouses: WarehouseGrant[] } | null>('/apiKey/findAccess', { id }), null);

/** What `/apiKey/create` answers: the key itself, this once. */
export interface NewApiKey {
  id: number;
  name: string;
  prefix: string;
  key: string;
}
