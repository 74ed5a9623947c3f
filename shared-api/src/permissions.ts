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
  // Issue 25: counting a warehouse (blind: without the book quantity), and reviewing / applying / cancelling a count.
  inventoryCount: ['admin', 'direction', 'warehouse'],
  inventoryReview: ['admin', 'direction'],
  // Issue 26: creating, shipping and receiving transfers; reading them (and their transport notes) also for administration.
  transfers: ['admin', 'direction', 'warehouse'],
  transfersRead: ['admin', 'direction', 'warehouse', 'administration'],
  // Issue 28: min / max per product and warehouse, the replenishment proposal and its draft orders.
  replenishment: ['admin', 'direction', 'orders'],
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

/**
 * Who may manage whom (issue 13; SPEC §6 gives user management to admin and direction, this rule is ours):
 * - only an admin may create an admin, edit or delete an admin (password included), promote to or demote from admin;
 * - nobody changes their own role.
 * The server refuses with 403 and the reason; the user form offers only the roles this allows.
 */
export type UserManagementRefusal = 'noPermission' | 'adminOnly' | 'selfRole';

/**
 * Why `actorRole` may not turn a user of `targetRole` (null: a user being created) into `newRole` (null: the user is being
 * deleted; the same role: an edit of the other fields or the password), or null when allowed. `self`: the actor is the target.
 */
export function userManagementRefusal(
  actorRole: string | null | undefined,
  targetRole: Role | null,
  newRole: Role | null,
  self: boolean,
): UserManagementRefusal | null {
  if (!can(actorRole, 'users')) return 'noPermission';
  if (self && targetRole !== null && newRole !== null && newRole !== targetRole) return 'selfRole';
  const touchesAdmin = targetRole === 'admin' || newRole === 'admin';
  if (touchesAdmin && actorRole !== 'admin') return 'adminOnly';
  return null;
}

/** True when `actorRole` may make that change (see userManagementRefusal). */
export function canManageUser(actorRole: string | null | undefined, targetRole: Role | null, newRole: Role | null, self: boolean): boolean {
  return userManagementRefusal(actorRole, targetRole, newRole, self) === null;
}

/** The roles `actorRole` may give a user now of `targetRole` (null: a new user): what the user form's role select offers. */
export function assignableRoles(actorRole: string | null | undefined, targetRole: Role | null, self: boolean): Role[] {
  return ROLES.filter((r) => canManageUser(actorRole, targetRole, r, self));
}
