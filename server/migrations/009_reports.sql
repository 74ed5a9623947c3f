-- Reports (issue 14): stock valuation at any date, fast at a million movements.
--
-- The valuation needs, for every product, the quantity on hand at the end of a day D. From the ledger alone that is a
-- scan of every movement before (or after) D; at 1 000 000 movements and 100 000 products it took seconds. Two derived
-- tables, kept by a statement-level trigger on the ledger in the same transaction as the movements (so a reader's
-- snapshot always sees them equal to the ledger; stock/invariants.ts checks it), reduce it to about one row per product:
--
--   stock_product_totals  (product)        = Σ of the product's effects over every warehouse (= Σ of its balances);
--   stock_product_months  (month, product) = net change of the product in that calendar month, by movement date.
--
-- quantity(p, D) = total(p) − Σ months after month(D) − the movements of month(D) dated after D   ("today": ≈ totals)
--                = Σ months before month(D) + the movements of month(D) dated up to D           (far in the past)
-- server/src/reports/valuation.ts takes the shorter way. Transfers move goods between warehouses and leave a product's
-- total unchanged, so they are not counted here. Nothing in ledger.ts changes: the ledger appends rows (reversals are
-- ordinary opposite rows), the trigger follows.

CREATE TABLE stock_product_totals (
  product_id bigint PRIMARY KEY REFERENCES products (id),
  quantity   numeric(18, 3) NOT NULL
);

CREATE TABLE stock_product_months (
  month      date NOT NULL CHECK (month = date_trunc('month', month)::date),
  product_id bigint NOT NULL REFERENCES products (id),
  delta      numeric(18, 3) NOT NULL,
  PRIMARY KEY (month, product_id)
);

-- Rows are locked in key order (product, then month, product), the same in every transaction: concurrent postings queue
-- on a shared product row instead of deadlocking.
CREATE FUNCTION stock_movements_product_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_product_totals AS t (product_id, quantity)
  SELECT product_id, sum(CASE movement_type WHEN 'C' THEN quantity ELSE -quantity END)
    FROM inserted_rows WHERE movement_type <> 'T'
   GROUP BY product_id ORDER BY product_id
  ON CONFLICT (product_id) DO UPDATE SET quantity = t.quantity + EXCLUDED.quantity;
  INSERT INTO stock_product_months AS s (month, product_id, delta)
  SELECT date_trunc('month', movement_date)::date, product_id, sum(CASE movement_type WHEN 'C' THEN quantity ELSE -quantity END)
    FROM inserted_rows WHERE movement_type <> 'T'
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, product_id) DO UPDATE SET delta = s.delta + EXCLUDED.delta;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_movements_product_totals AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_product_totals();

-- Existing ledgers (a database migrated from 008): the same sums, once.
INSERT INTO stock_product_totals (product_id, quantity)
SELECT product_id, sum(CASE movement_type WHEN 'C' THEN quantity ELSE -quantity END)
  FROM stock_movements WHERE movement_type <> 'T' GROUP BY product_id;
INSERT INTO stock_product_months (month, product_id, delta)
SELECT date_trunc('month', movement_date)::date, product_id, sum(CASE movement_type WHEN 'C' THEN quantity ELSE -quantity END)
  FROM stock_movements WHERE movement_type <> 'T' GROUP BY 1, 2;

-- The movements of one month up to / after a day (the partial month above), and a warehouse's valuation at a past date:
-- a range scan by movement date over the whole ledger (reversals included, unlike the list's partial indexes), covering
-- every column the effects need, so an index-only scan.
CREATE INDEX stock_movements_valuation ON stock_movements (movement_date)
  INCLUDE (movement_type, product_id, warehouse_id, destination_warehouse_id, batch_number, quantity);
