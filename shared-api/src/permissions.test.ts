import { can, PERMISSIONS, permissionsOf, ROLES, type Permission, type Role } from './permissions';

// SPEC §6 table, written out again on purpose: the test fails if the table drifts from the specification.
const SPEC: Record<Exclude<Permission, 'registry' | 'operations' | 'reports' | 'users'>, Role[]> = {
  prices: ['admin', 'direction', 'administration', 'orders', 'sales'],
  purchaseOrders: ['admin', 'direction', 'orders', 'sales'],
  sales: ['admin', 'direction', 'orders', 'sales'],
  goodsReceipt: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  movements: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  stockLevels: ['admin', 'direction', 'warehouse', 'orders', 'sales'],
  valuation: ['admin', 'direction', 'administration', 'orders', 'sales'],
  // Not in SPEC §6: the issues that added the modules (25 counts, 26 transfers, 28 replenishment) decided these.
  inventoryCount: ['admin', 'direction', 'warehouse'],
  inventoryReview: ['admin', 'direction'],
  transfers: ['admin', 'direction', 'warehouse'],
  transfersRead: ['admin', 'direction', 'warehouse', 'administration'],
  replenishment: ['admin', 'direction', 'orders'],
};

describe('permission table', () => {
  it('has the six roles of SPEC §6', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'administration', 'direction', 'orders', 'sales', 'warehouse']);
  });

  it.each(Object.entries(SPEC))('%s matches SPEC §6 for every role', (perm, roles) => {
    for (const role of ROLES) expect(can(role, perm as Permission)).toBe(roles.includes(role));
  });

  it('maps the four sections as the foundation issue decided', () => {
    expect([...PERMISSIONS.registry].sort()).toEqual(['admin', 'direction', 'orders', 'sales']);
    expect([...PERMISSIONS.operations].sort()).toEqual([...ROLES].sort());
    expect([...PERMISSIONS.reports].sort()).toEqual([...ROLES].sort());
    expect([...PERMISSIONS.users].sort()).toEqual(['admin', 'direction']);
  });

  it('grants nothing to a missing or unknown role', () => {
    expect(can(undefined, 'operations')).toBe(false);
    expect(can('root', 'users')).toBe(false);
    expect(permissionsOf('nobody')).toEqual([]);
  });

  it('lists what a warehouse clerk may do', () => {
    expect(permissionsOf('warehouse').sort()).toEqual([
      'goodsReceipt',
      'inventoryCount',
      'movements',
      'operations',
      'reports',
      'stockLevels',
      'transfers',
      'transfersRead',
    ]);
  });
});
