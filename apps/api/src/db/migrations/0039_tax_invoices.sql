CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"tax_invoice_id" uuid,
	"user_id" uuid NOT NULL,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"original_total_satang" bigint NOT NULL,
	"amount_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_refund_id_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_satang" bigint NOT NULL,
	"reason" text NOT NULL,
	"access" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK (amount_satang > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_document_counters" (
	"kind" text NOT NULL,
	"seller_tax_id" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "tax_document_counters_kind_seller_tax_id_year_pk" PRIMARY KEY("kind","seller_tax_id","year")
);
--> statement-breakpoint
CREATE TABLE "tax_invoice_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"buyer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"receipt_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"subtotal_satang" bigint NOT NULL,
	"discount_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"total_satang" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_invoices_receipt_id_unique" UNIQUE("receipt_id"),
	CONSTRAINT "tax_invoices_buyer_tax_id" CHECK ("tax_invoices"."buyer"->>'taxId' ~ '^[0-9]{13}$'),
	CONSTRAINT "tax_invoices_buyer_branch" CHECK ("tax_invoices"."buyer"->>'branch' ~ '^(head_office|[0-9]{5})$')
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tax_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("tax_invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoice_requests" ADD CONSTRAINT "tax_invoice_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_user_idx" ON "credit_notes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_invoices_user_idx" ON "tax_invoices" USING btree ("user_id");--> statement-breakpoint
-- Tax invoices and credit notes are numbered as receipts are (0022, 0025): in the issuing transaction, from the row
-- of their kind, seller and Bangkok year in tax_document_counters, locked until that transaction ends, so numbers
-- run without a gap per seller (a rolled-back issue gives its number back) and each year starts again at 1.
CREATE FUNCTION next_tax_document_number(doc_kind text, seller text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  y int := extract(year from now() at time zone 'Asia/Bangkok')::int;
  n int;
BEGIN
  INSERT INTO tax_document_counters AS c (kind, seller_tax_id, year, last) VALUES (doc_kind, seller, y, 1)
    ON CONFLICT (kind, seller_tax_id, year) DO UPDATE SET last = c.last + 1
    RETURNING c.last INTO n;
  RETURN doc_kind || '-' || y || '-' || running_number(n);
END $$;--> statement-breakpoint
-- One tax invoice per receipt: the receipt's row is locked first, so requests for one receipt take turns, and a
-- receipt that has its invoice already gets none (and takes no number; the insert's ON CONFLICT would come too late,
-- after the trigger took a number). Whatever number the insert brought is replaced.
CREATE FUNCTION number_tax_invoice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM receipts WHERE id = NEW.receipt_id FOR NO KEY UPDATE;
  IF EXISTS (SELECT 1 FROM tax_invoices WHERE receipt_id = NEW.receipt_id) THEN
    RETURN NULL;
  END IF;
  NEW.number := next_tax_document_number('TI', NEW.seller->>'taxId');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tax_invoices_number BEFORE INSERT ON tax_invoices
  FOR EACH ROW EXECUTE FUNCTION number_tax_invoice();--> statement-breakpoint
-- One credit note per refund (the refund is written under its order's lock, so no two inserts race for one).
CREATE FUNCTION number_credit_note() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM credit_notes WHERE refund_id = NEW.refund_id) THEN
    RETURN NULL;
  END IF;
  NEW.number := next_tax_document_number('CN', NEW.seller->>'taxId');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER credit_notes_number BEFORE INSERT ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION number_credit_note();
