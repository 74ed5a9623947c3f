-- Issue 27: products carry barcodes. The product's own `barcode` column keeps its GTIN (EAN-8/UPC-A/EAN-13/GTIN-14, check
-- digit verified by the shared product schema); any number of extra barcodes (suppliers' codes) live in product_barcodes.
-- Every barcode of a live product — its GTIN and its extras — is unique among live products, and the DATABASE decides
-- it: the GTIN is mirrored into product_barcodes by a trigger in the same statement, so one partial unique index covers
-- GTIN vs GTIN, extra vs extra and extra vs GTIN, also when two saves race (the second gets 23505 → 409 BARCODE_TAKEN).

-- The lookup key (shared-api rules/gtin.ts barcodeKey says the same): 8–14 digits are a GTIN, written as GTIN-14 so
-- EAN-13 8001234567897, GS1 (01)08001234567897 and a UPC-A read as EAN-13 meet; any other code is itself.
CREATE FUNCTION barcode_key(code text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN code ~ '^[0-9]{8,14}$' THEN lpad(code, 14, '0') ELSE code END
$$;

CREATE TABLE product_barcodes (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id bigint NOT NULL REFERENCES products (id),
  code       text NOT NULL CHECK (length(code) BETWEEN 1 AND 100),
  -- true: the mirror of products.barcode (kept by the trigger below); false: an extra barcode written by the API.
  is_gtin    boolean NOT NULL DEFAULT false,
  -- false once the product is deleted: its codes may then be given to another product.
  live       boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX product_barcodes_live ON product_barcodes (barcode_key(code)) WHERE live;
CREATE INDEX product_barcodes_product ON product_barcodes (product_id);

-- Existing GTINs become mirror rows; should two live products already share one, the first keeps it (nothing fails).
INSERT INTO product_barcodes (product_id, code, is_gtin)
SELECT id, barcode, true FROM products WHERE deleted_at IS NULL AND barcode IS NOT NULL AND barcode <> '' ORDER BY id
ON CONFLICT (barcode_key(code)) WHERE live DO NOTHING;

CREATE FUNCTION products_barcode_mirror() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.deleted_at IS NOT NULL THEN
      IF OLD.deleted_at IS NULL THEN
        UPDATE product_barcodes SET live = false WHERE product_id = NEW.id AND live;
      END IF;
      RETURN NULL;
    END IF;
    IF NEW.barcode IS NOT DISTINCT FROM OLD.barcode THEN
      RETURN NULL;
    END IF;
    DELETE FROM product_barcodes WHERE product_id = NEW.id AND is_gtin;
  END IF;
  IF NEW.deleted_at IS NULL AND NEW.barcode IS NOT NULL AND NEW.barcode <> '' THEN
    INSERT INTO product_barcodes (product_id, code, is_gtin) VALUES (NEW.id, NEW.barcode, true);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER products_barcode_mirror AFTER INSERT OR UPDATE OF barcode, deleted_at ON products
  FOR EACH ROW EXECUTE FUNCTION products_barcode_mirror();
