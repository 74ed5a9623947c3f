import type { Queryable } from '../db';

/** The things an activity can name, each read by id (deleted rows included: history keeps its names). */
export type RefKind = 'product' | 'warehouse' | 'supplier' | 'customer' | 'user' | 'purchase_order' | 'goods_receipt' | 'price' | 'sale';

const SQL: Record<RefKind, string> = {
  product: `SELECT id, code || CASE WHEN coalesce(name, description) <> '' THEN ' — ' || coalesce(name, description) ELSE '' END AS label
              FROM products WHERE id = ANY($1::bigint[])`,
  warehouse: 'SELECT id, name AS label FROM warehouses WHERE id = ANY($1::bigint[])',
  supplier: 'SELECT id, business_name AS label FROM suppliers WHERE id = ANY($1::bigint[])',
  customer: 'SELECT id, business_name AS label FROM customers WHERE id = ANY($1::bigint[])',
  user: `SELECT id, username || ' (' || name || ')' AS label FROM users WHERE id = ANY($1::bigint[])`,
  purchase_order: 'SELECT id, order_number AS label FROM purchase_orders WHERE id = ANY($1::bigint[])',
  goods_receipt: `SELECT r.id, 'DDT ' || r.document_number || ' — ' || o.order_number AS label
                    FROM goods_receipts r JOIN purchase_orders o ON o.id = r.order_id WHERE r.id = ANY($1::bigint[])`,
  price: `SELECT pr.id, p.code || ' — ' || s.business_name AS label
            FROM prices pr JOIN products p ON p.id = pr.product_id JOIN suppliers s ON s.id = pr.supplier_id
           WHERE pr.id = ANY($1::bigint[])`,
  sale: `SELECT sa.id, p.code || ' — ' || c.business_name AS label
           FROM sales sa JOIN products p ON p.id = sa.product_id JOIN customers c ON c.id = sa.customer_id
          WHERE sa.id = ANY($1::bigint[])`,
};

/** Names of the given ids per kind, as "kind:id" → label. One query per kind that has ids. */
export async function labelsOf(q: Queryable, wanted: Map<RefKind, Set<string>>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      const list = [...ids].filter((id) => /^\d{1,18}$/.test(id));
      if (list.length === 0) return;
      const { rows } = await q.query<{ id: string | number; label: string | null }>(SQL[kind], [list]);
      for (const r of rows) if (r.label) out.set(`${kind}:${String(r.id)}`, r.label);
    }),
  );
  return out;
}
