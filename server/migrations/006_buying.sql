-- Buying: supplier prices and purchase orders (issue #9, SPEC §2 Prices / Purchase orders, §3, §4, §5, §9).
--
-- Money and quantities are numeric (exact). Nothing is physically deleted: prices and orders carry deleted_at / deleted_by.

-- The exclusion constraint below needs "=" on bigint inside a GiST index: btree_gist, a trusted extension (a database
-- owner may create it). PGlite ships it as a contrib extension loaded by server/src/db/pglite.ts. Extensions are
-- database-wide; in `public` it serves every schema (test schemas included: default operator classes are found by access
-- method, not by search_path).
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;

-- ------------------------------------------------------------------------------------------------------------- prices
CREATE TABLE prices (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id  bigint NOT NULL REFERENCES products (id),
  supplier_id bigint NOT NULL REFERENCES suppliers (id),
  -- SPEC §9: a price shows 2 to 5 decimals; it is kept exact with 5.
  price       numeric(15,5) NOT NULL CHECK (price >= 0),
  currency    text NOT NULL DEFAULT 'EUR' CHECK (currency IN ('EUR', 'USD', 'MAD', 'CNY')),
  start_date  date NOT NULL,
  -- NULL = open: the price runs for ever.
  end_date    date,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  bigint REFERENCES users (id),
  modified_by bigint REFERENCES users (id),
  deleted_at  timestamptz,
  deleted_by  bigint REFERENCES users (id),
  CONSTRAINT prices_end_after_start CHECK (end_date IS NULL OR end_date >= start_date),
  -- No two live prices of the same product and supplier overlap in time (both days included). The database decides, so
  -- two concurrent saves cannot both win: the loser gets 23P01, which the API answers as 409
  -- "Esiste già un prezzo valido per questo periodo". The index also answers "the price in force on day D".
  CONSTRAINT prices_no_overlap EXCLUDE USING gist (
    product_id WITH =,
    supplier_id WITH =,
    daterange(start_date, end_date, '[]') WITH &&
  ) WHERE (deleted_at IS NULL)
);
-- Pages of the price list in its default order, and a product's prices.
CREATE INDEX prices_live_start ON prices (start_date DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX prices_product_live ON prices (product_id, supplier_id, start_date) WHERE deleted_at IS NULL;

-- "Which price is in force on day D": every live (product, supplier) price whose window contains D — at most one per pair,
-- thanks to prices_no_overlap. One truth for orders (server/src/prices/in-force.ts) and for the valuation report, which
-- joins it set-wise: `SELECT … FROM price_in_force($1::date) pf JOIN …`. A plain SQL function: the planner inlines it.
CREATE FUNCTION price_in_force(day date)
RETURNS TABLE (price_id bigint, product_id bigint, supplier_id bigint, price numeric, currency text, start_date date, end_date date)
LANGUAGE sql STABLE
AS $$
  SELECT p.id, p.product_id, p.supplier_id, p.price, p.currency, p.start_date, p.end_date
    FROM prices p
   WHERE p.deleted_at IS NULL
     AND p.start_date <= day
     AND (p.end_date IS NULL OR p.end_date >= day)
$$;

-- ----------------------------------------------------------------------------------------------------- purchase orders
-- Order numbers come from a sequence: unique, race-safe, never reused (a rolled-back or deleted order leaves a gap, as a
-- paper register would). The year is the company's (Europe/Rome) at creation: PO-2026-00042.
CREATE SEQUENCE purchase_order_number_seq;

CREATE TABLE purchase_orders (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_number           text NOT NULL DEFAULT (
    'PO-' || to_char(now() AT TIME ZONE 'Europe/Rome', 'YYYY') || '-' || lpad(nextval('purchase_order_number_seq')::text, 5, '0')
  ),
  order_date             date NOT NULL,
  requested_arrival_date date NOT NULL,
  confirmed_arrival_date date,
  supplier_id            bigint NOT NULL REFERENCES suppliers (id),
  notes                  text,
  -- The lines' currency (SPEC §3: a line's currency is its product's); when lines differ, the first line's, and
  -- total_amount sums that currency only — the API then also gives the total per currency.
  currency               text NOT NULL DEFAULT 'EUR' CHECK (currency IN ('EUR', 'USD', 'MAD', 'CNY')),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  created_by             bigint REFERENCES users (id),
  modified_by            bigint REFERENCES users (id),
  deleted_at             timestamptz,
  deleted_by             bigint REFERENCES users (id),
  -- Derived from the lines by purchase_order_refresh (below); never written by the API.
  status                 text NOT NULL DEFAULT 'notReceived' CHECK (status IN ('notReceived', 'partiallyReceived', 'fullyReceived')),
  total_amount           numeric(19,4) NOT NULL DEFAULT 0,
  item_count             integer NOT NULL DEFAULT 0,
  -- Deleted orders keep their number: it is never given again.
  CONSTRAINT purchase_orders_number_unique UNIQUE (order_number)
);
CREATE INDEX purchase_orders_live_date ON purchase_orders (order_date DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_supplier_live ON purchase_orders (supplier_id, order_date DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_status_live ON purchase_orders (status, order_date DESC, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE purchase_order_items (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id          bigint NOT NULL REFERENCES purchase_orders (id),
  line_no           integer NOT NULL,
  product_id        bigint NOT NULL REFERENCES products (id),
  quantity          numeric(15,3) NOT NULL CHECK (quantity > 0),
  unit_price        numeric(15,4) NOT NULL CHECK (unit_price > 0),
  -- SPEC §5: quantity × unit price rounded to 4 decimals; computed by the database, never taken from a client.
  total             numeric(19,4) GENERATED ALWAYS AS (round(quantity * unit_price, 4)) STORED,
  currency          text NOT NULL CHECK (currency IN ('EUR', 'USD', 'MAD', 'CNY')),
  -- Where the unit price came from when the line was written: 'price' (the price in force), 'manual' or 'none' (0 offered).
  price_source      text NOT NULL DEFAULT 'manual' CHECK (price_source IN ('price', 'manual', 'none')),
  -- Maintained by goods receipt (migration 007) inside its receipt transaction, after locking the order row.
  received_quantity numeric(15,3) NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
  completed         boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchase_order_items_order ON purchase_order_items (order_id, line_no);
CREATE INDEX purchase_order_items_product ON purchase_order_items (product_id);

-- What the list shows and filters by, derived from the lines by the database and never typed by a client: a trigger on
-- the lines keeps status, total and line count on the order row, so a status-filtered page of 100 000 orders reads one
-- index instead of aggregating a million lines. Goods receipt (updating received_quantity / completed) fires it too.
-- The status rule is shared-api/src/rules/order-status.ts (orderStatus); server/test/purchase-orders/status.test.ts checks
-- that this SQL and that function agree on every case:
--   fullyReceived     every line complete (marked completed, or received >= ordered), and at least one line;
--   partiallyReceived something received or marked completed;
--   notReceived       otherwise.
CREATE FUNCTION purchase_order_refresh(order_ids bigint[]) RETURNS void
LANGUAGE sql
AS $$
  UPDATE purchase_orders o
     SET status = s.status, total_amount = s.total_amount, item_count = s.item_count
    FROM (
      SELECT po.id,
             count(i.id)::int AS item_count,
             CASE
               WHEN count(i.id) > 0 AND bool_and(i.completed OR i.received_quantity >= i.quantity) THEN 'fullyReceived'
               WHEN coalesce(bool_or(i.received_quantity > 0 OR i.completed), false) THEN 'partiallyReceived'
               ELSE 'notReceived'
             END AS status,
             coalesce(sum(i.total) FILTER (WHERE i.currency = po.currency), 0) AS total_amount
        FROM purchase_orders po
        LEFT JOIN purchase_order_items i ON i.order_id = po.id
       WHERE po.id = ANY (order_ids)
       GROUP BY po.id
    ) s
   WHERE o.id = s.id
     AND (o.status, o.total_amount, o.item_count) IS DISTINCT FROM (s.status, s.total_amount, s.item_count)
$$;

CREATE FUNCTION purchase_order_items_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM purchase_order_refresh(ARRAY(SELECT DISTINCT order_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM purchase_order_refresh(ARRAY(SELECT DISTINCT order_id FROM old_rows));
  ELSE
    PERFORM purchase_order_refresh(ARRAY(SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER purchase_order_items_inserted AFTER INSERT ON purchase_order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_order_items_changed();
CREATE TRIGGER purchase_order_items_updated AFTER UPDATE ON purchase_order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_order_items_changed();
CREATE TRIGGER purchase_order_items_deleted AFTER DELETE ON purchase_order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_order_items_changed();
