CREATE TABLE "account_closures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"storage_key" text,
	"size_bytes" bigint
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"requester_email" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_acceptances" (
	"user_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "legal_acceptances_user_id_document_id_pk" PRIMARY KEY("user_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"title_th" text NOT NULL,
	"title_en" text NOT NULL,
	"body_th" text NOT NULL,
	"body_en" text NOT NULL,
	"changes_th" text DEFAULT '' NOT NULL,
	"changes_en" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "holder_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_closures_open_key" ON "account_closures" USING btree ("user_id") WHERE "account_closures"."cancelled_at" IS NULL AND "account_closures"."erased_at" IS NULL;--> statement-breakpoint
CREATE INDEX "account_closures_due_idx" ON "account_closures" USING btree ("due_at") WHERE "account_closures"."cancelled_at" IS NULL AND "account_closures"."erased_at" IS NULL;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_pending_key" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "data_requests_status_due_idx" ON "data_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_kind_version_key" ON "legal_documents" USING btree ("kind","version");
--> statement-breakpoint
INSERT INTO "legal_documents" ("id", "kind", "version", "effective_at", "title_th", "title_en", "body_th", "body_en", "changes_th", "changes_en") VALUES ('019b76a5-8c00-7000-8000-000000000001', 'terms', 1, '2026-01-01T00:00:00+00:00', $legal$ข้อกำหนดการใช้งาน$legal$, $legal$Terms of use$legal$, $legal$ข้อกำหนดนี้ใช้กับการใช้งานเว็บไซต์และบริการคอร์สเรียนออนไลน์ของ Rianroo (เรียนรู้) เมื่อคุณสมัครสมาชิกหรือใช้บริการ ถือว่าคุณยอมรับข้อกำหนดนี้

## 1. บัญชีผู้ใช้

คุณต้องให้ข้อมูลที่ถูกต้องเมื่อสมัคร และเก็บรหัสผ่านเป็นความลับ บัญชีหนึ่งใช้ได้สำหรับบุคคลเดียว และเข้าสู่ระบบพร้อมกันได้ไม่เกินจำนวนอุปกรณ์ที่กำหนด

หากสงสัยว่ามีผู้อื่นใช้บัญชีของคุณ ให้เปลี่ยนรหัสผ่านและออกจากระบบอุปกรณ์อื่นได้ที่หน้าบัญชีของฉัน

## 2. สมาชิกและการชำระเงิน

สมาชิกรายเดือนและรายปีให้สิทธิ์เรียนทุกคอร์สตลอดช่วงเวลาที่ชำระ ราคารวมภาษีมูลค่าเพิ่มแล้ว ระยะเวลาใหม่เมื่อต่ออายุจะนับต่อจากวันหมดอายุเดิม

ทดลองเรียนฟรีได้หนึ่งครั้งต่อบัญชี เมื่อครบกำหนดสิทธิ์จะสิ้นสุดโดยไม่มีการเรียกเก็บเงินอัตโนมัติ

คุณปิดการต่ออายุได้ทุกเมื่อที่หน้าบัญชีของฉัน และยังเรียนได้จนถึงวันสิ้นสุดรอบที่ชำระแล้ว

## 3. การใช้เนื้อหา

วิดีโอ เอกสาร และแบบทดสอบเป็นลิขสิทธิ์ของ Rianroo หรือผู้สอน ใช้เพื่อการเรียนของคุณเองเท่านั้น ห้ามดาวน์โหลด คัดลอก เผยแพร่ หรือแบ่งบัญชีให้ผู้อื่น

## 4. ใบประกาศนียบัตร

ใบประกาศนียบัตรออกให้เมื่อเรียนครบตามเงื่อนไขของคอร์ส ทุกคนตรวจสอบได้จากรหัสใบประกาศ เราอาจเพิกถอนใบประกาศที่ได้มาโดยไม่สุจริต

## 5. การระงับบัญชี

เราอาจระงับหรือปิดบัญชีที่ละเมิดข้อกำหนดนี้ เช่น แบ่งบัญชี ทำซ้ำเนื้อหา หรือพยายามเข้าถึงระบบโดยไม่ได้รับอนุญาต

## 6. ความรับผิด

เราพยายามให้บริการได้ต่อเนื่องและเนื้อหาถูกต้อง แต่ไม่รับประกันว่าบริการจะไม่มีข้อขัดข้อง ความรับผิดของเราจำกัดไม่เกินค่าบริการที่คุณชำระในสิบสองเดือนที่ผ่านมา เว้นแต่กฎหมายกำหนดไว้เป็นอย่างอื่น

## 7. กฎหมายที่ใช้บังคับ

ข้อกำหนดนี้อยู่ภายใต้กฎหมายไทย และศาลไทยมีเขตอำนาจพิจารณาข้อพิพาท

## 8. การเปลี่ยนแปลงและการติดต่อ

เราอาจปรับปรุงข้อกำหนดนี้ และจะแจ้งทางอีเมลหรือบนเว็บไซต์ก่อนมีผลบังคับใช้ หากมีคำถาม ติดต่อเราทางแชตบนเว็บไซต์$legal$, $legal$These terms apply to the website and online course service of Rianroo. By signing up or using the service you accept them.

## 1. Your account

Give accurate details when you sign up and keep your password secret. An account is for one person and may be signed in on a limited number of devices at once.

If you think someone else uses your account, change your password and sign out your other devices on the account page.

## 2. Membership and payment

Monthly and annual members may watch every course for the period paid. Prices include VAT. A renewal starts when the current period ends.

The free trial is once per account. When it ends access stops; nothing is charged automatically.

You can turn renewal off at any time on the account page and keep learning until the paid period ends.

## 3. Using the content

Videos, documents and tests belong to Rianroo or its instructors and are for your own learning only: do not download, copy, publish them or share your account.

## 4. Certificates

A certificate is issued when you meet the course's requirements; anyone can verify it by its code. We may revoke a certificate obtained dishonestly.

## 5. Suspension

We may suspend or close an account that breaks these terms, for example by sharing the account, copying content or attempting unauthorised access.

## 6. Liability

We work to keep the service available and the content accurate but cannot promise it will be free of interruptions. Our liability is limited to what you paid in the last twelve months, except where the law provides otherwise.

## 7. Governing law

These terms are governed by Thai law; Thai courts decide disputes.

## 8. Changes and contact

We may update these terms and will tell you by e-mail or on the website before changes take effect. Questions: use the chat on the website.$legal$, '', '') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "legal_documents" ("id", "kind", "version", "effective_at", "title_th", "title_en", "body_th", "body_en", "changes_th", "changes_en") VALUES ('019b76a5-8c00-7000-8000-000000000002', 'privacy', 1, '2026-01-01T00:00:00+00:00', $legal$ประกาศความเป็นส่วนตัว$legal$, $legal$Privacy notice$legal$, $legal$Rianroo (เรียนรู้) ในฐานะผู้ควบคุมข้อมูลส่วนบุคคล เคารพความเป็นส่วนตัวของคุณ และเก็บ ใช้ และเปิดเผยข้อมูลส่วนบุคคลตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 (PDPA)

## 1. ข้อมูลที่เราเก็บ

ข้อมูลบัญชี: ชื่อ อีเมล เบอร์โทรศัพท์ (ถ้าให้) รูปโปรไฟล์ และรหัสผ่านที่เข้ารหัสแบบทางเดียว

ข้อมูลการเรียน: คอร์สและตอนที่ดู ตำแหน่งที่ดูค้างไว้ คะแนนแบบทดสอบ แบบประเมิน และใบประกาศนียบัตร

ข้อมูลการซื้อ: แพ็กเกจ คำสั่งซื้อ และใบเสร็จ ข้อมูลบัตรชำระเงินอยู่กับผู้ให้บริการชำระเงินเท่านั้น เราไม่เก็บเลขบัตร

ข้อมูลติดต่อที่องค์กรของคุณขอ (เบอร์โทร หน่วยงาน ตำแหน่ง จังหวัด) เมื่อคุณให้ความยินยอม

ข้อมูลอุปกรณ์: รหัสอุปกรณ์ที่เบราว์เซอร์สร้าง ชื่อเบราว์เซอร์ และที่อยู่ IP เพื่อความปลอดภัยของบัญชี

## 2. วัตถุประสงค์และฐานทางกฎหมาย

ให้บริการตามสัญญา: เปิดบัญชี ให้เรียน บันทึกความคืบหน้า ออกใบประกาศ และรับชำระเงิน

ประโยชน์โดยชอบด้วยกฎหมาย: ป้องกันการใช้บัญชีร่วมกันและการโจมตีระบบ และปรับปรุงบริการ

ความยินยอม: ส่งข่าวสารและโปรโมชัน ใช้สคริปต์วิเคราะห์การใช้งาน และส่งข้อมูลติดต่อให้องค์กรของคุณ คุณถอนความยินยอมได้ทุกเมื่อ

หน้าที่ตามกฎหมาย: เก็บหลักฐานการชำระเงินและใบกำกับภาษี

## 3. การเปิดเผยข้อมูล

เราเปิดเผยข้อมูลเท่าที่จำเป็นให้ผู้ให้บริการชำระเงิน ผู้ให้บริการส่งอีเมล และผู้ให้บริการโครงสร้างระบบ ซึ่งผูกพันตามสัญญาให้คุ้มครองข้อมูล

หากคุณเป็นสมาชิกขององค์กร องค์กรจะเห็นข้อมูลติดต่อที่คุณให้และความคืบหน้าในคอร์สที่องค์กรมอบให้

เราไม่ขายข้อมูลส่วนบุคคลของคุณ

## 4. ระยะเวลาการเก็บ

เราเก็บข้อมูลบัญชีและการเรียนตลอดที่บัญชียังเปิดอยู่ เมื่อคุณขอปิดบัญชีผ่านแชตบนเว็บไซต์ เราจะลบหรือทำให้ข้อมูลไม่ระบุตัวตน เว้นแต่ข้อมูลที่กฎหมายกำหนดให้เก็บ เช่น ใบกำกับภาษี เก็บ 5 ปี

## 5. สิทธิของคุณ

คุณมีสิทธิขอเข้าถึง ขอสำเนา ขอแก้ไข ขอลบ ขอระงับการใช้ คัดค้าน ขอโอนย้ายข้อมูล และถอนความยินยอม รวมถึงร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล

แก้ไขข้อมูลส่วนตัว การรับอีเมล และความยินยอมคุกกี้ได้เองที่หน้าบัญชีของฉัน หรือติดต่อเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคลผ่านแชตบนเว็บไซต์

## 6. คุกกี้และสคริปต์วิเคราะห์

เราใช้พื้นที่จัดเก็บในเบราว์เซอร์เพื่อให้คุณอยู่ในระบบและจดจำภาษา สคริปต์วิเคราะห์การใช้งานจะทำงานเฉพาะเมื่อคุณยินยอมเท่านั้น

## 7. ความปลอดภัย

เราเข้ารหัสการเชื่อมต่อ เก็บรหัสผ่านแบบ Argon2id จำกัดการเข้าสู่ระบบที่ผิดพลาด และเข้าถึงข้อมูลเท่าที่จำเป็นต่อหน้าที่$legal$, $legal$Rianroo, as data controller, respects your privacy and collects, uses and discloses personal data under Thailand's Personal Data Protection Act B.E. 2562 (PDPA).

## 1. What we collect

Account data: name, e-mail, phone (if given), profile photo and a one-way hash of your password.

Learning data: courses and episodes watched, where you stopped, test scores, evaluations and certificates.

Purchases: plan, orders and receipts. Card details stay with the payment provider; we never store card numbers.

Contact details your organisation asks for (phone, organisation, position, province), with your consent.

Device data: the device id your browser makes, the browser's name and your IP address, to keep your account safe.

## 2. Purposes and lawful bases

Contract: opening your account, letting you learn, saving progress, issuing certificates and taking payment.

Legitimate interests: preventing account sharing and attacks, and improving the service.

Consent: news and promotions by e-mail, analytics scripts, and sharing contact details with your organisation. You may withdraw consent at any time.

Legal duty: keeping payment records and tax invoices.

## 3. Who we share with

Only what is needed, with our payment provider, e-mail provider and hosting providers, who are bound by contract to protect it.

If you are a member of an organisation, it sees the contact details you gave and your progress in the courses it gives you.

We do not sell your personal data.

## 4. How long we keep it

Account and learning data while your account is open. When you ask us to close your account (through the chat on the website) we delete or anonymise it, except what the law requires us to keep, such as tax invoices (5 years).

## 5. Your rights

You may ask to access, copy, correct, delete, restrict, object to the use of and move your data, withdraw consent, and complain to the Personal Data Protection Committee.

You can change your details, e-mail choices and cookie consent yourself on the account page, or reach our data protection officer through the chat on the website.

## 6. Cookies and analytics

We use browser storage to keep you signed in and remember your language. Analytics scripts run only if you consent.

## 7. Security

Connections are encrypted, passwords are stored with Argon2id, failed sign-ins are limited, and staff access only what their work needs.$legal$, '', '') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Learners who ticked the box before versions were kept accepted version 1 of both, at the time they ticked it.
INSERT INTO "legal_acceptances" ("user_id", "document_id", "accepted_at")
SELECT u."id", d."id", u."accepted_terms_at" FROM "users" u CROSS JOIN "legal_documents" d
WHERE u."accepted_terms_at" IS NOT NULL AND d."version" = 1
ON CONFLICT DO NOTHING;
