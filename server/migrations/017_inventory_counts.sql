-- Physical inventory counts (issue 25). A count records what was on the shelf when it was counted; applying it posts,
-- per line, counted - book quantity at the snapshot as an INV adjustment through the ledger (server/src/stock/ledger.ts),
-- so goods moved after the snapshot stay where they are: applied stock = counted + net movements since the snapshot.
-- See server/src/inventory/README.md for why the snapshot is the balance per line, read in the creating statement.

CREATE TABLE inventory_counts (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  -- all: every product with stock or a movement in the warehouse; family: one product category; products: a list.
  scope        text NOT NULL CHECK (scope IN ('all', 'family', 'products')),
  family       text,
  notes        text,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'applied', 'cancelled')),
  -- The instant of the snapshot (the creating transaction's start) and its company day (prices of the count day).
  snapshot_at  timestamptz NOT NULL DEFAULT now(),
  snapshot_day date NOT NULL,
  -- What the reviewer chose for lines nobody counted, when applied.
  uncounted    text CHECK (uncounted IN ('unchanged', 'zero')),
  created_by   bigint REFERENCES users (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  closed_by    bigint REFERENCES users (id),
  closed_at    timestamptz,
  CONSTRAINT inventory_counts_family CHECK ((scope = 'family') = (family IS NOT NULL)),
  CONSTRAINT inventory_counts_closed CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX inventory_counts_open ON inventory_counts (warehouse_id) WHERE status = 'open';
CREATE INDEX inventory_counts_newest ON inventory_counts (created_at DESC, id DESC);

-- The products of a family or list count (an 'all' count has none: it covers the whole warehouse). Two open counts of
-- one warehouse may not share a product (checked under the warehouse's advisory lock at creation).
CREATE TABLE inventory_count_products (
  count_id   bigint NOT NULL REFERENCES inventory_counts (id),
  product_id bigint NOT NULL REFERENCES products (id),
  PRIMARY KEY (count_id, product_id)
);

-- One line per (product, batch): the book quantity at the snapshot (the balance read by the creating statement; 0 for a
-- line first met while counting, whose balance row did not exist then) and the latest counted quantity.
CREATE TABLE inventory_count_lines (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  count_id         bigint NOT NULL REFERENCES inventory_counts (id),
  product_id       bigint NOT NULL REFERENCES products (id),
  batch_number     text NOT NULL DEFAULT '',
  in_snapshot      boolean NOT NULL,
  book_quantity    numeric(15, 3) NOT NULL DEFAULT 0 CHECK (book_quantity >= 0),
  counted_quantity numeric(15, 3) CHECK (counted_quantity >= 0),
  production_date  date,
  expiry_date      date,
  counted_by       bigint REFERENCES users (id),
  counted_at       timestamptz,
  -- Set by apply: the adjustment posted (counted - book) and its ledger row.
  adjustment       numeric(15, 3),
  movement_id      bigint REFERENCES stock_movements (id),
  CONSTRAINT inventory_count_lines_key UNIQUE (count_id, product_id, batch_number)
);

-- Every count of a line, oldest first: a line counted twice keeps the latest on the line and both here.
CREATE TABLE inventory_count_entries (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  line_id          bigint NOT NULL REFERENCES inventory_count_lines (id),
  counted_quantity numeric(15, 3) NOT NULL CHECK (counted_quantity >= 0),
  counted_by       bigint REFERENCES users (id),
  counted_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inventory_count_entries_line ON inventory_count_entries (line_id, id);
