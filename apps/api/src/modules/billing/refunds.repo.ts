import type { AdminOrder, AdminOrderDetail, AdminOrderQuery, AdminRefund } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';
import type { RowOf } from '../../db/rows.js';
import { USER_NAME } from '../../db/user-name.js';
import type { creditNotes, orders, plans, receipts, refunds, taxInvoices, users } from '../../db/schema.js';

/** SQL of the console's orders and of refunds (migration 0039). */
type Q = Db['$client'] | TxClient;

/** A refund holds its amount while pending and once succeeded; a failed one holds nothing. */
const HELD = `coalesce((select sum(f.amount_satang) from refunds f where f.order_id = o.id and f.status <> 'failed'), 0)`;

const ORDER = `select o.*, u.email, ${USER_NAME} as name, coalesce(o.plan_terms->>'code', p.code) as plan_code,
    r.number as receipt_number, t.number as tax_invoice_number, ${HELD} as refunded_satang
  from orders o join users u on u.id = o.user_id join plans p on p.id = o.plan_id
  left join receipts r on r.order_id = o.id left join tax_invoices t on t.receipt_id = r.id`;
type OrderColumns = RowOf<typeof orders> & {
  email: RowOf<typeof users>['email'];
  name: string;
  plan_code: RowOf<typeof plans>['code'];
  receipt_number: RowOf<typeof receipts>['number'] | null;
  tax_invoice_number: RowOf<typeof taxInvoices>['number'] | null;
  /** A sum of bigints: numeric, read as a string. */
  refunded_satang: string;
};

const toOrder = (r: OrderColumns): AdminOrder => ({
  id: r.id,
  number: r.number,
  status: r.status,
  user: { id: r.user_id, email: r.email, name: r.name },
  planCode: r.plan_code,
  totalSatang: Number(r.total_satang),
  refundedSatang: Number(r.refunded_satang),
  provider: r.provider,
  receiptNumber: r.receipt_number,
  createdAt: r.created_at.toISOString(),
  paidAt: r.paid_at?.toISOString() ?? null,
});

const SORT: Record<AdminOrderQuery['sort'], string> = { createdAt: 'x.created_at', total: 'x.total_satang' };

export function listOrders(db: Q, q: AdminOrderQuery) {
  return pageOfRows(
    db,
    `${ORDER} where ($1::text is null or o.status = $1)
       and ($2::text is null or o.number ilike '%' || $2 || '%' or u.email ilike '%' || $2 || '%'
            or r.number ilike '%' || $2 || '%')`,
    [q.status ?? null, likeTerm(q.q)],
    [SORT[q.sort], 'x.id'],
    q,
    toOrder,
  );
}

type RefundColumns = RowOf<typeof refunds> & {
  credit_note_number: RowOf<typeof creditNotes>['number'] | null;
};
const toRefund = (r: RefundColumns): AdminRefund => ({
  id: r.id,
  amountSatang: Number(r.amount_satang),
  reason: r.reason,
  access: r.access,
  status: r.status,
  providerRef: r.provider_ref,
  creditNoteNumber: r.credit_note_number,
  createdAt: r.created_at.toISOString(),
});

/**
 * One order with its refunds; `lock` holds the order's row first, so refunds of one order take turns and
 * each sees what the others hold.
 */
export async function orderDetail(db: Q, id: string, lock = false): Promise<AdminOrderDetail | undefined> {
  if (lock) await db.query(`select 1 from orders where id = $1 for update`, [id]);
  const { rows } = await db.query<OrderColumns>(`${ORDER} where o.id = $1`, [id]);
  const r = rows[0];
  if (!r) return undefined;
  const { rows: refundRows } = await db.query<RefundColumns>(
    `select f.*, n.number as credit_note_number from refunds f left join credit_notes n on n.refund_id = f.id
     where f.order_id = $1 order by f.created_at, f.id`,
    [id],
  );
  const order = toOrder(r);
  return {
    ...order,
    subtotalSatang: Number(r.subtotal_satang),
    discountSatang: Number(r.discount_satang),
    vatSatang: Number(r.vat_satang),
    method: r.method,
    paymentRef: r.payment_ref,
    periodStart: r.period_start?.toISOString() ?? null,
    periodEnd: r.period_end?.toISOString() ?? null,
    taxInvoiceNumber: r.tax_invoice_number,
    refundableSatang: r.status === 'paid' ? Math.max(0, order.totalSatang - order.refundedSatang) : 0,
    refunds: refundRows.map(toRefund),
  };
}

export async function insertRefund(
  db: Q,
  f: {
    id: string;
    orderId: string;
    userId: string;
    amountSatang: number;
    reason: string;
    access: 'end' | 'shorten';
    provider: string;
    createdBy: string;
  },
) {
  await db.query(
    `insert into refunds (id, order_id, user_id, amount_satang, reason, access, status, provider, created_by)
     values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8)`,
    [f.id, f.orderId, f.userId, f.amountSatang, f.reason, f.access, f.provider, f.createdBy],
  );
}

/** The provider's answer: the refund succeeded (with its reference) or failed (and holds nothing). */
export async function settleRefund(
  db: Q,
  id: string,
  status: 'succeeded' | 'failed',
  providerRef: string | null,
) {
  const { rows } = await db.query<{ id: string }>(
    `update refunds set status = $2, provider_ref = $3, updated_at = now() where id = $1 and status = 'pending'
     returning id`,
    [id, status, providerRef],
  );
  return rows.length > 0;
}

/**
 * Moves a subscription's period end (a refund ending or shortening it). A failed renewal's grace period ends with it
 * (access_until would otherwise keep the refunded days open), and its retries stop.
 */
export async function setPeriodEnd(db: Q, subscriptionId: string, end: Date) {
  await db.query(
    `update subscriptions set current_period_end = $2, grace_until = null, next_renewal_at = null,
       renewal_failures = 0, updated_at = now()
     where id = $1`,
    [subscriptionId, end],
  );
}
