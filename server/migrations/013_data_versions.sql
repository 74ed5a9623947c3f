-- Data versions: a counter per table that read-mostly lists are cached by (issue 12; server/src/http/page-cache.ts).
--
-- Every statement that writes one of these tables adds 1 to its row here, in the writing transaction (statement-level
-- triggers, so a 50-row import counts once). A reader that reads the versions and its page in ONE statement sees both
-- from the same snapshot: equal versions later mean that no committed write has touched those tables since, so the page
-- kept in the server's memory is still the page the database would answer. Counters only grow; a rolled-back write
-- rolls its increment back with it. Writes of these tables serialise on their counter row until commit: the registries
-- are written a few times a minute, never by the stock ledger (which only share-locks products).
CREATE TABLE data_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0 CHECK (version >= 0)
);

CREATE FUNCTION data_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
  IF NOT FOUND THEN
    INSERT INTO data_versions (name, version) VALUES (TG_TABLE_NAME, 1)
    ON CONFLICT (name) DO UPDATE SET version = data_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;

INSERT INTO data_versions (name) VALUES ('products'), ('suppliers'), ('customers'), ('warehouses'), ('users');

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'suppliers', 'customers', 'warehouses'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump()', t || '_data_version', t);
  END LOOP;
END $$;
-- Lists show users by their username only (created_by, modified_by): sign-ins (last_login) do not count.
CREATE TRIGGER users_data_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF username ON users
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump();
