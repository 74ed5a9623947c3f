-- Goods receipt (SPEC §2, §3): one receipt document per delivery note (DDT) received against a purchase order, its lines
-- (one per order item received) and their batches. The stock itself changes only through the ledger (stock/ledger.ts):
-- every line without batches and every batch is one load (C, source PO) in stock_movements, linked here by movement_id.
-- Receipts are never deleted or edited: a wrong one is reversed (opposite movements appended, reversed_at set).

CREATE TABLE goods_receipts (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id        bigint NOT NULL REFERENCES purchase_orders (id),
  -- The supplier's delivery note (DDT): number and date as printed on it.
  document_number text NOT NULL CHECK (document_number <> ''),
  document_date   date NOT NULL,
  -- The day the goods came in (the movements' date).
  receipt_date    date NOT NULL DEFAULT current_date,
  created_by      bigint REFERENCES users (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  reversed_at     timestamptz,
  reversed_by     bigint REFERENCES users (id),
  CONSTRAINT goods_receipts_reversal CHECK (reversed_by IS NULL OR reversed_at IS NOT NULL)
);
-- An order's receipts, newest last (detail screen history, summary).
CREATE INDEX goods_receipts_order ON goods_receipts (order_id, id);

CREATE TABLE goods_receipt_lines (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  receipt_id    bigint NOT NULL REFERENCES goods_receipts (id),
  order_item_id bigint NOT NULL REFERENCES purchase_order_items (id),
  product_id    bigint NOT NULL REFERENCES products (id),
  warehouse_id  bigint NOT NULL REFERENCES warehouses (id),
  -- Exactly the sum of the line's loads (its batches when it has some).
  quantity      numeric(15, 3) NOT NULL CHECK (quantity > 0),
  -- The load of a line without batches; NULL when the line's loads are its batches.
  movement_id   bigint UNIQUE REFERENCES stock_movements (id),
  UNIQUE (receipt_id, order_item_id)
);
-- One item's receipts (item history).
CREATE INDEX goods_receipt_lines_item ON goods_receipt_lines (order_item_id, receipt_id);

CREATE TABLE goods_receipt_batches (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  line_id         bigint NOT NULL REFERENCES goods_receipt_lines (id),
  -- '' when the product has no batch management but manages dates (the load then carries only the dates).
  batch_number    text NOT NULL DEFAULT '',
  quantity        numeric(15, 3) NOT NULL CHECK (quantity > 0),
  production_date date,
  expiry_date     date,
  movement_id     bigint NOT NULL UNIQUE REFERENCES stock_movements (id)
);
CREATE INDEX goods_receipt_batches_line ON goods_receipt_batches (line_id, id);

-- Receipts are documents: rows are never deleted, and only the link columns may be set, once: a receipt's reversal
-- (reversed_at / reversed_by) and a line's load (movement_id, written right after the load is posted).
CREATE FUNCTION goods_receipts_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.reversed_at IS NULL
     AND (to_jsonb(NEW) - 'reversed_at' - 'reversed_by') = (to_jsonb(OLD) - 'reversed_at' - 'reversed_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'goods_receipts keeps its history: % refused', TG_OP;
END
$$;
CREATE FUNCTION goods_receipt_lines_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.movement_id IS NULL AND (to_jsonb(NEW) - 'movement_id') = (to_jsonb(OLD) - 'movement_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'goods_receipt_lines keeps its history: % refused', TG_OP;
END
$$;
CREATE FUNCTION goods_receipt_batches_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'goods_receipt_batches keeps its history: % refused', TG_OP;
END
$$;
CREATE TRIGGER goods_receipts_no_rewrite BEFORE UPDATE OR DELETE ON goods_receipts
  FOR EACH ROW EXECUTE FUNCTION goods_receipts_keep_history();
CREATE TRIGGER goods_receipt_lines_no_rewrite BEFORE UPDATE OR DELETE ON goods_receipt_lines
  FOR EACH ROW EXECUTE FUNCTION goods_receipt_lines_keep_history();
CREATE TRIGGER goods_receipt_batches_no_rewrite BEFORE UPDATE OR DELETE ON goods_receipt_batches
  FOR EACH ROW EXECUTE FUNCTION goods_receipt_batches_keep_history();
