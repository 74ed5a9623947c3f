-- The stock ledger (every movement ever made, append-only) and the balance per (product, warehouse, batch) it adds up to.
-- Only server/src/stock/ledger.ts writes either table, always both in one transaction.

CREATE TABLE stock_movements (
  id                       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- C load (+ at warehouse), S unload (- at warehouse), T transfer (- at warehouse, + at destination): one row per transfer.
  movement_type            text NOT NULL CHECK (movement_type IN ('C', 'S', 'T')),
  source_type              text NOT NULL DEFAULT 'MAN' CHECK (source_type IN ('MAN', 'SO', 'PO')),
  source_document_type     text CHECK (source_document_type IN ('MAN', 'SO', 'PO')),
  source_document_id       bigint,
  source_document_number   text,
  product_id               bigint NOT NULL REFERENCES products (id),
  warehouse_id             bigint NOT NULL REFERENCES warehouses (id),
  destination_warehouse_id bigint REFERENCES warehouses (id),
  -- '' for products without batch management, so the balance key needs no NULL handling.
  batch_number             text NOT NULL DEFAULT '',
  production_date          date,
  expiry_date              date,
  -- Exact decimal, never float: 0.1 + 0.2 is 0.3 here. Three decimals (the 0.001 batch tolerance of SPEC §9).
  quantity                 numeric(15, 3) NOT NULL CHECK (quantity > 0),
  movement_date            date NOT NULL,
  notes                    text,
  -- Corrections never edit a row: a reversal row (opposite effect) points at the row it cancels (reverses_id), the
  -- cancelled row records it once (reversed_by_id, the only column an UPDATE may set), and the new version of an edited
  -- movement points at the row it replaces (replaces_id).
  reverses_id              bigint UNIQUE REFERENCES stock_movements (id),
  reversed_by_id           bigint REFERENCES stock_movements (id),
  replaces_id              bigint REFERENCES stock_movements (id),
  -- created_by: author of the movement (kept across corrections); modified_by: who posted this corrected version.
  created_by               bigint REFERENCES users (id),
  modified_by              bigint REFERENCES users (id),
  created_at               timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stock_movements_destination CHECK ((movement_type = 'T') = (destination_warehouse_id IS NOT NULL)),
  CONSTRAINT stock_movements_distinct_warehouses CHECK (destination_warehouse_id <> warehouse_id)
);

-- Append-only, enforced in the database (a trigger, not REVOKE: the application connects as the tables' owner, and
-- PGlite has a single role). The one permitted UPDATE sets reversed_by_id once, changing nothing else.
CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.reversed_by_id IS NULL AND NEW.reversed_by_id IS NOT NULL
     AND (to_jsonb(NEW) - 'reversed_by_id') = (to_jsonb(OLD) - 'reversed_by_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stock_movements is append-only: % refused', TG_OP;
END
$$;
CREATE TRIGGER stock_movements_no_rewrite BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();
CREATE TRIGGER stock_movements_no_truncate BEFORE TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_append_only();

-- The movements list (SPEC §2) shows live movements: neither reversed nor a reversal. Newest first, then filters.
CREATE INDEX stock_movements_live_date ON stock_movements (movement_date DESC, id DESC)
  WHERE reverses_id IS NULL AND reversed_by_id IS NULL;
CREATE INDEX stock_movements_live_type_date ON stock_movements (movement_type, source_type, movement_date DESC, id DESC)
  WHERE reverses_id IS NULL AND reversed_by_id IS NULL;
-- A product's history (product filter of the list, product-code search).
CREATE INDEX stock_movements_product_date ON stock_movements (product_id, movement_date DESC, id DESC);
-- Warehouse filter (source or destination) of the live list: partial like the list, so counting needs no heap visit.
CREATE INDEX stock_movements_live_warehouse ON stock_movements (warehouse_id, movement_date DESC, id DESC)
  WHERE reverses_id IS NULL AND reversed_by_id IS NULL;
CREATE INDEX stock_movements_live_destination ON stock_movements (destination_warehouse_id, movement_date DESC, id DESC)
  WHERE destination_warehouse_id IS NOT NULL AND reverses_id IS NULL AND reversed_by_id IS NULL;
-- Documents (sales, receipts) find their movements.
CREATE INDEX stock_movements_document ON stock_movements (source_document_type, source_document_id)
  WHERE source_document_id IS NOT NULL;

-- The number of live movements per type and source, kept by statement triggers in the same transaction as the rows (so
-- it is exactly what the reader's snapshot sees): X-Total-Count of the unfiltered and type-filtered lists without counting
-- a million rows. Sharded by backend so concurrent postings do not queue on one counter row. A transaction that touches
-- two counters (a correction changing type) locks them first in key order (ledger-rows.ts lockLiveCounters).
CREATE TABLE stock_movement_live_counts (
  shard         int NOT NULL,
  movement_type text NOT NULL,
  source_type   text NOT NULL,
  live          bigint NOT NULL,
  PRIMARY KEY (shard, movement_type, source_type)
);
CREATE FUNCTION stock_movements_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movement_live_counts AS c (shard, movement_type, source_type, live)
  SELECT pg_backend_pid() % 64, movement_type, source_type, count(*)
    FROM inserted_rows WHERE reverses_id IS NULL AND reversed_by_id IS NULL
   GROUP BY movement_type, source_type ORDER BY movement_type, source_type
  ON CONFLICT (shard, movement_type, source_type) DO UPDATE SET live = c.live + EXCLUDED.live;
  RETURN NULL;
END
$$;
CREATE FUNCTION stock_movements_count_reversed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movement_live_counts AS c (shard, movement_type, source_type, live)
  SELECT pg_backend_pid() % 64, o.movement_type, o.source_type, -count(*)
    FROM old_rows o JOIN new_rows r ON r.id = o.id
   WHERE o.reversed_by_id IS NULL AND r.reversed_by_id IS NOT NULL AND o.reverses_id IS NULL
   GROUP BY o.movement_type, o.source_type ORDER BY o.movement_type, o.source_type
  ON CONFLICT (shard, movement_type, source_type) DO UPDATE SET live = c.live + EXCLUDED.live;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_movements_live_count_insert AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_count_inserted();
CREATE TRIGGER stock_movements_live_count_update AFTER UPDATE ON stock_movements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_count_reversed();

CREATE TABLE stock_balances (
  product_id      bigint NOT NULL REFERENCES products (id),
  warehouse_id    bigint NOT NULL REFERENCES warehouses (id),
  batch_number    text NOT NULL DEFAULT '',
  -- The last line of defence: whatever the code does, stock can never go below zero.
  quantity        numeric(15, 3) NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  production_date date,
  expiry_date     date,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  -- The primary key's leading product_id serves "stock of one product" and the ledger's row locks.
  PRIMARY KEY (product_id, warehouse_id, batch_number)
);
-- Stock of one warehouse (stock page filter; "warehouse still holds products" check). Rows at zero are kept (their batch
-- dates survive a reversal) but never listed by default.
CREATE INDEX stock_balances_warehouse_live ON stock_balances (warehouse_id, product_id) WHERE quantity > 0;

-- Stock pages are ordered by product code, deleted products included (their stock is still on the shelf): walking this
-- index lets a page stop after 50 rows instead of sorting every product.
CREATE INDEX products_code_id ON products (code, id);

-- "Code contains" filters of the stock and movement pages: a trigram index where pg_trgm can be installed (PostgreSQL;
-- it is a trusted extension, a database owner may create it). PGlite does not load it: the block then does nothing and
-- the filter scans the products table instead (about 100k rows in a few tens of milliseconds).
DO $$
DECLARE
  ext_schema text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm unavailable (%): product code search will scan', SQLERRM;
    RETURN;
  END;
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX products_code_trgm ON products USING gin (code %I.gin_trgm_ops)', ext_schema);
END
$$;
