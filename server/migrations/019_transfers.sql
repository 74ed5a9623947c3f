-- Transfers between warehouses (issue 26): a document shipped from one warehouse into "in transit" and received at another.
--
-- In transit is a SYSTEM LOCATION: one warehouses row flagged is_transit. The ledger moves goods into it and out of it
-- like any warehouse (ship = T source → transit, receive = T transit → destination, both source TR), so Σ warehouses +
-- transit is unchanged by a transfer by construction, valuation and product totals count goods on the truck, and races
-- are the ledger's own balance row locks. The registry never lists, shows, edits or deletes it (server/src/registry
-- filters it out); the ledger refuses it for every source but TR (stock/references.ts); the trigger below keeps it alive.
ALTER TABLE warehouses ADD COLUMN is_transit boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX warehouses_one_transit ON warehouses ((true)) WHERE is_transit;
-- The row is created by the first shipment (stock/transit.ts: INSERT … ON CONFLICT on this index, race-safe), so a database
-- that never ships has no transit row and nothing else sees one.

-- The transit location is never deactivated, deleted, renamed into an ordinary warehouse or created twice.
CREATE FUNCTION warehouses_keep_transit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_transit AND (NOT NEW.is_transit OR NOT NEW.is_active OR NEW.deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'the transit location cannot be deactivated or deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF NOT OLD.is_transit AND NEW.is_transit THEN
    RAISE EXCEPTION 'a warehouse cannot become the transit location' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER warehouses_keep_transit BEFORE UPDATE ON warehouses FOR EACH ROW EXECUTE FUNCTION warehouses_keep_transit();

-- TR-<company year>-<n>: n at least 5 digits, never cut (like purchase_order_number, migration 010); a sequence, so
-- race-safe and never reused (a rolled-back create leaves a gap, as a sequence does).
CREATE SEQUENCE transfer_number_seq;
CREATE FUNCTION transfer_number(year int, n bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT 'TR-' || year::text || '-' || lpad(n::text, greatest(5, length(n::text)), '0') $$;

CREATE TABLE transfers (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number            text NOT NULL UNIQUE,
  status            text NOT NULL DEFAULT 'draft'
                    CHECK (status IN ('draft', 'in_transit', 'received', 'partially_received', 'cancelled', 'reversed')),
  from_warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  to_warehouse_id   bigint NOT NULL REFERENCES warehouses (id),
  transfer_date     date NOT NULL,
  carrier           text,
  packages          integer CHECK (packages >= 0),
  gross_weight      numeric(12, 3) CHECK (gross_weight >= 0),
  notes             text,
  shipped_at        timestamptz,
  shipped_by        bigint REFERENCES users (id),
  received_at       timestamptz,
  received_by       bigint REFERENCES users (id),
  closed_at         timestamptz,
  closed_by         bigint REFERENCES users (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  created_by        bigint REFERENCES users (id),
  modified_by       bigint REFERENCES users (id),
  CHECK (from_warehouse_id <> to_warehouse_id)
);
CREATE INDEX transfers_by_date ON transfers (transfer_date DESC, id DESC);
CREATE INDEX transfers_by_status ON transfers (status, transfer_date DESC, id DESC);

-- One line per product and batch ('' when the product has no batches). Dates are the stock's, copied when shipped.
-- received_quantity is set once by the receipt; the shortfall (quantity − received) went where shortfall_reason says:
-- returned to the source, or written off from transit (damaged, lost).
CREATE TABLE transfer_lines (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transfer_id       bigint NOT NULL REFERENCES transfers (id),
  line_no           integer NOT NULL,
  product_id        bigint NOT NULL REFERENCES products (id),
  batch_number      text NOT NULL DEFAULT '',
  quantity          numeric(15, 3) NOT NULL CHECK (quantity > 0),
  production_date   date,
  expiry_date       date,
  ship_movement_id  bigint REFERENCES stock_movements (id),
  received_quantity numeric(15, 3) CHECK (received_quantity >= 0 AND received_quantity <= quantity),
  shortfall_reason  text CHECK (shortfall_reason IN ('damaged', 'lost', 'returned')),
  UNIQUE (transfer_id, line_no),
  UNIQUE (transfer_id, product_id, batch_number)
);
CREATE INDEX transfer_lines_product ON transfer_lines (product_id);
