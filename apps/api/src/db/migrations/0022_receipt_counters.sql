CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
-- The receipts already issued: each year's counter goes on from its highest number (RC-YYYY-nnnnnn).
INSERT INTO "receipt_counters" ("year", "last")
  SELECT split_part("number", '-', 2)::int, max(split_part("number", '-', 3)::int) FROM "receipts" GROUP BY 1;--> statement-breakpoint
-- Every receipt takes the next number of its Bangkok year here, in the inserting transaction: the counter's row
-- stays locked until that transaction ends, so a payment rolled back gives its number back and numbers never
-- skip (the sequence lost one to every rollback). Whatever number the insert brought is replaced, so a process
-- of the version before (which numbered from "receipt_number_seq") numbers the same way during a deploy; the
-- sequence stays until that version is gone. An order that has its receipt already gets none (and no number).
CREATE FUNCTION number_receipt() RETURNS trigger
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
  NEW.number := 'RC-' || y || '-' || lpad(n::text, 6, '0');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER receipts_number BEFORE INSERT ON receipts
  FOR EACH ROW EXECUTE FUNCTION number_receipt();
