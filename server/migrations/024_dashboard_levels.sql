-- Issue 28: the home dashboard without recounting. What the cards read after a change of stock is kept by the writing
-- transaction itself (triggers on stock_balances and stock_limits), so "below minimum" is an index range and the expired
-- batches' value is recomputed only when it can have changed.

-- ------------------------------------------------------------------------------------------------ stock limit levels
-- One row per (product, warehouse) that holds or held stock or has a limit: the sum of its balances (every batch) and the
-- earliest expiry among its batches in stock, beside its minimum (NULL: no limit). Kept by the triggers below in the
-- transaction that changes a balance or a limit, so a reader's snapshot sees the level of exactly the balances it sees.
--
-- "Available" (replenishment/sql.ts limitStateSql) leaves expired batches out, and a batch expires at midnight without
-- any write: a stored "below minimum" flag would go stale. So the level keeps only what writes change — quantity and
-- first_expiry — and the reader decides with today's date: while first_expiry is NULL or not before today, available =
-- quantity (an index range over stock_limit_levels_below); a pair holding an expired batch (first_expiry < today, a
-- range over stock_limit_levels_expiry) has its available summed from its own balances (primary-key range).
CREATE TABLE stock_limit_levels (
  product_id   bigint NOT NULL,
  warehouse_id bigint NOT NULL,
  min_quantity numeric(15, 3),
  quantity     numeric NOT NULL DEFAULT 0,
  first_expiry date,
  PRIMARY KEY (product_id, warehouse_id)
);
-- The card's ranges (server/src/dashboard/sql.ts): levels below their minimum (counted from the index alone), levels
-- holding a batch that may have expired.
CREATE INDEX stock_limit_levels_below ON stock_limit_levels (product_id, warehouse_id) INCLUDE (first_expiry)
  WHERE min_quantity IS NOT NULL AND quantity < min_quantity;
CREATE INDEX stock_limit_levels_expiry ON stock_limit_levels (first_expiry)
  WHERE min_quantity IS NOT NULL AND first_expiry IS NOT NULL;
-- Products that replenishment leaves out (deleted or inactive): the card subtracts their levels, found from this side.
CREATE INDEX products_not_live ON products (id) WHERE NOT (deleted_at IS NULL AND status = 'active');
-- Open order lines by product: only their products can have a quantity on order ("to reorder").
CREATE INDEX purchase_order_items_open ON purchase_order_items (product_id) WHERE NOT completed AND received_quantity < quantity;

INSERT INTO stock_limit_levels (product_id, warehouse_id, min_quantity, quantity, first_expiry)
SELECT coalesce(b.product_id, l.product_id), coalesce(b.warehouse_id, l.warehouse_id), l.min_quantity,
       coalesce(b.quantity, 0), b.first_expiry
  FROM (SELECT product_id, warehouse_id, sum(quantity) AS quantity,
               min(expiry_date) FILTER (WHERE quantity > 0) AS first_expiry
          FROM stock_balances GROUP BY product_id, warehouse_id) b
  FULL JOIN stock_limits l ON l.product_id = b.product_id AND l.warehouse_id = b.warehouse_id;

-- The level of these pairs again, from their balances. Concurrency (PostgreSQL, READ COMMITTED): two postings may change
-- different batches of one pair at once (each holds only its own balance rows). So the level rows are first created if
-- missing and locked, in key order, and only then summed by a NEW statement — a new snapshot, which sees every earlier
-- holder of the lock committed; the last transaction to commit sums last, over everything committed before it plus its
-- own rows. (A plain `quantity = quantity + delta` would be exact too but could not keep first_expiry, a minimum.)
CREATE FUNCTION stock_limit_levels_refresh(ps bigint[], ws bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_limit_levels (product_id, warehouse_id)
  SELECT x.p, x.w FROM unnest(ps, ws) x(p, w) ORDER BY 1, 2
  ON CONFLICT (product_id, warehouse_id) DO NOTHING;
  PERFORM 1 FROM stock_limit_levels l JOIN unnest(ps, ws) x(p, w) ON l.product_id = x.p AND l.warehouse_id = x.w
    ORDER BY l.product_id, l.warehouse_id FOR UPDATE OF l;
  UPDATE stock_limit_levels l SET quantity = a.quantity, first_expiry = a.first_expiry
    FROM (SELECT x.p, x.w, coalesce(sum(b.quantity), 0) AS quantity,
                 min(b.expiry_date) FILTER (WHERE b.quantity > 0) AS first_expiry
            FROM unnest(ps, ws) x(p, w)
            LEFT JOIN stock_balances b ON b.product_id = x.p AND b.warehouse_id = x.w
           GROUP BY x.p, x.w) a
   WHERE l.product_id = a.p AND l.warehouse_id = a.w
     AND (l.quantity, l.first_expiry) IS DISTINCT FROM (a.quantity, a.first_expiry);
END
$$;

-- The expired batches' value (dashboard card) is kept by the server under a version of what it reads: today, prices and
-- products (data_versions) and this counter, bumped by any statement that changes a balance row expired or about to
-- expire. The margin (expiry before today + 2) covers a writing transaction that began before midnight and commits
-- after it, and an app server whose day turns a little before or after the database's: a batch that expires between the
-- writer's clock and the reader's is still counted as a change. Sharded per backend like dashboard_changes (021).
CREATE TABLE dashboard_expired_changes (
  shard int PRIMARY KEY,
  n     bigint NOT NULL
);

CREATE FUNCTION stock_balances_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ps bigint[];
  ws bigint[];
  expiring boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(p ORDER BY p, w), array_agg(w ORDER BY p, w) INTO ps, ws
      FROM (SELECT DISTINCT product_id AS p, warehouse_id AS w FROM new_rows) x;
    SELECT EXISTS (SELECT 1 FROM new_rows WHERE expiry_date < company_today() + 2) INTO expiring;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(p ORDER BY p, w), array_agg(w ORDER BY p, w) INTO ps, ws
      FROM (SELECT product_id AS p, warehouse_id AS w FROM new_rows
             UNION SELECT product_id, warehouse_id FROM old_rows) x;
    SELECT EXISTS (SELECT 1 FROM new_rows WHERE expiry_date < company_today() + 2)
        OR EXISTS (SELECT 1 FROM old_rows WHERE expiry_date < company_today() + 2) INTO expiring;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(p ORDER BY p, w), array_agg(w ORDER BY p, w) INTO ps, ws
      FROM (SELECT DISTINCT product_id AS p, warehouse_id AS w FROM old_rows) x;
    SELECT EXISTS (SELECT 1 FROM old_rows WHERE expiry_date < company_today() + 2) INTO expiring;
  ELSE -- TRUNCATE
    UPDATE stock_limit_levels SET quantity = 0, first_expiry = NULL WHERE quantity <> 0 OR first_expiry IS NOT NULL;
    expiring := true;
  END IF;
  IF ps IS NOT NULL THEN
    PERFORM stock_limit_levels_refresh(ps, ws);
  END IF;
  IF expiring THEN
    INSERT INTO dashboard_expired_changes AS c (shard, n) VALUES (pg_backend_pid() % 64, 1)
    ON CONFLICT (shard) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END
$$;
-- Transition tables allow one event per trigger.
CREATE TRIGGER stock_balances_dashboard_insert AFTER INSERT ON stock_balances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_balances_dashboard();
CREATE TRIGGER stock_balances_dashboard_update AFTER UPDATE ON stock_balances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_balances_dashboard();
CREATE TRIGGER stock_balances_dashboard_delete AFTER DELETE ON stock_balances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_balances_dashboard();
CREATE TRIGGER stock_balances_dashboard_truncate AFTER TRUNCATE ON stock_balances
  FOR EACH STATEMENT EXECUTE FUNCTION stock_balances_dashboard();

-- A limit written, changed or removed: the minimum of its pairs, read back from stock_limits in the writing statement's
-- transaction. Upserted in key order: a level row being created by a concurrent posting is waited for (the unique index),
-- and a posting that comes after locks the row and sums its balances itself, so the quantity is never taken from a
-- snapshot that misses a posting. A pair's row is created (quantity 0) when it has no balance yet.
CREATE FUNCTION stock_limits_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ps bigint[];
  ws bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(product_id), array_agg(warehouse_id) INTO ps, ws FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(p), array_agg(w) INTO ps, ws
      FROM (SELECT product_id AS p, warehouse_id AS w FROM new_rows
             UNION SELECT product_id, warehouse_id FROM old_rows) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(product_id), array_agg(warehouse_id) INTO ps, ws FROM old_rows;
  ELSE -- TRUNCATE
    UPDATE stock_limit_levels SET min_quantity = NULL WHERE min_quantity IS NOT NULL;
    RETURN NULL;
  END IF;
  IF ps IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_limit_levels AS l (product_id, warehouse_id, min_quantity)
  SELECT x.p, x.w, s.min_quantity
    FROM (SELECT DISTINCT p, w FROM unnest(ps, ws) y(p, w)) x
    LEFT JOIN stock_limits s ON s.product_id = x.p AND s.warehouse_id = x.w
   ORDER BY x.p, x.w
  ON CONFLICT (product_id, warehouse_id) DO UPDATE SET min_quantity = EXCLUDED.min_quantity
   WHERE l.min_quantity IS DISTINCT FROM EXCLUDED.min_quantity;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_limits_dashboard_insert AFTER INSERT ON stock_limits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_limits_dashboard();
CREATE TRIGGER stock_limits_dashboard_update AFTER UPDATE ON stock_limits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_limits_dashboard();
CREATE TRIGGER stock_limits_dashboard_delete AFTER DELETE ON stock_limits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_limits_dashboard();
CREATE TRIGGER stock_limits_dashboard_truncate AFTER TRUNCATE ON stock_limits
  FOR EACH STATEMENT EXECUTE FUNCTION stock_limits_dashboard();
