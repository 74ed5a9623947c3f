/**
 * The role → permission table (SPEC §6). It lives only here and is used by the shell (navigation, home cards, guards),
 * by every remote (hub cards) and by the server (403). Change a role's reach here and everything follows.
 */
export const ROLES = ['admin', 'direction', 'administration', 'orders', 'warehouse', 'sales'] as const;
export type Role = (typeof ROLES)[number];

const ALL: readonly Role[] = ROLES;

export const PERMISSIONS = {
  // The four section permissions. SPEC leaves their mapping open; this is the product owner's choice (issue "Foundation").
  registry: ['admin', 'direction', 'orders', 'sales'],
  operations: ALL,
  reports: ALL,
  users: ['admin', 'direction'],
  // Sub-areas of SPEC §6.
  prices: ['admin', 'direction', 'administration', 'orders', 'sales'],
  purchaseOrders: ['admin', 'direction', 'orders', 'sales'],
  sales: ['admin', 'direction', 'orders', 'sales'],
  goodsReceipt: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  movements: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  stockLevels: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  valuation: ['admin', 'direction', 'administration', 'orders', 'sales'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `role` holds `permission`. An unknown or missing role holds nothing. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isRole(role) && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Every permission a role holds, e.g. to describe a role in the UI or a test. */
export function permissionsOf(role: string | null | undefined): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}
