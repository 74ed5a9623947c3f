-- The company day (issue 21): "today" is the day in Europe/Rome everywhere, not the database session's day (current_date
-- follows the session's TimeZone: a server in UTC would date a receipt posted at 00:30 in Rome yesterday). This is the one
-- place SQL names the company's time zone; TypeScript names it once too (shared-api rules/company-day.ts
-- COMPANY_TIME_ZONE). Every column default and SQL expression that means "today" or "the day of this instant" calls these.

-- The company day of an instant: company_day('2026-03-10 23:30:00+00') = 2026-03-11 (00:30 in Rome).
CREATE FUNCTION company_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (at AT TIME ZONE 'Europe/Rome')::date $$;

-- Today, the company's: the day in Europe/Rome of the transaction's start (now()), whatever the session's TimeZone.
CREATE FUNCTION company_today() RETURNS date
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT company_day(now()) $$;

-- 007 dated a receipt with current_date (the session's day).
ALTER TABLE goods_receipts ALTER COLUMN receipt_date SET DEFAULT company_today();
