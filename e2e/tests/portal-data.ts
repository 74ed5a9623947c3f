import { expect, type Page } from '@playwright/test';
import { apiPost, apiToken, bearer, companyDay, partyFields } from './support';

// Issue 22: the documents every route of the portal can show — made through the API with long, realistic names and a
// unique suffix, so a spec using them runs beside the others on a shared database — and the list of those routes. Used by
// responsive.spec.ts (three sizes) and a11y.spec.ts (axe over every route).

let serial = 0;
/** A name part unique to this run and call. */
export const unique = () => `${Date.now().toString(36).toUpperCase()}${(serial++).toString(36).toUpperCase()}`;

const today = () => companyDay();

export interface Ids {
  suffix: string;
  warehouseId: number;
  productId: number;
  orderId: number;
  itemId: number;
  receiptId: number;
  priceId: number;
  movementId: number;
  saleId: number;
  userId: number;
  draftTransferId: number;
  shippedTransferId: number;
  countId: number;
}

/** Everything the detail routes show, made through the API with long, realistic names. */
export async function setUp(page: Page): Promise<Ids> {
  const suffix = unique();
  const headers = bearer(await apiToken(page));
  const post = apiPost(page, headers);
  const warehouse = async (name: string) =>
    (await post('/api/warehouses', { name, description: 'Banchina nord', is_active: true })).id as number;
  const warehouseId = await warehouse(`Resp Magazzino Centrale ${suffix}`);
  const otherWarehouseId = await warehouse(`Resp Magazzino Periferico ${suffix}`);
  const supplierId = (await post('/api/suppliers', partyFields(`Resp Fornitore Ingrosso Alimentari ${suffix}`))).id as number;
  const customerId = (await post('/api/customers', partyFields(`Resp Cliente Distribuzione ${suffix}`))).id as number;
  const product = (code: string, batches: boolean) =>
    post('/api/products', {
      code,
      description: 'Farina di grano tenero tipo 00 sacco da 25 kg',
      category: 'Alimentari e bevande',
      currency: 'EUR',
      unit_of_measure: 'kg',
      supplier_id: supplierId,
      has_batch: batches,
      has_expiry_date: batches,
      has_production_date: batches,
      status: 'active',
    });
  const batchProductId = (await product(`RESP-LOT-${suffix}`, true)).id as number;
  const productId = (await product(`RESP-${suffix}`, false)).id as number;
  const priceId = (
    await post('/api/prices', {
      supplier_id: supplierId,
      product_id: productId,
      price: '1234.5',
      currency: 'EUR',
      start_date: '2026-01-01',
    })
  ).id as number;
  const order = await post('/api/purchase-orders', {
    order_date: '2026-03-01',
    requested_arrival_date: '2026-03-10',
    supplier_id: supplierId,
    notes: 'Consegna in banchina 3',
    items: [
      { product_id: batchProductId, quantity: 1250, unit_price: '2.5' },
      { product_id: productId, quantity: 40, unit_price: '12.75' },
    ],
  });
  const orderId = order.id as number;
  const detail = await page.request.get(`/api/goods-receipts/order-details/${orderId}`, { headers });
  expect(detail.status()).toBe(200);
  const items = ((await detail.json()) as { items: Array<{ id: number; product_id: number }> }).items;
  const itemId = items[0].id;
  const plainItem = items.find((i) => i.product_id === productId)!;
  // Part of the order arrives: the order stays open (its receipt form) and the receipt has labels and a history.
  const receipt = await post('/api/goods-receipts/receive', {
    document_number: `DDT-${suffix}`,
    document_date: today(),
    order_id: orderId,
    items: [{ order_item_id: plainItem.id, product_id: productId, quantity: 10, warehouse_id: warehouseId }],
  });
  const receiptId = (receipt.id ?? receipt.receipt_id) as number;
  const movementId = (
    await post('/api/stock-movements', {
      movement_type: 'C',
      movement_date: today(),
      product_id: productId,
      warehouse_id: warehouseId,
      quantity: 1500,
      // A long note with no space to wrap at: the movements list shows it under the product code, in its frame.
      notes: `RIF.DDT/2026/000123456/BANCHINA-NORD/${suffix}`,
    })
  ).id as number;
  const saleId = (await post('/api/sales', { product_id: productId, warehouse_id: warehouseId, quantity: 12.5, customer_id: customerId }))
    .id as number;
  const transfer = async () =>
    (
      await post('/api/transfers', {
        from_warehouse_id: warehouseId,
        to_warehouse_id: otherWarehouseId,
        transfer_date: today(),
        lines: [{ product_id: productId, quantity: '2.5' }],
      })
    ).id as number;
  const draftTransferId = await transfer();
  const shippedTransferId = await transfer();
  const ship = await page.request.post(`/api/transfers/${shippedTransferId}/ship`, { headers, data: {} });
  expect(ship.ok(), `ship: ${await ship.text()}`).toBe(true);
  const userId = (
    await post('/api/users', {
      username: `resp_${suffix.toLowerCase()}`,
      password: 'E2e-Responsive-Password-1',
      name: 'Utente Responsive',
      role: 'admin',
      is_active: true,
    })
  ).id as number;
  // Last: a count of the stocked product (an open count would hold the writes above).
  const countId = (await post('/api/inventory-counts', { warehouse_id: warehouseId, product_ids: [productId] })).id as number;
  return {
    suffix,
    warehouseId,
    productId,
    orderId,
    itemId,
    receiptId,
    priceId,
    movementId,
    saleId,
    userId,
    draftTransferId,
    shippedTransferId,
    countId,
  };
}

/** Every route of the portal (shell, the four remotes' areas and their sub-routes), with real ids. */
/**
 * The route walks (axe, sizes) go in four groups of 11 to 14 routes, each its own test: all 47 in one test outgrew its
 * three minutes on a loaded two-core CI machine (2026-12-07: both walks timed out at route 40-odd, none failing a check).
 */
export const ROUTE_GROUPS = ['home and registry', 'buying', 'stock', 'reports and users'] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

export function routeGroup(route: string): RouteGroup {
  if (/^\/operazioni\/(ordini-fornitori|ricezione-merce|prezzi)/.test(route)) return 'buying';
  if (route.startsWith('/operazioni')) return 'stock';
  if (route.startsWith('/report') || route.startsWith('/users')) return 'reports and users';
  return 'home and registry';
}

export function routes(ids: Ids): string[] {
  return [
    '/',
    '/anagrafica',
    '/anagrafica/prodotti',
    '/anagrafica/prodotti/nuovo',
    `/anagrafica/prodotti/${ids.productId}`,
    '/anagrafica/magazzini',
    '/anagrafica/magazzini/nuovo',
    `/anagrafica/magazzini/${ids.warehouseId}`,
    '/anagrafica/azienda',
    '/anagrafica/fornitori',
    '/anagrafica/clienti',
    '/operazioni',
    '/operazioni/ordini-fornitori',
    '/operazioni/ordini-fornitori/nuovo',
    `/operazioni/ordini-fornitori/${ids.orderId}`,
    `/operazioni/ordini-fornitori/${ids.orderId}/stampa`,
    '/operazioni/ricezione-merce',
    `/operazioni/ricezione-merce/${ids.orderId}`,
    `/operazioni/ricezione-merce/storico/${ids.itemId}`,
    `/operazioni/ricezione-merce/etichette/${ids.receiptId}`,
    '/operazioni/prezzi',
    '/operazioni/prezzi/nuovo',
    `/operazioni/prezzi/${ids.priceId}`,
    '/operazioni/vendite',
    '/operazioni/vendite/nuova',
    `/operazioni/vendite/${ids.saleId}`,
    '/operazioni/movimenti',
    '/operazioni/movimenti/nuovo',
    `/operazioni/movimenti/${ids.movementId}`,
    '/operazioni/trasferimenti',
    '/operazioni/trasferimenti/nuovo',
    `/operazioni/trasferimenti/${ids.draftTransferId}`,
    `/operazioni/trasferimenti/${ids.draftTransferId}/modifica`,
    `/operazioni/trasferimenti/${ids.draftTransferId}/stampa`,
    `/operazioni/trasferimenti/${ids.shippedTransferId}/ricevi`,
    '/operazioni/riordino',
    '/report',
    '/report/giacenze',
    '/report/inventario',
    '/report/inventario/nuovo',
    `/report/inventario/${ids.countId}`,
    `/report/inventario/${ids.countId}/revisione`,
    `/report/inventario/${ids.countId}/foglio`,
    '/report/valorizzazione',
    '/users',
    '/users/nuovo',
    `/users/${ids.userId}`,
  ];
}
