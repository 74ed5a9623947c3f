-- Master data. Rows referenced by history are soft-deleted (deleted_at), never destroyed.
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
  deleted_by          bigint REFERENCES users (id)
);
-- Code unique among live products, ignoring case ("abc-1" and "ABC-1" would be the same article on a shelf label).
CREATE UNIQUE INDEX products_code_live ON products (lower(code)) WHERE deleted_at IS NULL;
CREATE INDEX products_code_order ON products (code, id) WHERE deleted_at IS NULL;
CREATE INDEX products_supplier ON products (supplier_id);
