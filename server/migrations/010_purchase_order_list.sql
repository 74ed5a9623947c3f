-- Purchase-order list at 100 000 orders / 1 000 000 lines (issue 9; bench/orders.ts, figures in bench/README.md).
--
-- Status, total and line count are already kept on the order row by migration 006 (purchase_order_refresh, fired by the
-- statement triggers on the lines — order edits and goods receipt alike — in the writing transaction). This migration adds
-- what the list page still computed per request: a stored search text with a trigram index, an index for each sortable
-- header, an exact live count, and a check that the stored columns equal what the lines say.

-- ------------------------------------------------------------------------------------------------------- order numbers
-- 006's column default cut the sequence to 5 digits (lpad(…, 5) truncates: 100000 → "10000", colliding with an older
-- number). The server writes the number itself with purchase_order_number(); without a default, a writer that forgets it
-- gets a NOT NULL error instead of a wrong number.
ALTER TABLE purchase_orders ALTER COLUMN order_number DROP DEFAULT;

-- PO-<year>-<n>, n zero-padded to at least 5 digits and never cut: (2026, 42) → PO-2026-00042, (2026, 123456) → PO-2026-123456.
CREATE FUNCTION purchase_order_number(year int, n bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT 'PO-' || year::text || '-' || lpad(n::text, greatest(5, length(n::text)), '0') $$;

-- ------------------------------------------------------------------------------------------------------------ search
-- What the list's text search reads of the order itself, lower-cased: number, notes and the order date as the screen shows
-- it (dd/MM/yyyy). The supplier's name is matched through the suppliers table (a rename must not leave stale copies here).
-- to_char with this fixed pattern depends on no setting (no TM/locale fields), hence IMMUTABLE for the generated column.
CREATE FUNCTION purchase_order_search_text(order_number text, notes text, order_date date) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(order_number || ' ' || coalesce(notes, '') || ' ' || to_char(order_date, 'DD/MM/YYYY')) $$;

ALTER TABLE purchase_orders
  ADD COLUMN search_text text GENERATED ALWAYS AS (purchase_order_search_text(order_number, notes, order_date)) STORED;

-- "Contains" search over 100 000 orders: a trigram GIN index where pg_trgm is available (PostgreSQL; PGlite loads it too,
-- see server/src/db/pglite.ts). Without it the block does nothing and the search scans (correct, slower).
DO $$
DECLARE
  ext_schema text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm unavailable (%): purchase-order search will scan', SQLERRM;
    RETURN;
  END;
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format(
    'CREATE INDEX purchase_orders_search_trgm ON purchase_orders USING gin (search_text %I.gin_trgm_ops) WHERE deleted_at IS NULL',
    ext_schema
  );
END
$$;

-- ------------------------------------------------------------------------------------------------------------- sorts
-- One index per sortable header, in the list's order (column, then id in the same direction; read backwards for desc),
-- live rows only: a page walks the index and stops after offset + limit rows instead of sorting every order.
-- order_date is served by 006's purchase_orders_live_date, status filters by 006's purchase_orders_status_live.
-- Order numbers sort as numbers (length first: PO-2026-99999 before PO-2026-100000).
CREATE INDEX purchase_orders_live_number ON purchase_orders (length(order_number), order_number, id) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_live_requested ON purchase_orders (requested_arrival_date, id) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_live_status_id ON purchase_orders (status, id) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_live_total ON purchase_orders (total_amount, id) WHERE deleted_at IS NULL;
-- Sort by supplier name: suppliers in name order (a few hundred rows), then each one's orders by id.
CREATE INDEX purchase_orders_live_supplier_id ON purchase_orders (supplier_id, id) WHERE deleted_at IS NULL;

-- The order's currency decides which lines its total sums (006): when an edit changes it, recompute in the same statement
-- chain, so no caller has to remember to.
CREATE FUNCTION purchase_orders_currency_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM purchase_order_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
CREATE TRIGGER purchase_orders_currency_updated AFTER UPDATE OF currency ON purchase_orders
  FOR EACH ROW WHEN (OLD.currency IS DISTINCT FROM NEW.currency) EXECUTE FUNCTION purchase_orders_currency_changed();

-- ------------------------------------------------------------------------------------------------------ live count
-- X-Total-Count of the unfiltered list, exact and without counting 100 000 index entries per request: live orders per
-- shard, kept by triggers in the writing transaction. A transaction touches only its own backend's shard row (creation
-- +1, soft delete −1), so concurrent writers rarely meet on one row; receipts and line edits never touch it. The count is
-- Σ live over the shards. Filtered lists count with index-only scans of the indexes above.
CREATE TABLE purchase_order_live_counts (
  shard int PRIMARY KEY,
  live  bigint NOT NULL
);
INSERT INTO purchase_order_live_counts (shard, live)
SELECT 0, count(*) FROM purchase_orders WHERE deleted_at IS NULL;

CREATE FUNCTION purchase_orders_count_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO purchase_order_live_counts AS c (shard, live)
  SELECT pg_backend_pid() % 64, count(*) FROM inserted_rows WHERE deleted_at IS NULL HAVING count(*) > 0
  ON CONFLICT (shard) DO UPDATE SET live = c.live + EXCLUDED.live;
  RETURN NULL;
END
$$;
CREATE FUNCTION purchase_orders_count_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  delta int;
BEGIN
  IF TG_OP = 'DELETE' THEN
    delta := CASE WHEN OLD.deleted_at IS NULL THEN -1 ELSE 0 END;
  ELSE
    delta := (CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE 0 END) - (CASE WHEN OLD.deleted_at IS NULL THEN 1 ELSE 0 END);
  END IF;
  IF delta <> 0 THEN
    INSERT INTO purchase_order_live_counts AS c (shard, live) VALUES (pg_backend_pid() % 64, delta)
    ON CONFLICT (shard) DO UPDATE SET live = c.live + EXCLUDED.live;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER purchase_orders_live_count_insert AFTER INSERT ON purchase_orders
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_count_inserted();
CREATE TRIGGER purchase_orders_live_count_update AFTER UPDATE OF deleted_at ON purchase_orders
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION purchase_orders_count_changed();
CREATE TRIGGER purchase_orders_live_count_delete AFTER DELETE ON purchase_orders
  FOR EACH ROW EXECUTE FUNCTION purchase_orders_count_changed();

-- ---------------------------------------------------------------------------------------------------------- invariant
-- What each order's lines say, by 006's rule (the SQL twin of shared-api orderStatus; server/test/purchase-orders checks
-- they agree on every case):
--   fullyReceived     every line complete (marked completed, or received >= ordered), and at least one line;
--   partiallyReceived something received or marked completed;
--   notReceived       otherwise.
-- One SQL truth: the refresh trigger writes it, the invariant check compares the stored columns with it.
CREATE VIEW purchase_order_derived AS
SELECT po.id,
       CASE
         WHEN count(i.id) > 0 AND bool_and(i.completed OR i.received_quantity >= i.quantity) THEN 'fullyReceived'
         WHEN coalesce(bool_or(i.received_quantity > 0 OR i.completed), false) THEN 'partiallyReceived'
         ELSE 'notReceived'
       END AS status,
       coalesce(sum(i.total) FILTER (WHERE i.currency = po.currency), 0)::numeric(19,4) AS total_amount,
       count(i.id)::int AS item_count
  FROM purchase_orders po
  LEFT JOIN purchase_order_items i ON i.order_id = po.id
 GROUP BY po.id;

CREATE OR REPLACE FUNCTION purchase_order_refresh(order_ids bigint[]) RETURNS void
LANGUAGE sql
AS $$
  UPDATE purchase_orders o
     SET status = d.status, total_amount = d.total_amount, item_count = d.item_count
    FROM purchase_order_derived d
   WHERE d.id = ANY (order_ids)
     AND o.id = d.id
     AND (o.status, o.total_amount, o.item_count) IS DISTINCT FROM (d.status, d.total_amount, d.item_count)
$$;

-- Orders whose stored status / total / line count differ from what their lines say now, and the live count against the
-- rows. Empty when all is well; server/src/purchase-orders/sql.ts (orderInvariants) reads it for the tests and the
-- benchmark.
CREATE FUNCTION purchase_order_mismatches()
RETURNS TABLE (order_id bigint, stored text, derived text)
LANGUAGE sql STABLE
AS $$
  SELECT o.id, o.status || ' ' || o.total_amount || ' ' || o.item_count, d.status || ' ' || d.total_amount || ' ' || d.item_count
    FROM purchase_orders o JOIN purchase_order_derived d ON d.id = o.id
   WHERE (o.status, o.total_amount, o.item_count) IS DISTINCT FROM (d.status, d.total_amount, d.item_count)
  UNION ALL
  SELECT NULL, 'live count ' || c.live, 'live rows ' || r.live
    FROM (SELECT coalesce(sum(live), 0)::bigint AS live FROM purchase_order_live_counts) c,
         (SELECT count(*) AS live FROM purchase_orders WHERE deleted_at IS NULL) r
   WHERE c.live <> r.live
$$;
