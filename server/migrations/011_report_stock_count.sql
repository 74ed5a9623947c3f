-- Reports (issue 14): the number of products holding stock (X-Total-Count of the unfiltered stock levels page) without
-- counting 100 000 rows of stock_product_totals on every page. Kept by statement triggers on stock_product_totals, in the
-- transaction of the movements that change the totals (so a reader's snapshot sees it equal to the totals;
-- stock/invariants.ts checks it). Sharded by backend like stock_movement_live_counts: a posting writes only when a product
-- crosses zero, and only its own backend's row, so concurrent postings never queue on it.
CREATE TABLE stock_products_in_stock (
  shard    int PRIMARY KEY,
  products bigint NOT NULL
);

CREATE FUNCTION stock_product_totals_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  SELECT count(*) INTO delta FROM new_rows WHERE quantity > 0;
  IF delta <> 0 THEN
    INSERT INTO stock_products_in_stock AS c (shard, products) VALUES (pg_backend_pid() % 64, delta)
    ON CONFLICT (shard) DO UPDATE SET products = c.products + EXCLUDED.products;
  END IF;
  RETURN NULL;
END
$$;
CREATE FUNCTION stock_product_totals_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  SELECT (SELECT count(*) FROM new_rows WHERE quantity > 0) - (SELECT count(*) FROM old_rows WHERE quantity > 0) INTO delta;
  IF delta <> 0 THEN
    INSERT INTO stock_products_in_stock AS c (shard, products) VALUES (pg_backend_pid() % 64, delta)
    ON CONFLICT (shard) DO UPDATE SET products = c.products + EXCLUDED.products;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_product_totals_count_insert AFTER INSERT ON stock_product_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_product_totals_count_inserted();
CREATE TRIGGER stock_product_totals_count_update AFTER UPDATE ON stock_product_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_product_totals_count_updated();

INSERT INTO stock_products_in_stock (shard, products)
SELECT 0, count(*) FROM stock_product_totals WHERE quantity > 0;
