-- Issue 23: guessing one account from many addresses is slowed per account (server/src/auth/throttle.ts), without
-- locking its owner out of the addresses they signed in from before.
-- The account-wide failure counter is a row of sign_in_throttle with the sentinel address '*' (identity: the user's id,
-- or the unknown name as the database lower-cases it). This table holds the addresses each user signed in from: a sign-in
-- from one of them skips the account-wide counter. Times are the app clock's milliseconds; rows older than the keeping
-- period are deleted with the throttle's expired counters.
CREATE TABLE sign_in_known_addresses (
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address         text   NOT NULL,
  last_success_ms bigint NOT NULL,
  PRIMARY KEY (user_id, address)
);
CREATE INDEX sign_in_known_addresses_last_success ON sign_in_known_addresses (last_success_ms);
