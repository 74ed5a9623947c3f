-- The company's own data (issue 26): the header of every print (purchase orders, labels, transport notes).
-- One row, always there: the key can only be 1 and the row is created here, so GET /company never finds nothing and
-- PUT /company is an UPDATE (two saves racing serialise on the row lock; the last one wins, like any edit).
-- Texts are '' until the company is first saved (updated_at NULL). The logo lives in the row as bytes with its type:
-- PNG or SVG, at most 256 KB (shared-api schemas/company.ts MAX_LOGO_BYTES; the CHECK is the database's own limit).
CREATE TABLE company (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  business_name text NOT NULL DEFAULT '',
  vat_number text NOT NULL DEFAULT '',
  tax_code text,
  address text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  province text NOT NULL DEFAULT '',
  zip_code text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT 'Italia',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  ddt_prefix text NOT NULL DEFAULT 'DDT',
  logo bytea,
  logo_mime_type text CHECK (logo_mime_type IN ('image/png', 'image/svg+xml')),
  logo_updated_at timestamptz,
  modified_by integer REFERENCES users (id),
  updated_at timestamptz,
  CONSTRAINT company_logo_complete CHECK ((logo IS NULL) = (logo_mime_type IS NULL)),
  CONSTRAINT company_logo_size CHECK (logo IS NULL OR octet_length(logo) <= 262144)
);
INSERT INTO company (id) VALUES (1);

-- Warehouses get an address (issue 26: the transport note names sender and destination sites). Optional: a warehouse
-- saved before this migration has none until someone types it.
ALTER TABLE warehouses
  ADD COLUMN address text,
  ADD COLUMN city text,
  ADD COLUMN province text,
  ADD COLUMN zip_code text,
  ADD COLUMN country text;
