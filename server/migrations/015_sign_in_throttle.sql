-- Issue 23: the sign-in throttle's counters live in the database, shared by every app server on it
-- (server/src/auth/throttle.ts), so N servers allow what one allows. Times are the app clock's milliseconds.
-- identity '' : the failed sign-ins of an address in its window (count, expires_ms = end of the window);
-- otherwise   : the consecutive failures of one (address, user identity) and when the next attempt is allowed.
CREATE TABLE sign_in_throttle (
  address         text    NOT NULL,
  identity        text    NOT NULL DEFAULT '',
  count           integer NOT NULL,
  next_allowed_ms bigint  NOT NULL DEFAULT 0,
  expires_ms      bigint  NOT NULL,
  PRIMARY KEY (address, identity)
);
CREATE INDEX sign_in_throttle_expires ON sign_in_throttle (expires_ms);
