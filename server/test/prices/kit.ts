/** Shared by the prices and purchase-order API tests: a supplier with products, and valid bodies. */
import type { Caller } from '../registry/kit';
import { partyBody, productBody } from '../registry/kit';

export interface Supplied {
  supplierId: number;
  productIds: number[];
}

/** A new supplier and `n` products of it (via the API, as a registry user would). */
export async function supplierWithProducts(admin: Caller, n = 2, product: Record<string, unknown> = {}): Promise<Supplied> {
  const s = await admin.post('/suppliers', partyBody());
  if (s.statusCode !== 201) throw new Error(`supplier: ${s.statusCode} ${s.body}`);
  const supplierId = s.json().id as number;
  const productIds: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = await admin.post('/products', productBody({ supplier_id: supplierId, ...product }));
    if (p.statusCode !== 201) throw new Error(`product: ${p.statusCode} ${p.body}`);
    productIds.push(p.json().id);
  }
  return { supplierId, productIds };
}

export const priceBody = (s: Supplied, o: Record<string, unknown> = {}) => ({
  supplier_id: s.supplierId,
  product_id: s.productIds[0],
  price: '12.5',
  start_date: '2026-01-01',
  end_date: null,
  ...o,
});
