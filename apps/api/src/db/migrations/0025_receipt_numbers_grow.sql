-- Order and receipt numbers end in a running number of at least six digits, and more once it needs them:
-- lpad(n, 6) cut 1000000 to "100000", a number already taken (a unique violation at the millionth). One
-- function for both, so the two numbers follow one rule.
CREATE FUNCTION running_number(n bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lpad(n::text, greatest(6, length(n::text)), '0') $$;--> statement-breakpoint
-- As in 0022, with the running number above.
CREATE OR REPLACE FUNCTION number_receipt() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  y int := extract(year from now() at time zone 'Asia/Bangkok')::int;
  n int;
BEGIN
  IF EXISTS (SELECT 1 FROM receipts WHERE order_id = NEW.order_id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO receipt_counters (year, last) VALUES (y, 1)
    ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1
    RETURNING last INTO n;
  NEW.number := 'RC-' || y || '-' || running_number(n);
  RETURN NEW;
END $$;
