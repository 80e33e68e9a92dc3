CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
-- The receipts already issued: each year's counter goes on from its highest number (RC-YYYY-nnnnnn).
INSERT INTO "receipt_counters" ("year", "last")
  SELECT split_part("number", '-', 2)::int, max(split_part("number", '-', 3)::int) FROM "receipts" GROUP BY 1;--> statement-breakpoint
DROP SEQUENCE "receipt_number_seq";
