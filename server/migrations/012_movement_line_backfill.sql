-- Movements posted before migration 005 gave stock_movements its source_line_id have none: their receipt or sale history
-- per line would be a guess. This fills the link once, where the document line is certain, and leaves NULL elsewhere (a
-- wrong origin is worse than none). What a line is follows the posting code: a goods-receipt load records the
-- purchase-order item (goods-receipts/receive.ts), a sale's unload the sale itself (sales/posting.ts: a one-line
-- document).
--
-- Why this migration writes a stock table outside server/src/stock/ledger.ts (the ledger rule's one exception): it is a
-- one-time data repair of the origin LINK only. It sets source_line_id on rows where it is NULL and touches no quantity,
-- product, warehouse, batch, date or reversal column and no stock_balances row, so no balance, total or report changes
-- and there is nothing for the ledger to lock or check. stock_movements is append-only (migration 003: the trigger lets
-- an UPDATE set reversed_by_id only), so that trigger is disabled for these statements alone: migrations run inside one
-- transaction (db/migrate.ts), so the ENABLE below, or a rollback, puts it back before anyone else can write.

ALTER TABLE stock_movements DISABLE TRIGGER stock_movements_no_rewrite;

-- 1. Goods-receipt loads the receipt recorded by id: a line's single load (goods_receipt_lines.movement_id) or one of its
--    batches' loads (goods_receipt_batches.movement_id), both UNIQUE, so one line per movement. Same order, same product.
UPDATE stock_movements m
   SET source_line_id = rec.order_item_id
  FROM (SELECT l.movement_id, l.order_item_id, l.product_id FROM goods_receipt_lines l WHERE l.movement_id IS NOT NULL
        UNION ALL
        SELECT b.movement_id, l.order_item_id, l.product_id FROM goods_receipt_batches b JOIN goods_receipt_lines l ON l.id = b.line_id
       ) rec
  JOIN purchase_order_items i ON i.id = rec.order_item_id
 WHERE m.id = rec.movement_id
   AND m.source_line_id IS NULL AND m.source_document_type = 'PO' AND m.reverses_id IS NULL
   AND i.order_id = m.source_document_id AND i.product_id = m.product_id;

-- 2. Goods-receipt loads no receipt line records: the order (the movement's document) has exactly one item of the
--    movement's product, so every load of that product for that order is that item's. An order with two items of the
--    same product stays NULL: batch and quantity cannot tell which item a partial delivery was for.
UPDATE stock_movements m
   SET source_line_id = single.item_id
  FROM (SELECT order_id, product_id, min(id) AS item_id FROM purchase_order_items GROUP BY order_id, product_id HAVING count(*) = 1) single
 WHERE m.source_line_id IS NULL AND m.source_document_type = 'PO' AND m.reverses_id IS NULL
   AND single.order_id = m.source_document_id AND single.product_id = m.product_id;

-- 3. Sale unloads: the line is the sale, which is the movement's document (source_document_id) or records the movement
--    (sales.movement_id); same product and warehouse, and the two must not name different sales.
UPDATE stock_movements m
   SET source_line_id = s.id
  FROM sales s
 WHERE m.source_line_id IS NULL AND m.source_document_type = 'SO' AND m.reverses_id IS NULL
   AND (s.id = m.source_document_id OR s.movement_id = m.id)
   AND (m.source_document_id IS NULL OR m.source_document_id = s.id)
   AND (s.movement_id IS NULL OR s.movement_id = m.id)
   AND s.product_id = m.product_id AND s.warehouse_id = m.warehouse_id;

-- 4. A reversal keeps the line of the movement it cancels (as ledger.ts writes it), so a reversed line nets to zero.
UPDATE stock_movements r
   SET source_line_id = o.source_line_id
  FROM stock_movements o
 WHERE r.source_line_id IS NULL AND r.reverses_id = o.id AND o.source_line_id IS NOT NULL
   AND r.source_document_type = o.source_document_type;

ALTER TABLE stock_movements ENABLE TRIGGER stock_movements_no_rewrite;
