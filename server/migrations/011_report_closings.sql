-- Reports at scale (issue 14), second step: monthly closing quantities per product, and covering indexes for the
-- valuation's joins.
--
-- Migration 009 gives each product's total and its net change per month, so the quantity at a past day D was the total
-- minus every month after D (or the sum of every month before): at one year back in a two-year ledger that sums about
-- half of the monthly rows (≈ 264 000 at the benchmark's scale). A closing per product and month turns it into one index
-- range of about one row per product:
--
--   stock_product_closings (month, product) = the product's quantity over every warehouse at the end of that month,
--                                             for every month listed in stock_closing_months (dense: every product
--                                             that had a movement dated up to the month's end has a row, zeros too);
--   quantity(p, D) = closing(p, k) + Σ stock_product_months in (k, month(D)) + the movements of month(D) dated ≤ D,
--                    k = the latest closed month before month(D)   (server/src/reports/valuation.ts)
--
-- Exactness: the ledger's insert trigger (below, in the posting's own transaction) adds every movement to the closings
-- of its month and of every later closed month, so a back-dated movement updates the closings it changes; closing a new
-- month (stock_close_months, called by the server for the months before the current one) copies the previous closing plus
-- that month's changes. The two exclude each other through one table lock — a posting takes ROW EXCLUSIVE on the
-- closings before it reads which months are closed, closing a month takes SHARE ROW EXCLUSIVE before it reads the
-- monthly changes — so neither misses the other's rows. stock/invariants.ts checks closings = ledger. Only months before
-- the current one are closed, so a movement dated this month (the usual case) never touches a closing row.

CREATE TABLE stock_closing_months (
  month date PRIMARY KEY CHECK (month = date_trunc('month', month)::date)
);

CREATE TABLE stock_product_closings (
  month      date NOT NULL REFERENCES stock_closing_months (month),
  product_id bigint NOT NULL REFERENCES products (id),
  quantity   numeric(18, 3) NOT NULL,
  PRIMARY KEY (month, product_id) INCLUDE (quantity)
);

CREATE FUNCTION stock_movements_product_closings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Before reading stock_closing_months (next statement, a fresh snapshot): waits for a month being closed to commit.
  LOCK TABLE stock_product_closings IN ROW EXCLUSIVE MODE;
  -- Rows in key order (month, product), like migration 009's, so concurrent postings queue instead of deadlocking.
  INSERT INTO stock_product_closings AS c (month, product_id, quantity)
  SELECT k.month, d.product_id, sum(d.delta)
    FROM (SELECT date_trunc('month', movement_date)::date AS month, product_id,
                 sum(CASE movement_type WHEN 'C' THEN quantity ELSE -quantity END) AS delta
            FROM inserted_rows WHERE movement_type <> 'T' GROUP BY 1, 2) d
    JOIN stock_closing_months k ON k.month >= d.month
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, product_id) DO UPDATE SET quantity = c.quantity + EXCLUDED.quantity;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_movements_product_closings AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_product_closings();

-- Closes every month up to `up_to`'s that has movements and is not closed yet, in order; returns how many. A month
-- without any movement is not closed (its closing would equal the previous one; the reader adds the months in between).
-- Closing months out of order is impossible: only months after the last closed one are closed.
CREATE FUNCTION stock_close_months(up_to date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  k    date;
  last date;
  n    integer := 0;
BEGIN
  LOCK TABLE stock_product_closings IN SHARE ROW EXCLUSIVE MODE;
  SELECT max(month) INTO last FROM stock_closing_months;
  FOR k IN
    SELECT DISTINCT s.month FROM stock_product_months s
     WHERE s.month <= date_trunc('month', up_to)::date AND (last IS NULL OR s.month > last)
     ORDER BY s.month
  LOOP
    INSERT INTO stock_closing_months (month) VALUES (k);
    INSERT INTO stock_product_closings (month, product_id, quantity)
    SELECT k, coalesce(c.product_id, d.product_id), coalesce(c.quantity, 0) + coalesce(d.delta, 0)
      FROM (SELECT product_id, quantity FROM stock_product_closings WHERE month = last) c
      FULL JOIN (SELECT product_id, delta FROM stock_product_months WHERE month = k) d ON d.product_id = c.product_id;
    last := k;
    n := n + 1;
  END LOOP;
  RETURN n;
END
$$;

-- Existing ledgers: close every month before the current one (Europe/Rome) now.
SELECT stock_close_months(((now() AT TIME ZONE 'Europe/Rome')::date - interval '1 month')::date);

-- The valuation joins ~one row per product with the product's supplier and currency and its price in force: narrow
-- covering indexes in product order let it read them without the wide products / prices rows (merge joins, index-only).
CREATE INDEX products_valuation ON products (id) INCLUDE (supplier_id, currency, code);
CREATE INDEX prices_valuation ON prices (product_id, supplier_id, start_date) INCLUDE (end_date, price, currency)
  WHERE deleted_at IS NULL;
CREATE INDEX stock_product_totals_quantity ON stock_product_totals (product_id) INCLUDE (quantity);

-- One warehouse's valuation at a past date: its balances (zeros too: a balance at zero now may not have been at D) and
-- the movements dated after D that touched it, as source or as destination — index ranges instead of the whole ledger.
CREATE INDEX stock_balances_warehouse_all ON stock_balances (warehouse_id, product_id, batch_number) INCLUDE (quantity);
CREATE INDEX stock_movements_warehouse_date ON stock_movements (warehouse_id, movement_date)
  INCLUDE (movement_type, product_id, batch_number, quantity);
CREATE INDEX stock_movements_destination_date ON stock_movements (destination_warehouse_id, movement_date)
  INCLUDE (product_id, batch_number, quantity) WHERE destination_warehouse_id IS NOT NULL;
