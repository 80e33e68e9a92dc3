import type { TaxBuyer, TaxSeller } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { creditNotes, orders, receipts, taxInvoices } from '../../db/schema.js';

/** SQL of full tax invoices, their requests at checkout, and credit notes (migration 0039). */
type Q = Pick<TxClient, 'query'> | Db['$client'];

const num = (v: string | number) => Number(v);

/** A tax invoice with the numbers of its receipt and order. */
type InvoiceColumns = RowOf<typeof taxInvoices> & {
  receipt_number: RowOf<typeof receipts>['number'];
  order_number: RowOf<typeof orders>['number'];
  plan_terms: RowOf<typeof orders>['plan_terms'];
  period_start: RowOf<typeof orders>['period_start'];
  period_end: RowOf<typeof orders>['period_end'];
};
export type TaxInvoiceRow = ReturnType<typeof toInvoice>;
const toInvoice = (r: InvoiceColumns) => ({
  ...r,
  subtotal_satang: num(r.subtotal_satang),
  discount_satang: num(r.discount_satang),
  vat_satang: num(r.vat_satang),
  total_satang: num(r.total_satang),
});
const INVOICE = `select t.*, r.number as receipt_number, o.number as order_number, o.plan_terms, o.period_start,
    o.period_end
  from tax_invoices t join receipts r on r.id = t.receipt_id join orders o on o.id = t.order_id`;

/**
 * Issues the full tax invoice of a receipt of `userId`, from the receipt's order's amounts. The number is the
 * database's (the tax_invoices_number trigger): the next of the seller's Bangkok year without a gap, given back
 * when the transaction rolls back. The trigger locks the receipt first, so requests for one receipt take turns,
 * and one that finds the invoice there inserts nothing: answers whether this call issued it.
 */
export async function issueForReceipt(
  db: Q,
  t: { id: string; receiptId: string; userId: string; buyer: TaxBuyer; seller: TaxSeller },
) {
  const { rows } = await db.query<{ id: string }>(
    `insert into tax_invoices (id, number, receipt_id, order_id, user_id, buyer, seller, subtotal_satang,
       discount_satang, vat_satang, total_satang)
     select $1, '', r.id, o.id, r.user_id, $4::jsonb, $5::jsonb, o.subtotal_satang, o.discount_satang,
       o.vat_satang, o.total_satang
     from receipts r join orders o on o.id = r.order_id where r.id = $2 and r.user_id = $3
     on conflict (receipt_id) do nothing
     returning id`,
    [t.id, t.receiptId, t.userId, JSON.stringify(t.buyer), JSON.stringify(t.seller)],
  );
  return rows.length > 0;
}

/**
 * At the payment of an order (in its transaction, after its receipt): the full tax invoice asked for at
 * checkout, if one was. Answers its id, or undefined when none was asked for (or it exists already).
 */
export async function issueRequested(db: Q, orderId: string, id: string, seller: TaxSeller) {
  const { rows } = await db.query<{ id: string }>(
    `insert into tax_invoices (id, number, receipt_id, order_id, user_id, buyer, seller, subtotal_satang,
       discount_satang, vat_satang, total_satang)
     select $2, '', r.id, o.id, r.user_id, q.buyer, $3::jsonb, o.subtotal_satang, o.discount_satang,
       o.vat_satang, o.total_satang
     from tax_invoice_requests q join orders o on o.id = q.order_id join receipts r on r.order_id = o.id
     where q.order_id = $1 and o.total_satang > 0
     on conflict (receipt_id) do nothing
     returning id`,
    [orderId, id, JSON.stringify(seller)],
  );
  return rows[0]?.id;
}

/** Keeps (or replaces) the buyer an unpaid order's tax invoice will name. */
export async function saveRequest(db: Q, orderId: string, buyer: TaxBuyer) {
  await db.query(
    `insert into tax_invoice_requests (order_id, buyer) values ($1, $2::jsonb)
     on conflict (order_id) do update set buyer = excluded.buyer, created_at = now()`,
    [orderId, JSON.stringify(buyer)],
  );
}

export async function invoiceOfReceipt(db: Q, receiptId: string) {
  const { rows } = await db.query<InvoiceColumns>(`${INVOICE} where t.receipt_id = $1`, [receiptId]);
  return rows[0] ? toInvoice(rows[0]) : undefined;
}

export async function invoiceById(db: Q, id: string) {
  const { rows } = await db.query<InvoiceColumns>(`${INVOICE} where t.id = $1`, [id]);
  return rows[0] ? toInvoice(rows[0]) : undefined;
}

/** One tax invoice by number: the learner's own (`userId`), or any (the console: null). */
export async function invoiceByNumber(db: Q, number: string, userId: string | null) {
  const { rows } = await db.query<InvoiceColumns>(
    `${INVOICE} where t.number = $1 and ($2::uuid is null or t.user_id = $2)`,
    [number, userId],
  );
  return rows[0] ? toInvoice(rows[0]) : undefined;
}

export async function invoicesOf(db: Q, userId: string) {
  const { rows } = await db.query<InvoiceColumns>(
    `${INVOICE} where t.user_id = $1 order by t.issued_at desc, t.number desc limit 200`,
    [userId],
  );
  return rows.map(toInvoice);
}

/** The buyer of the learner's latest tax invoice or checkout request: what their next form starts with. */
export async function lastBuyer(db: Q, userId: string) {
  const { rows } = await db.query<{ buyer: TaxBuyer }>(
    `select buyer from (
       select buyer, issued_at as at from tax_invoices where user_id = $1
       union all
       select q.buyer, q.created_at from tax_invoice_requests q join orders o on o.id = q.order_id
       where o.user_id = $1
     ) b order by at desc limit 1`,
    [userId],
  );
  return rows[0]?.buyer;
}

/** A receipt of the learner by its number, its order locked (a payment or a refund of it waits). */
export async function receiptOf(db: Q, userId: string, number: string) {
  const { rows } = await db.query<
    Pick<RowOf<typeof receipts>, 'id' | 'order_id'> & { total_satang: RowOf<typeof orders>['total_satang'] }
  >(
    `select r.id, r.order_id, o.total_satang from receipts r join orders o on o.id = r.order_id
     where r.user_id = $1 and r.number = $2`,
    [userId, number],
  );
  return rows[0] ? { ...rows[0], total_satang: num(rows[0].total_satang) } : undefined;
}

/** One of the learner's orders, locked: its status decides whether a request is kept or issued now. */
export async function orderOf(db: Q, userId: string, orderId: string) {
  const { rows } = await db.query<
    Pick<RowOf<typeof orders>, 'id' | 'status'> & {
      total_satang: RowOf<typeof orders>['total_satang'];
      receipt_id: RowOf<typeof receipts>['id'] | null;
    }
  >(
    `select o.id, o.status, o.total_satang, r.id as receipt_id from orders o
     left join receipts r on r.order_id = o.id
     where o.id = $1 and o.user_id = $2 for update of o`,
    [orderId, userId],
  );
  return rows[0] ? { ...rows[0], total_satang: num(rows[0].total_satang) } : undefined;
}

/** A credit note with the numbers of what it refers to. */
type CreditColumns = RowOf<typeof creditNotes> & {
  receipt_number: RowOf<typeof receipts>['number'];
  order_number: RowOf<typeof orders>['number'];
  tax_invoice_number: RowOf<typeof taxInvoices>['number'] | null;
  original_vat_satang: RowOf<typeof orders>['vat_satang'];
};
export type CreditNoteRow = ReturnType<typeof toCredit>;
const toCredit = (r: CreditColumns) => ({
  ...r,
  original_total_satang: num(r.original_total_satang),
  original_vat_satang: num(r.original_vat_satang),
  amount_satang: num(r.amount_satang),
  vat_satang: num(r.vat_satang),
});
const CREDIT = `select n.*, r.number as receipt_number, o.number as order_number, t.number as tax_invoice_number,
    o.vat_satang as original_vat_satang
  from credit_notes n join receipts r on r.id = n.receipt_id join orders o on o.id = n.order_id
  left join tax_invoices t on t.id = n.tax_invoice_id`;

export async function creditNoteByNumber(db: Q, number: string, userId: string | null) {
  const { rows } = await db.query<CreditColumns>(
    `${CREDIT} where n.number = $1 and ($2::uuid is null or n.user_id = $2)`,
    [number, userId],
  );
  return rows[0] ? toCredit(rows[0]) : undefined;
}

export async function creditNoteByRefund(db: Q, refundId: string) {
  const { rows } = await db.query<CreditColumns>(`${CREDIT} where n.refund_id = $1`, [refundId]);
  return rows[0] ? toCredit(rows[0]) : undefined;
}

export async function creditNotesOf(db: Q, userId: string) {
  const { rows } = await db.query<CreditColumns>(
    `${CREDIT} where n.user_id = $1 order by n.issued_at desc, n.number desc limit 200`,
    [userId],
  );
  return rows.map(toCredit);
}

/**
 * The credit note of a succeeded refund, numbered by the credit_notes_number trigger (its own gap-free sequence
 * per seller and year). The buyer is the order's tax invoice's, or the receipt's name alone.
 */
export async function issueCreditNote(
  db: Q,
  n: { id: string; refundId: string; seller: TaxSeller; vatSatang: number },
) {
  const { rows } = await db.query<{ id: string }>(
    `insert into credit_notes (id, number, refund_id, order_id, receipt_id, tax_invoice_id, user_id, buyer, seller,
       original_total_satang, amount_satang, vat_satang, reason)
     select $1, '', f.id, o.id, r.id, t.id, o.user_id,
       coalesce(t.buyer, jsonb_build_object('name', r.buyer_name, 'address', '', 'taxId', '', 'branch', '')),
       $3::jsonb, o.total_satang, f.amount_satang, $4, f.reason
     from refunds f join orders o on o.id = f.order_id join receipts r on r.order_id = o.id
     left join tax_invoices t on t.receipt_id = r.id
     where f.id = $2
     on conflict (refund_id) do nothing
     returning id`,
    [n.id, n.refundId, JSON.stringify(n.seller), n.vatSatang],
  );
  return rows[0]?.id;
}
