-- Issue 28: stock limits (min / max per product and warehouse), replenishment that never orders twice, and what the home
-- dashboard reads.

-- ------------------------------------------------------------------------------------------------------------ settings
-- Company settings the dashboard and replenishment read (name → text value). Defaults below; an admin changes a row.
CREATE TABLE app_settings (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO app_settings (name, value) VALUES
  ('expiry_alert_days', '30'),        -- "batches expiring" card: expiry within this many days from today
  ('replenishment_lead_days', '7');   -- a replenishment draft order's requested arrival: order date + this many days

-- -------------------------------------------------------------------------------------------------------- stock limits
-- At most one (min, max) per product and warehouse: the primary key is the "never a duplicate rule" (Odoo #65040).
CREATE TABLE stock_limits (
  product_id   bigint NOT NULL REFERENCES products (id),
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  min_quantity numeric(15, 3) NOT NULL CHECK (min_quantity >= 0),
  max_quantity numeric(15, 3) NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   bigint REFERENCES users (id),
  PRIMARY KEY (product_id, warehouse_id),
  CONSTRAINT stock_limits_max_at_least_min CHECK (max_quantity >= min_quantity AND max_quantity > 0)
);
CREATE INDEX stock_limits_warehouse ON stock_limits (warehouse_id, product_id);

-- ------------------------------------------------------------------------------------------------- replenishment lines
-- Purchase-order lines created by replenishment, with the warehouse they replenish (an order line has no warehouse of
-- its own: goods receipt chooses it on arrival). "On order for a warehouse" reads these; a line typed by hand in the
-- order form has no row here and counts as on order for every warehouse of its product (never order twice: the
-- conservative side). A line deleted by an order edit takes its row with it.
CREATE TABLE replenishment_order_lines (
  order_item_id bigint PRIMARY KEY REFERENCES purchase_order_items (id) ON DELETE CASCADE,
  product_id    bigint NOT NULL REFERENCES products (id),
  warehouse_id  bigint NOT NULL REFERENCES warehouses (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    bigint REFERENCES users (id)
);
CREATE INDEX replenishment_order_lines_product ON replenishment_order_lines (product_id, warehouse_id);

-- Open quantity per product and destination warehouse (NULL: a line without a known destination), over live orders' lines
-- not completed and not fully received: what replenishment counts as "on order".
CREATE VIEW purchase_order_open_quantities AS
SELECT i.product_id, r.warehouse_id, sum(i.quantity - i.received_quantity) AS quantity
  FROM purchase_order_items i
  JOIN purchase_orders o ON o.id = i.order_id AND o.deleted_at IS NULL AND o.status <> 'fullyReceived'
  LEFT JOIN replenishment_order_lines r ON r.order_item_id = i.id
 WHERE NOT i.completed AND i.received_quantity < i.quantity
 GROUP BY i.product_id, r.warehouse_id;

-- ---------------------------------------------------------------------------------------------------------- dashboard
-- Batches by expiry date (the "expiring" and "expired" cards): rows in stock only.
CREATE INDEX stock_balances_expiry ON stock_balances (expiry_date) INCLUDE (product_id, warehouse_id, quantity)
  WHERE quantity > 0 AND expiry_date IS NOT NULL;
-- Open orders by requested / confirmed arrival (the "late" and "arriving this week" cards).
CREATE INDEX purchase_orders_open_arrival ON purchase_orders (requested_arrival_date)
  INCLUDE (confirmed_arrival_date) WHERE deleted_at IS NULL AND status <> 'fullyReceived';

-- The month-end chart reads the valuation at the last 12 month ends (server/src/dashboard/chart.ts), which is kept in
-- the server's memory under a key of versions: prices and products (data_versions, migration 013) and this counter of
-- back-dated stock movements — a movement dated before the current month changes a past month end. Movements dated in
-- the current month (the usual posting) touch no past month end and bump nothing, so the ledger's writers never queue
-- on this row.
INSERT INTO data_versions (name) VALUES ('prices'), ('stock_backdated') ON CONFLICT (name) DO NOTHING;
CREATE TRIGGER prices_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prices
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump();

CREATE FUNCTION stock_movements_backdated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted_rows
              WHERE movement_date < date_trunc('month', company_today())::date) THEN
    UPDATE data_versions SET version = version + 1 WHERE name = 'stock_backdated';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_movements_backdated AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_backdated();

-- The dashboard's cards are kept per process under one version of everything they read (server/src/dashboard/cards.ts):
-- a counter bumped, in the writing transaction, by every statement that writes stock, orders, limits, settings, prices,
-- the registry or the documents the cards count. Sharded per backend like the ledger's live counts (migration 003), so
-- concurrent writers rarely meet on one row; the version is the sum. A reader takes the sum first and then computes: what
-- it computes is never older than the version it is filed under, and any later commit changes the sum.
CREATE TABLE dashboard_changes (
  shard int PRIMARY KEY,
  n     bigint NOT NULL
);
CREATE FUNCTION dashboard_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_changes AS c (shard, n) VALUES (pg_backend_pid() % 64, 1)
  ON CONFLICT (shard) DO UPDATE SET n = c.n + 1;
  RETURN NULL;
END
$$;
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['stock_movements', 'purchase_orders', 'purchase_order_items', 'stock_limits', 'app_settings', 'prices',
                           'products', 'warehouses', 'transfers', 'inventory_counts'] LOOP
    IF to_regclass(t) IS NOT NULL THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_changed()', t || '_dashboard_changed', t);
    END IF;
  END LOOP;
END $$;
