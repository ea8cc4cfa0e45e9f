/** Permission strings: `sys:<resource>:<action>`. */
export const ACTIONS = ['view', 'add', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export function permission(resource: string, action: Action): string {
  return `sys:${resource}:${action}`;
}

/** Granted to every signed-in user: no permission needed beyond a valid session. */
export const AUTHENTICATED = 'authenticated' as const;
/** Reachable without a session (login, captcha, logout). */
export const PUBLIC = 'public' as const;
