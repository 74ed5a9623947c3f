-- Exactly-once writes (server/src/http/idempotency.ts) and sales (server/src/sales).

-- One row per (scope, user, Idempotency-Key). It is inserted FIRST in the transaction of the write it guards and gets the
-- answer (status + JSON body) before that transaction commits: a concurrent request with the same key waits on the
-- primary key until the first commits (then replays its answer) or rolls back (then does the write itself). A refused
-- write (4xx) rolls back with its key, so the same key may be retried. `body` is json, not jsonb: replayed byte for byte.
CREATE TABLE idempotency_keys (
  scope       text NOT NULL,
  user_id     bigint NOT NULL REFERENCES users (id),
  key         text NOT NULL,
  -- sha256 of method, path and the validated body: the same key with another request is refused (422), never replayed.
  fingerprint text NOT NULL,
  status_code int,
  body        json,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- A sale is a one-line document: one product, one warehouse, one batch, one customer. Its unload is a stock movement
-- (S, source SO, source document = the sale) posted through the ledger in the same transaction; cancelling appends the
-- reversal. Rows are never deleted; an edit cancels the sale and creates a new one pointing at it (replaces_id).
CREATE TABLE sales (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status             text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
  product_id         bigint NOT NULL REFERENCES products (id),
  warehouse_id       bigint NOT NULL REFERENCES warehouses (id),
  -- '' for products without batch management (as in stock_balances).
  batch_number       text NOT NULL DEFAULT '',
  -- The batch's expiry when sold (from the stock), for the list and for recalls.
  expiry_date        date,
  quantity           numeric(15, 3) NOT NULL CHECK (quantity > 0),
  customer_id        bigint NOT NULL REFERENCES customers (id),
  -- The company day (Europe/Rome) of the sale: the movement's date.
  sale_date          date NOT NULL,
  -- The unload, and its reversal once cancelled.
  movement_id        bigint REFERENCES stock_movements (id),
  reversal_id        bigint REFERENCES stock_movements (id),
  -- An edit: the new sale points at the cancelled one it replaces, and the cancelled one at its replacement.
  replaces_id        bigint REFERENCES sales (id),
  replaced_by_id     bigint REFERENCES sales (id),
  notes              text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  created_by         bigint REFERENCES users (id),
  cancelled_at       timestamptz,
  cancelled_by       bigint REFERENCES users (id),
  CONSTRAINT sales_cancelled_state CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
-- The list: newest first, paged.
CREATE INDEX sales_newest ON sales (created_at DESC, id DESC);
CREATE INDEX sales_product ON sales (product_id);
CREATE INDEX sales_customer ON sales (customer_id);
