-- Two new origins of stock movements (lead contract for issues 25 and 26), added in one migration so that the two
-- modules do not redefine the same CHECK one after the other:
--   INV: an inventory count's adjustment (issue 25; its document is the count, its line the count line);
--   TR:  a transfer between warehouses, shipped and received (issue 26; its document is the transfer, its line the
--        transfer line).
ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_source_type_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_source_type_check
  CHECK (source_type IN ('MAN', 'SO', 'PO', 'INV', 'TR'));
ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_source_document_type_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_source_document_type_check
  CHECK (source_document_type IN ('MAN', 'SO', 'PO', 'INV', 'TR'));
