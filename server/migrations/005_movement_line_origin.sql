-- A stock movement records the document LINE it comes from (like Tryton's `origin`), not only the document: a goods
-- receipt passes its receipt line (or order item) id, a sale its sale (line) id. Receipt and sale history per line is then
-- a query. NULL for manual movements and for movements posted before this column existed. A reversal or a correction keeps
-- the line of the movement it cancels or replaces (ledger.ts).
ALTER TABLE stock_movements ADD COLUMN source_line_id bigint;

-- Documents find the movements of one of their lines.
CREATE INDEX stock_movements_document_line ON stock_movements (source_document_type, source_line_id)
  WHERE source_line_id IS NOT NULL;
