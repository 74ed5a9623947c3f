/**
 * Seeds the purchase-order benchmark (bench/orders.ts): suppliers, products and `orders` orders of `lines` lines each,
 * set-based (INSERT … SELECT generate_series, as bench/seed.ts), into a freshly migrated schema.
 *
 * The data looks like a company's three years of buying: order numbers in the server's format and order (PO-<year>-<n>,
 * n up to 6 digits), dates rising with the number, 200 suppliers, notes of a few kinds (a fifth "Consegna urgente", offer
 * references, none), and receipts as time goes by: orders older than 90 days are received (one in 20 only in part), the
 * last 90 days mix not received, partly and fully received ones.
 *
 * The line triggers are switched off for the bulk load (1 000 000 refreshes of one order each would take an hour) and the
 * derived order columns are then written once, from migration 010's purchase_order_derived — the very rule the trigger
 * applies — and checked with purchase_order_mismatches() afterwards by the benchmark. No stock is touched: receipts of the
 * benchmark exist only as received quantities on the lines, which is all the list reads.
 */
import type { Db } from '../server/src/db';

export interface OrdersSeed {
  orders: number;
  lines: number;
  suppliers: number;
  products: number;
}

export async function seedOrders(db: Db, size: OrdersSeed, userId: number): Promise<void> {
  const { orders, lines, suppliers, products } = size;
  await db.query(
    `INSERT INTO suppliers (business_name, vat_number, address, city, province, zip_code, email, phone)
     SELECT 'Fornitore ' || n || (ARRAY[' Srl', ' SpA', ' Snc', ' & Figli'])[1 + n % 4], lpad(n::text, 11, '0'), 'Via Roma ' || n,
            (ARRAY['Brescia', 'Bergamo', 'Milano', 'Lione'])[1 + n % 4], 'BS', '25100', 'f' || n || '@example.com', '030 000'
       FROM generate_series(1, $1::int) n`,
    [suppliers],
  );
  await db.query(
    `INSERT INTO products (code, description, category, supplier_id, unit_of_measure, currency)
     SELECT 'PO' || lpad(n::text, 6, '0'), 'Articolo ' || n, 'Famiglia ' || (n % 20), 1 + (n - 1) % $2::int, 'piece', 'EUR'
       FROM generate_series(1, $1::int) n`,
    [products, suppliers],
  );
  // Order n of N: dated (N - n) * 1100 / N days ago, so numbers rise with the date as the sequence gives them.
  await db.query(
    `INSERT INTO purchase_orders (order_number, order_date, requested_arrival_date, confirmed_arrival_date, supplier_id, notes,
                                  currency, created_by, modified_by)
     SELECT purchase_order_number(extract(year FROM d)::int, n), d, d + 7 + n % 21, CASE WHEN n % 3 = 0 THEN d + 10 + n % 15 END,
            1 + (n * 7919) % $2::int,
            CASE n % 5 WHEN 0 THEN 'Consegna urgente' WHEN 1 THEN 'Rif. offerta ' || ((n * 13) % 50000) WHEN 3 THEN 'Scarico al magazzino ' || (1 + n % 4) END,
            'EUR', $3::bigint, $3::bigint
       FROM generate_series(1, $1::int) n, LATERAL (SELECT current_date - (($1::int - n)::bigint * 1100 / $1::int)::int AS d) day`,
    [orders, suppliers, userId],
  );
  await db.query("SELECT setval('purchase_order_number_seq', $1::bigint)", [orders]);
  await db.exec('ALTER TABLE purchase_order_items DISABLE TRIGGER USER');
  try {
    // Receipts: older than 90 days → received (1 in 20 only its first lines); newer → by id, not / partly / fully.
    await db.query(
      `INSERT INTO purchase_order_items (order_id, line_no, product_id, quantity, unit_price, currency, price_source, received_quantity, completed)
       SELECT o.id, l, o.supplier_id + $2::int * ((o.id + l) % ($3::int / $2::int)), q, round((1 + (o.id * 31 + l * 17) % 5000) / 7.0, 4),
              'EUR', CASE WHEN l % 3 = 0 THEN 'manual' ELSE 'price' END,
              CASE
                WHEN o.order_date < current_date - 90 THEN CASE WHEN o.id % 20 = 0 AND l > 2 THEN 0 ELSE q END
                WHEN o.id % 3 = 0 THEN q
                WHEN o.id % 3 = 1 AND l = 1 THEN 1
                ELSE 0
              END,
              false
         FROM purchase_orders o CROSS JOIN generate_series(1, $1::int) l, LATERAL (SELECT (1 + (o.id * l) % 97)::numeric AS q) qty`,
      [lines, suppliers, products],
    );
  } finally {
    await db.exec('ALTER TABLE purchase_order_items ENABLE TRIGGER USER');
  }
  // The derived columns, once for all orders, by the rule the trigger applies (migration 010's view).
  await db.query(
    `UPDATE purchase_orders o SET status = d.status, total_amount = d.total_amount, item_count = d.item_count
       FROM purchase_order_derived d WHERE d.id = o.id`,
  );
  // Index-only counts need the visibility map: what autovacuum gives a live database, at once.
  await db.exec('VACUUM (ANALYZE) purchase_orders');
  await db.exec('VACUUM (ANALYZE) purchase_order_items');
  await db.exec('ANALYZE');
}
