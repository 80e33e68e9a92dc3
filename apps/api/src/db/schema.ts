import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Whole seconds as PostgreSQL's int4multirange, in its text form: '{[0,10),[20,30)}'. */
const seconds = customType<{ data: string; driverData: string }>({ dataType: () => 'int4multirange' });
const noSeconds = sql`'{}'::int4multirange`;

export type Marketing = { news: boolean; promotions: boolean; reminders: boolean };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name'),
    profileImage: text('profile_image'),
    phone: text('phone'),
    locale: text('locale', { enum: ['th', 'en'] })
      .notNull()
      .default('th'),
    role: text('role', { enum: ['learner', 'instructor', 'admin'] })
      .notNull()
      .default('learner'),
    organizationId: uuid('organization_id'),
    /** When and how the learner joined the organisation (shown to its managers). */
    organizationJoinedAt: ts('organization_joined_at'),
    organizationJoinedBy: text('organization_joined_by', {
      enum: ['invite_code', 'email_domain', 'sso', 'admin', 'invite'],
    }),
    legacy: boolean('legacy').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    /**
     * When the way into the account last changed hands: a password changed, reset or set, or taken away when a
     * provider confirmed the address. What was handed out before it (a partial login's token, a login under way,
     * a device known from an earlier session) no longer counts.
     */
    credentialsChangedAt: ts('credentials_changed_at'),
    marketing: jsonb('marketing')
      .$type<Marketing>()
      .notNull()
      .default({ news: true, promotions: false, reminders: true }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    acceptedTermsAt: ts('accepted_terms_at'),
    /** When the account's personal data was erased (PDPA closure): the row stays, anonymised, for kept records. */
    erasedAt: ts('erased_at'),
    createDate: ts('create_date').notNull().defaultNow(),
    updateDate: ts('update_date').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    uniqueIndex('sessions_active_device_key')
      .on(t.userId, t.deviceId)
      .where(sql`${t.revokedAt} IS NULL`),
    // The sessions used lately, read before a process listens (plugins/auth.ts preload): without it a start
    // read every session ever opened.
    index('sessions_recent_idx')
      .on(t.lastUsedAt)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/** Every refresh token ever issued, hashed; a used one presented again reveals theft. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use tokens already spent (partial-login), kept until they would have expired anyway. */
export const spentTokens = pgTable(
  'spent_tokens',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('spent_tokens_expires_idx').on(t.expiresAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['reset', 'set'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Plans are data (PRODUCT.md section 7). Money is integer satang, VAT included. */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  interval: text('interval', { enum: ['month', 'year', 'trial'] }).notNull(),
  /** Calendar months or years per period; a trial lasts length_days. */
  intervalCount: integer('interval_count').notNull().default(1),
  lengthDays: integer('length_days').notNull(),
  priceSatang: bigint('price_satang', { mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('THB'),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A learner's entitlement in time. At most one is current (trialing, active or canceled) per learner; expired ones
 * are history. `trial` marks the row that began as the learner's one free trial (ever).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['trialing', 'active', 'canceled', 'expired'] }).notNull(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    provider: text('provider').notNull().default('sandbox'),
    providerRef: text('provider_ref'),
    trial: boolean('trial').notNull().default(false),
    /** Day of the month (Bangkok) paid periods end on; shorter months end on their last day. */
    anchorDay: integer('anchor_day'),
    canceledAt: ts('canceled_at'),
    expiredAt: ts('expired_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The card automatic renewal charges (migration 0040): the provider's reference to it (the sandbox's test card;
     * with Stripe the subscription's default payment method, kept by Stripe), its brand and last four digits. Null:
     * nothing renews automatically (PromptPay, a trial, a grant): the learner is reminded instead.
     */
    cardRef: text('card_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Stripe Billing: the subscription and customer at Stripe that renew this one; null with the sandbox. */
    billingRef: text('billing_ref'),
    customerRef: text('customer_ref'),
    /** The `created` time of the last Stripe subscription event applied: an older one arriving later is ignored. */
    billingSyncedAt: ts('billing_synced_at'),
    /** Failed automatic renewals since the last payment; the next attempt; access kept until grace_until. */
    renewalFailures: integer('renewal_failures').notNull().default(0),
    nextRenewalAt: ts('next_renewal_at'),
    graceUntil: ts('grace_until'),
    /**
     * Until when it gives access: the period's end, or the grace period's after a failed renewal. The one column
     * the entitlement rule (entitled_subscriptions), the expiry job and the service read.
     */
    accessUntil: ts('access_until')
      .notNull()
      .generatedAlwaysAs(sql`greatest(current_period_end, coalesce(grace_until, current_period_end))`),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.currentPeriodEnd),
    index('subscriptions_access_until_idx')
      .on(t.accessUntil)
      .where(sql`status in ('trialing', 'active', 'canceled')`),
    uniqueIndex('subscriptions_billing_ref_idx').on(t.billingRef),
    uniqueIndex('subscriptions_one_trial_idx')
      .on(t.userId)
      .where(sql`trial`),
    uniqueIndex('subscriptions_one_current_idx')
      .on(t.userId)
      .where(sql`status in ('trialing', 'active', 'canceled')`),
    index('subscriptions_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`status in ('trialing', 'active', 'canceled')`),
  ],
);

/** Promo codes: percent or amount off, for some plans or all, in a time window, with a redemption cap. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffSatang: bigint('amount_off_satang', { mode: 'number' }),
    /** Plan codes it applies to; null: every paid plan. */
    planCodes: text('plan_codes').array(),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    maxRedemptions: integer('max_redemptions'),
    /** Redemptions held by paid and still-payable orders; never above max_redemptions (a CHECK). */
    redeemedCount: integer('redeemed_count').notNull().default(0),
    oncePerLearner: boolean('once_per_learner').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The console's edit version (EDIT_CONFLICT): raised by an administrator's edit only. Not `xmin` as plans and
     * organisations use: every redemption updates redeemed_count on this row, and is no edit.
     */
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(sql`upper(${t.code})`),
    check('coupons_one_discount', sql`(percent_off is null) <> (amount_off_satang is null)`),
    check('coupons_percent_range', sql`percent_off is null or percent_off between 1 and 100`),
    check('coupons_amount_positive', sql`amount_off_satang is null or amount_off_satang > 0`),
    check('coupons_cap', sql`max_redemptions is null or redeemed_count <= max_redemptions`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    couponId: uuid('coupon_id').references(() => coupons.id),
    subtotalSatang: bigint('subtotal_satang', { mode: 'number' }).notNull(),
    discountSatang: bigint('discount_satang', { mode: 'number' }).notNull(),
    totalSatang: bigint('total_satang', { mode: 'number' }).notNull(),
    vatSatang: bigint('vat_satang', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'expired'] }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    paymentRef: text('payment_ref'),
    method: text('method', { enum: ['card', 'promptpay'] }),
    /** Paid by card, the subscription renews automatically with that card (migration 0040). */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** `renewal`: an automatic renewal charged to the saved card (no learner at a checkout). */
    kind: text('kind', { enum: ['checkout', 'renewal'] })
      .notNull()
      .default('checkout'),
    /**
     * The plan's terms when the order was opened (migration 0027): what the order buys and what its receipt says,
     * whatever the plan's later edits. Null only for an order opened by a version before it: read as the plan.
     */
    planTerms: jsonb('plan_terms').$type<{
      code: string;
      name: string;
      name_en: string;
      interval: 'month' | 'year';
      interval_count: number;
      price_satang: number;
    }>(),
    /** The subscription period this payment bought (set when paid). */
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_provider_ref_idx').on(t.provider, t.providerRef),
    index('orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oncePerLearner: boolean('once_per_learner').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_once_idx')
      .on(t.couponId, t.userId)
      .where(sql`once_per_learner`),
  ],
);

/** Every verified provider event, once: the key makes a second delivery (also a simultaneous one) a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const receipts = pgTable('receipts', {
  id: uuid('id').primaryKey(),
  number: text('number').notNull().unique(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  buyerName: text('buyer_name').notNull(),
  buyerEmail: text('buyer_email').notNull(),
  seller: jsonb('seller').$type<{ name: string; taxId: string; address: string }>().notNull(),
  issuedAt: ts('issued_at').notNull().defaultNow(),
});

/**
 * The last receipt number of each Bangkok year, taken by the receipts_number trigger (migration 0022) in the
 * paying transaction (its row locked until the commit), so receipt numbers run without a gap (a sequence lost a
 * number to every payment rolled back).
 */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** The seller on a tax document, as it was when the document was issued (the config's SELLER_*). */
export type TaxSeller = { name: string; taxId: string; address: string; branch: string };
/** The buyer on a full tax invoice: 13-digit tax ID; branch 'head_office' or a five-digit branch number. */
export type TaxBuyer = { name: string; address: string; taxId: string; branch: string };

/**
 * A full tax invoice (ใบกำกับภาษีเต็มรูป) asked for at checkout: issued in the transaction that marks the order
 * paid (migration 0039).
 */
export const taxInvoiceRequests = pgTable('tax_invoice_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  buyer: jsonb('buyer').$type<TaxBuyer>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Full tax invoices, one per receipt at most (the unique receipt_id). The number is given by the tax_invoices_number
 * trigger from tax_document_counters (migration 0039), as receipts are numbered: gap-free per seller and Bangkok
 * year, and a rolled-back issue gives its number back. Buyer, seller and amounts are snapshots.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull().unique(),
    receiptId: uuid('receipt_id')
      .notNull()
      .unique()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyer: jsonb('buyer').$type<TaxBuyer>().notNull(),
    seller: jsonb('seller').$type<TaxSeller>().notNull(),
    subtotalSatang: bigint('subtotal_satang', { mode: 'number' }).notNull(),
    discountSatang: bigint('discount_satang', { mode: 'number' }).notNull(),
    vatSatang: bigint('vat_satang', { mode: 'number' }).notNull(),
    totalSatang: bigint('total_satang', { mode: 'number' }).notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [
    index('tax_invoices_user_idx').on(t.userId),
    check('tax_invoices_buyer_tax_id', sql`${t.buyer}->>'taxId' ~ '^[0-9]{13}$'`),
    check('tax_invoices_buyer_branch', sql`${t.buyer}->>'branch' ~ '^(head_office|[0-9]{5})$'`),
  ],
);

/**
 * A refund an administrator made of a paid order, fully or in part. The row is written (pending) under the order's
 * lock before the provider is asked, so refunds of one order together never exceed what was paid, also when made
 * at once; it succeeds with the provider's reference, or fails and holds nothing.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountSatang: bigint('amount_satang', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** What happens to the learner's access: ended now, or the period shortened by the refunded share. */
    access: text('access', { enum: ['end', 'shorten'] }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId), check('refunds_amount_positive', sql`amount_satang > 0`)],
);

/**
 * A credit note (ใบลดหนี้) for a refund: one per refund, numbered by the credit_notes_number trigger like tax
 * invoices (its own sequence per seller and Bangkok year). It refers to the order's tax invoice when there is one.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull().unique(),
    refundId: uuid('refund_id')
      .notNull()
      .unique()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    taxInvoiceId: uuid('tax_invoice_id').references(() => taxInvoices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer as the tax invoice names them, or the receipt's name only (address, tax ID and branch empty). */
    buyer: jsonb('buyer').$type<TaxBuyer>().notNull(),
    seller: jsonb('seller').$type<TaxSeller>().notNull(),
    /** The original document's total, and the credited amount (VAT included) with its VAT part. */
    originalTotalSatang: bigint('original_total_satang', { mode: 'number' }).notNull(),
    amountSatang: bigint('amount_satang', { mode: 'number' }).notNull(),
    vatSatang: bigint('vat_satang', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [index('credit_notes_user_idx').on(t.userId), index('credit_notes_order_idx').on(t.orderId)],
);

/**
 * The last number of each kind of tax document ('TI' tax invoices, 'CN' credit notes), seller (tax ID) and Bangkok
 * year, taken by the numbering triggers (migration 0039) in the issuing transaction as receipt_counters is.
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    kind: text('kind', { enum: ['TI', 'CN'] }).notNull(),
    sellerTaxId: text('seller_tax_id').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.sellerTaxId, t.year] })],
);

/** One reminder per subscription, period end and lead time, however often the job runs. */
export const subscriptionReminders = pgTable(
  'subscription_reminders',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    periodEnd: ts('period_end').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.days, t.periodEnd] })],
);

/** Development outbox: with no SMTP_URL every e-mail is kept here and shown at /api/dev/mail. */
export const devMail = pgTable('dev_mail', {
  id: uuid('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** Names, types and sizes of the attached files (the files stay in storage). */
  attachments: jsonb('attachments')
    .$type<{ filename: string; contentType: string; bytes: number }[]>()
    .notNull()
    .default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// Courses and progress (PRODUCT.md sections 4 and 5).

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameTh: text('name_th').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    coverImage: text('cover_image'),
    categoryId: uuid('category_id').references(() => categories.id),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced'] })
      .notNull()
      .default('beginner'),
    language: text('language').notNull().default('th'),
    status: text('status', { enum: ['draft', 'published', 'archived'] })
      .notNull()
      .default('draft'),
    publishedAt: ts('published_at'),
    free: boolean('free').notNull().default(false),
    /** Completing the course earns a certificate. */
    certificateEnabled: boolean('certificate_enabled').notNull().default(true),
    /** The certificate also needs the learner's course evaluation. */
    certificateRequiresEvaluation: boolean('certificate_requires_evaluation').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The console's edit version of the course's own fields (EDIT_CONFLICT): raised by an edit of them only.
     * Not `xmin`: publishing and a new cover write the row too, and are no edit of what the form shows.
     */
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [index('courses_published_idx').on(t.status, t.publishedAt)],
);

/**
 * The summary PDF an author attached to a course (issue 33): learners entitled to the course get it instead of
 * the outline generated from the course. The bytes are in the storage under `storage_key` (named by their hash).
 */
export const courseSummaries = pgTable(
  'course_summaries',
  {
    courseId: uuid('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    check('course_summaries_byte_size_positive', sql`${t.byteSize} > 0`),
    check('course_summaries_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const instructors = pgTable('instructors', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** One line under the name: role, organisation, expertise. */
  headline: text('headline').notNull().default(''),
  bio: text('bio').notNull().default(''),
  avatarUrl: text('avatar_url'),
});

export const courseInstructors = pgTable(
  'course_instructors',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    instructorId: uuid('instructor_id')
      .notNull()
      .references(() => instructors.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.instructorId] })],
);

/** One uploaded or generated video and its HLS renditions in storage under `videos/<id>/`. */
export const videoAssets = pgTable('video_assets', {
  id: uuid('id').primaryKey(),
  status: text('status', { enum: ['queued', 'processing', 'ready', 'failed'] })
    .notNull()
    .default('queued'),
  /** Where the source came from: `upload:<storage key>` or `demo:<cache key>`. */
  source: text('source').notNull(),
  durationSeconds: integer('duration_seconds').notNull().default(0),
  renditions: jsonb('renditions')
    .$type<{ name: string; width: number; height: number; bandwidth: number }[]>()
    .notNull()
    .default([]),
  /** Percent of the transcoding done while processing (from ffmpeg's progress), 100 when ready. */
  progress: integer('progress').notNull().default(0),
  hasPoster: boolean('has_poster').notNull().default(false),
  captions: jsonb('captions').$type<{ lang: string; label: string }[]>().notNull().default([]),
  /** The video's uid at Cloudflare Stream, when it is also hosted there. */
  cloudflareUid: text('cloudflare_uid'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const episodes = pgTable(
  'episodes',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    sectionTitle: text('section_title'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    isTeaser: boolean('is_teaser').notNull().default(false),
    published: boolean('published').notNull().default(true),
    videoAssetId: uuid('video_asset_id').references(() => videoAssets.id, { onDelete: 'set null' }),
    /**
     * The console's edit version of the episode's own fields (EDIT_CONFLICT), as `courses.version`: raised by an
     * edit of them only, not by its video, its place in the order or its duration.
     */
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [index('episodes_course_idx').on(t.courseId, t.sort)],
);

/**
 * One row per learner and episode; the rules of PRODUCT.md section 5 hold in the upsert itself. No index
 * covers a column a save changes (updated_at, the position, the played seconds), so a save is a HOT update,
 * with room left on each page (fillfactor 85, migration 0021).
 */
export const episodeProgress = pgTable(
  'episode_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lastSecond: integer('last_second').notNull().default(0),
    completionPercentage: integer('completion_percentage').notNull().default(0),
    firstWatchedAt: ts('first_watched_at'),
    watchedAt: ts('watched_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The seconds played: the union of the ranges the player sent (decision 015). */
    played: seconds('played').notNull().default(noSeconds),
    /** What the latest save added to `played` (its row in played_seconds_log, for the retention job). */
    playedAdded: seconds('played_added').notNull().default(noSeconds),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.episodeId] }),
    index('episode_progress_user_course_idx').on(t.userId, t.courseId),
    index('episode_progress_course_user_idx').on(t.courseId, t.userId),
  ],
);

/** Seconds newly played, one row per save that added some; the retention job consumes and deletes them. */
export const playedSecondsLog = pgTable('played_seconds_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  episodeId: uuid('episode_id').notNull(),
  added: seconds('added').notNull(),
  /** The learner's first played seconds of this episode: one more viewer. */
  newViewer: boolean('new_viewer').notNull(),
  at: ts('at').notNull().defaultNow(),
});

/**
 * Each learner's watch-time budget (PRODUCT.md section 5, decision 015): a token bucket of seconds that refills
 * at the player's top speed (2 s of video per second) up to a small fixed slack; a progress save is credited
 * new seconds only as far as the bucket holds them, across all of the learner's episodes. `granted` is what the
 * latest save was given (the save's statement reads it back). The rule is in SQL: watch_available.
 */
export const watchBudgets = pgTable('watch_budgets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokens: doublePrecision('tokens').notNull(),
  at: ts('at').notNull(),
  granted: integer('granted').notNull().default(0),
});

/** Per course and learner, the saves the watch-time budget cut and the seconds it did not credit (admin). */
export const progressCuts = pgTable(
  'progress_cuts',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    savesCut: integer('saves_cut').notNull(),
    secondsCut: integer('seconds_cut').notNull(),
    firstCutAt: ts('first_cut_at').notNull().defaultNow(),
    lastCutAt: ts('last_cut_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] })],
);

/**
 * Per episode, how the number of viewers changes at each second (kept by the retention job from the log): a
 * played range [a, b) counts +1 at a and -1 at b, so the viewers of second s are the sum of the changes up to
 * s. A save adds two changes whatever its length, and a learner's consecutive ranges cancel where they meet.
 */
export const episodeRetentionSteps = pgTable(
  'episode_retention_steps',
  {
    episodeId: uuid('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    second: integer('second').notNull(),
    change: integer('change').notNull(),
  },
  (t) => [primaryKey({ columns: [t.episodeId, t.second] })],
);

/** Per episode, how many learners played any of it (the denominator of its retention curve). */
export const episodeViewers = pgTable('episode_viewers', {
  episodeId: uuid('episode_id')
    .primaryKey()
    .references(() => episodes.id, { onDelete: 'cascade' }),
  viewers: integer('viewers').notNull(),
});

/** Days on which a learner played something new (active learners per day and week), from the same log. */
export const learnerDays = pgTable(
  'learner_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  requiresContact: boolean('requires_contact').notNull().default(false),
  /** A learner who enters this code joins the organisation (given out by the organisation's admin). */
  inviteCode: text('invite_code').unique(),
  /** Learners who sign in with this OpenID Connect provider (`siriraj`) join the organisation. */
  ssoProvider: text('sso_provider').unique(),
  /** Learners with a confirmed e-mail address at one of these domains (lower case) join the organisation. */
  emailDomains: text('email_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Devices the owner proved by a reset link (the reset page sends its device): the account-wide login limit skips
 * them as it does devices with a session since the credentials last changed (decision 010), so guesses elsewhere
 * cannot keep the owner out.
 */
export const provenDevices = pgTable(
  'proven_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    provenAt: ts('proven_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);

/**
 * Learners an administrator took out of an organisation: no automatic join (e-mail domain, partner sign-in)
 * puts them back. An administrator adding them again, or the learner entering the invite code, lifts it.
 */
export const organizationRemovals = pgTable(
  'organization_removals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedAt: ts('removed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

/**
 * An OpenID Connect sign-in on its way (PRODUCT.md section 3): the state the provider must send back, the
 * nonce its ID token must carry, and the PKCE challenge the browser's verifier must answer. Used once.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    state: text('state').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/** Contact details of a learner (one per learner), asked by the contact guard. */
export const contacts = pgTable('contacts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  organization: text('organization').notNull(),
  position: text('position').notNull(),
  province: text('province').notNull(),
  consentedAt: ts('consented_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** "Teach with us" applications, for the admin console. */
export const instructorApplications = pgTable(
  'instructor_applications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    topic: text('topic').notNull(),
    experience: text('experience'),
    portfolioUrl: text('portfolio_url'),
    status: text('status', { enum: ['new', 'contacted', 'accepted', 'declined'] })
      .notNull()
      .default('new'),
    /** The administrator's note when marking it handled (contacted, accepted or declined). */
    note: text('note'),
    handledAt: ts('handled_at'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('instructor_applications_created_idx').on(t.createdAt)],
);

/** Courses an organisation grants to its members (`grant`) or recommends to them (`recommend`). */
export const organizationCourses = pgTable(
  'organization_courses',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['grant', 'recommend'] }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.courseId, t.kind] })],
);

export const courseTags = pgTable(
  'course_tags',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tag] }), index('course_tags_tag_idx').on(t.tag)],
);

// Quizzes, tests, evaluations and certificates (PRODUCT.md section 6).

/** A quiz after an episode, or the pre-test or post-test of a course. */
export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The episode an `episode_quiz` follows; null for the course's pre- and post-test. */
    episodeId: uuid('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['episode_quiz', 'pre_test', 'post_test'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Percent of the points needed to pass. */
    passingScore: integer('passing_score').notNull().default(60),
    /** null: unlimited. */
    maxAttempts: integer('max_attempts'),
    timeLimitSeconds: integer('time_limit_seconds'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    /**
     * A pool: each attempt draws this many of the questions not retired (spread over their topics, a post-test
     * avoiding those the learner met in the pre-test where it can); null: every question (issue 30).
     */
    questionsPerAttempt: integer('questions_per_attempt'),
    /** Right answers and explanations shown after a pass or the last attempt; false: never (issue 30). */
    revealAnswers: boolean('reveal_answers').notNull().default(true),
    /** A pre-test the learner may skip. */
    skippable: boolean('skippable').notNull().default(false),
    published: boolean('published').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The version learners' attempts start on: moved on by every edit, of the settings or the questions. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The console's edit version of the settings (EDIT_CONFLICT), as `courses.version`: raised by an edit of them
     * only (a question's edit moves `updated_at`, and is no edit of what the settings form shows).
     */
    editVersion: bigint('edit_version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [
    index('assessments_course_idx').on(t.courseId),
    check(
      'assessments_questions_per_attempt_positive',
      sql`${t.questionsPerAttempt} is null or ${t.questionsPerAttempt} >= 1`,
    ),
    uniqueIndex('assessments_episode_quiz_key')
      .on(t.episodeId)
      .where(sql`${t.kind} = 'episode_quiz'`),
    uniqueIndex('assessments_course_test_key')
      .on(t.courseId, t.kind)
      .where(sql`${t.kind} <> 'episode_quiz'`),
  ],
);

export const assessmentQuestions = pgTable(
  'assessment_questions',
  {
    id: uuid('id').primaryKey(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    kind: text('kind', { enum: ['single', 'multiple', 'true_false'] }).notNull(),
    prompt: text('prompt').notNull(),
    explanation: text('explanation').notNull().default(''),
    /** What the question is about: a graded attempt lists the topics of the questions not answered right. */
    topic: text('topic').notNull().default(''),
    points: integer('points').notNull().default(1),
    /**
     * A question learners have already been shown is never deleted (their attempts point at it): retiring
     * it keeps it for those attempts' results and leaves it out of every attempt started afterwards.
     */
    retiredAt: ts('retired_at'),
  },
  (t) => [index('assessment_questions_assessment_idx').on(t.assessmentId, t.sort)],
);

export const assessmentChoices = pgTable(
  'assessment_choices',
  {
    id: uuid('id').primaryKey(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => assessmentQuestions.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    label: text('label').notNull(),
    correct: boolean('correct').notNull().default(false),
  },
  (t) => [index('assessment_choices_question_idx').on(t.questionId, t.sort)],
);

/**
 * One attempt of a learner: started, answers saved as they go, then submitted and graded once. At most one
 * in progress per learner and assessment, and numbers are unique, so the attempt limit holds under races.
 */
export const assessmentAttempts = pgTable(
  'assessment_attempts',
  {
    id: uuid('id').primaryKey(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ['in_progress', 'submitted'] })
      .notNull()
      .default('in_progress'),
    /** Question ids in the order this attempt shows them. */
    questionOrder: uuid('question_order').array().notNull(),
    /** questionId → choice ids. */
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull().default({}),
    startedAt: ts('started_at').notNull().defaultNow(),
    deadlineAt: ts('deadline_at'),
    /**
     * The pass mark the attempt is graded at: the test's when it started (an editor's change meanwhile is for
     * later attempts). Null only for attempts graded before it was kept (migration 0028).
     */
    passingScore: integer('passing_score'),
    savedAt: ts('saved_at'),
    submittedAt: ts('submitted_at'),
    late: boolean('late').notNull().default(false),
    pointsEarned: doublePrecision('points_earned'),
    pointsTotal: integer('points_total'),
    score: doublePrecision('score'),
    passed: boolean('passed'),
    /** Per question: correct, points earned (kept so a later edit of the test does not change a grade). */
    grading: jsonb('grading').$type<{ questionId: string; correct: boolean; pointsEarned: number }[]>(),
  },
  (t) => [
    uniqueIndex('assessment_attempts_number_key').on(t.userId, t.assessmentId, t.number),
    uniqueIndex('assessment_attempts_open_key')
      .on(t.userId, t.assessmentId)
      .where(sql`${t.status} = 'in_progress'`),
  ],
);

/** Questions of the course evaluation form; only the active ones are asked. */
export const evaluationQuestions = pgTable('evaluation_questions', {
  id: uuid('id').primaryKey(),
  sort: integer('sort').notNull(),
  kind: text('kind', { enum: ['rating', 'choice', 'text'] }).notNull(),
  promptTh: text('prompt_th').notNull(),
  promptEn: text('prompt_en').notNull(),
  choices: jsonb('choices').$type<{ id: string; labelTh: string; labelEn: string }[]>().notNull().default([]),
  required: boolean('required').notNull().default(false),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One evaluation per learner and course. */
export const courseEvaluations = pgTable(
  'course_evaluations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    answers: jsonb('answers')
      .$type<{ questionId: string; rating?: number; choiceId?: string; text?: string }[]>()
      .notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_evaluations_user_course_key').on(t.userId, t.courseId),
    index('course_evaluations_course_idx').on(t.courseId),
  ],
);

/** One certificate per learner and course, with a random public code; its PDF is made once and stored. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    /** The learner's name as on the profile when the certificate was issued. */
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    /** Storage key of the PDF, once made. */
    pdfKey: text('pdf_key'),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    /**
     * Its place in the published revocation list (Bitstring Status List): list number and bit, drawn at random
     * once, with the signed credential (a compact VC-JWT) and the key that signed it (docs/decisions/019).
     */
    statusList: integer('status_list'),
    statusIndex: integer('status_index'),
    credentialJwt: text('credential_jwt'),
    credentialKeyId: text('credential_key_id'),
    /** The holder closed the account: the public page says they removed it; name and credential are gone. */
    holderRemovedAt: ts('holder_removed_at'),
  },
  (t) => [
    uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId),
    uniqueIndex('certificates_status_key').on(t.statusList, t.statusIndex),
    check(
      'certificates_status_range',
      sql`${t.statusList} >= 1 and ${t.statusIndex} >= 0 and ${t.statusIndex} < 131072`,
    ),
  ],
);

/**
 * Public keys that ever signed a credential, by key id (the JWK thumbprint): all stay published, so a
 * credential signed before a key rotation still verifies.
 */
export const credentialKeys = pgTable('credential_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Every write made through the admin console: who, what, the row before and after, when. Written in the
 * transaction of the change it records, so a change without its record cannot exist.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was done, e.g. `course.update`, `user.role`, `session.revoke`. */
    action: text('action').notNull(),
    /** The kind of thing changed (`course`, `user`, …) and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

// ---- Personal data (PDPA): docs/privacy.md and docs/decisions/025 ----

/**
 * The terms of use and the privacy notice, in versions with the date each takes effect. The newest version in
 * effect is the one a learner must have accepted; an earlier acceptance stays on record.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['terms', 'privacy'] }).notNull(),
    version: integer('version').notNull(),
    effectiveAt: ts('effective_at').notNull(),
    titleTh: text('title_th').notNull(),
    titleEn: text('title_en').notNull(),
    /** The text, in paragraphs separated by a blank line; `## ` starts a heading. */
    bodyTh: text('body_th').notNull(),
    bodyEn: text('body_en').notNull(),
    /** What changed from the previous version, shown when a learner is asked again. */
    changesTh: text('changes_th').notNull().default(''),
    changesEn: text('changes_en').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('legal_documents_kind_version_key').on(t.kind, t.version)],
);

/** Who accepted which version, when and from where (kept when a newer version is accepted). */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'restrict' }),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] })],
);

/** Every change of a learner's consent (mail kinds, analytics scripts), with its time: the history, newest last. */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['news', 'promotions', 'reminders', 'analytics'] }).notNull(),
    granted: boolean('granted').notNull(),
    /** Where it was given or withdrawn. */
    source: text('source', {
      enum: ['registration', 'account', 'banner', 'unsubscribe', 'staff', 'closure'],
    }).notNull(),
    at: ts('at').notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [index('consent_events_user_idx').on(t.userId, t.at)],
);

/**
 * Data requests under the PDPA (access, erasure, correction, objection), from learners or entered by staff,
 * each answered within 30 days (`due_at`).
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who asked, as they gave it (the learner's address; erased with the account). */
    requesterEmail: text('requester_email').notNull(),
    kind: text('kind', { enum: ['access', 'erasure', 'correction', 'objection'] }).notNull(),
    source: text('source', { enum: ['learner', 'staff'] }).notNull(),
    status: text('status', { enum: ['open', 'in_progress', 'done', 'rejected'] })
      .notNull()
      .default('open'),
    details: text('details').notNull().default(''),
    resolution: text('resolution').notNull().default(''),
    receivedAt: ts('received_at').notNull().defaultNow(),
    dueAt: ts('due_at').notNull(),
    closedAt: ts('closed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('data_requests_status_due_idx').on(t.status, t.dueAt),
    index('data_requests_user_idx').on(t.userId),
  ],
);

/** A learner's data, packed as a ZIP by a job, downloadable for 7 days; one being built at a time. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => dataRequests.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
    /** Storage key of the ZIP while it may be downloaded; removed with the file. */
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId),
    uniqueIndex('data_exports_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('data_exports_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
  ],
);

/**
 * A learner's request to close the account: erased when `due_at` (14 days later) passes unless cancelled
 * (signing in cancels it). One open request per learner.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => dataRequests.id, { onDelete: 'set null' }),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    dueAt: ts('due_at').notNull(),
    cancelledAt: ts('cancelled_at'),
    erasedAt: ts('erased_at'),
  },
  (t) => [
    uniqueIndex('account_closures_open_key')
      .on(t.userId)
      .where(sql`${t.cancelledAt} IS NULL AND ${t.erasedAt} IS NULL`),
    index('account_closures_due_idx')
      .on(t.dueAt)
      .where(sql`${t.cancelledAt} IS NULL AND ${t.erasedAt} IS NULL`),
  ],
);

// ---- Organisations as customers (issue 35): managers, invitations, groups, course assignments ----

/** Who manages an organisation's learning in the /org console (several per organisation; any user). */
export const organizationManagers = pgTable(
  'organization_managers',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('organization_managers_user_idx').on(t.userId),
  ],
);

/**
 * An invitation to join an organisation (as a member or a manager) sent by e-mail: the link carries a token
 * whose hash is kept; it expires, can be sent again (counted) or withdrawn. One open invitation per address.
 */
export const organizationInvites = pgTable(
  'organization_invites',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['member', 'manager'] })
      .notNull()
      .default('member'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
    sendCount: integer('send_count').notNull().default(1),
    acceptedAt: ts('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('organization_invites_open_key')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);

/** Groups of an organisation's members (a ward, a class), to assign courses to many at once. */
export const organizationGroups = pgTable(
  'organization_groups',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organization_groups_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

export const organizationGroupMembers = pgTable(
  'organization_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => organizationGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('organization_group_members_user_idx').on(t.userId),
  ],
);

/**
 * A course a manager assigned to a member (directly or through a group), with an optional due date; reminders
 * sent before the date and once overdue are recorded so each goes once.
 */
export const courseAssignments = pgTable(
  'course_assignments',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => organizationGroups.id, { onDelete: 'set null' }),
    dueAt: ts('due_at'),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    remindedAt: ts('reminded_at'),
    overdueRemindedAt: ts('overdue_reminded_at'),
  },
  (t) => [
    uniqueIndex('course_assignments_key').on(t.organizationId, t.courseId, t.userId),
    index('course_assignments_user_idx').on(t.userId),
    index('course_assignments_due_idx').on(t.dueAt),
  ],
);

/** The weekly digest mailed to an organisation's managers: one per organisation and week. */
export const organizationDigests = pgTable(
  'organization_digests',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    weekStart: date('week_start').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.weekStart] })],
);

/**
 * Seats an organisation has for a plan (issue 35): granted by an administrator (a contract signed outside the
 * platform). Members take the seats on joining, in the order they joined; a seat gives what the plan gives
 * (every course) until `ends_at`. One pool per organisation; a new contract edits it.
 */
export const organizationSeatPools = pgTable(
  'organization_seat_pools',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    seats: integer('seats').notNull(),
    endsAt: ts('ends_at').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [check('organization_seat_pools_seats', sql`seats between 1 and 100000`)],
);

/**
 * Who holds one of an organisation's seats: one seat per learner. Written only by organization_seats_follow
 * (migration 0044), which a trigger on users runs whenever a membership changes, under the pool's row lock.
 */
export const organizationSeats = pgTable(
  'organization_seats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizationSeatPools.organizationId, { onDelete: 'cascade' }),
    takenAt: ts('taken_at').notNull().defaultNow(),
  },
  (t) => [index('organization_seats_org_idx').on(t.organizationId)],
);
