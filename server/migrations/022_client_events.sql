-- Issue 24: what browsers report about remotes (POST /api/client-events), read by admins newest first
-- (GET /api/client-events) so a release that does not fit the portal is rolled back before users call.
CREATE TABLE client_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text        NOT NULL CHECK (kind IN ('remoteIncompatible')),
  remote       text        NOT NULL,
  manifest_url text        NOT NULL,
  build_version text,
  problems     jsonb       NOT NULL,
  user_id      bigint      REFERENCES users (id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_events_newest ON client_events (created_at DESC, id DESC);
CREATE INDEX client_events_remote ON client_events (remote, created_at DESC, id DESC);

-- The rate limit of POST /api/client-events, counted in the database like the sign-in throttle (migration 015) so N app
-- servers allow what one allows: one fixed window per key (the signed-in user), times in the app clock's milliseconds.
CREATE TABLE client_event_rate (
  key        text    PRIMARY KEY,
  count      integer NOT NULL,
  expires_ms bigint  NOT NULL
);
CREATE INDEX client_event_rate_expires ON client_event_rate (expires_ms);
