-- Users, sessions and the activity log: the foundation every module writes to.
CREATE TABLE users (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text NOT NULL,
  name          text NOT NULL,
  role          text NOT NULL CHECK (role IN ('admin', 'direction', 'administration', 'orders', 'warehouse', 'sales')),
  password_hash text NOT NULL,
  is_active     boolean NOT NULL DEFAULT true,
  last_login    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    bigint REFERENCES users (id),
  modified_by   bigint REFERENCES users (id),
  -- Soft delete: a deleted user keeps their activity history and can no longer sign in.
  deleted_at    timestamptz,
  deleted_by    bigint REFERENCES users (id)
);
CREATE UNIQUE INDEX users_username_live ON users (lower(username)) WHERE deleted_at IS NULL;

-- Opaque bearer tokens, stored only as a SHA-256 hash: a copy of this table cannot be replayed.
CREATE TABLE sessions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id),
  token_hash   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX sessions_user_live ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE activity_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint REFERENCES users (id),
  action      text NOT NULL,
  entity_type text NOT NULL,
  entity_id   text,
  details     text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_log_user_time ON activity_log (user_id, created_at DESC, id DESC);
