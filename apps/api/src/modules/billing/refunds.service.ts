import { vatIncluded, type AdminOrderDetail, type AdminOrderQuery, type RefundBody } from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, type Db, type TxClient } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { auditedWrite, recordAudit } from '../audit/index.js';
import { currentSubscription, expireEnded, lockLearner } from './billing.repo.js';
import { periodEndAfterRefund } from './refund-period.js';
import * as repo from './refunds.repo.js';
import type { PaymentProvider } from './providers/provider.js';
import { issueCreditNote } from './tax-invoices.repo.js';
import type { TaxInvoicesService } from './tax-invoices.service.js';

export interface RefundsDeps {
  db: Db;
  provider: PaymentProvider;
  taxInvoices: TaxInvoicesService;
  log: FastifyBaseLogger;
}

/** What the audit log records of an order's refunds and of the access they changed. */
type RefundState = AdminOrderDetail & {
  subscription: { id: string; status: string; currentPeriodEnd: string; billingRef: string | null } | null;
};
const recorded = (s: RefundState) => ({
  status: s.status,
  totalSatang: s.totalSatang,
  refundedSatang: s.refundedSatang,
  refunds: s.refunds.map((r) => ({
    id: r.id,
    amountSatang: r.amountSatang,
    status: r.status,
    access: r.access,
  })),
  subscription: s.subscription,
});

/**
 * The console's orders and refunds. A refund is made in three steps, each audited or recorded:
 * 1. under the order's lock, a pending refund takes its amount (never past what was paid, also when made at once);
 * 2. the provider refunds (Stripe's Refunds API, or the sandbox at once), keyed by the refund's id;
 * 3. the refund succeeds: its credit note is issued (numbered gap-free) and the learner's access ends or is
 *    shortened by the refunded share, in one transaction under the learner's billing lock; or it fails and holds
 *    nothing. The learner is told by e-mail, the credit note attached.
 */
export class RefundsService {
  constructor(private readonly deps: RefundsDeps) {}
  private get db() {
    return this.deps.db;
  }

  listOrders(q: AdminOrderQuery) {
    return repo.listOrders(this.db.$client, q);
  }

  async order(id: string) {
    return (await repo.orderDetail(this.db.$client, id)) ?? Promise.reject(notFound('Order'));
  }

  /** The order with the learner's current subscription (locked when `lock`): what a refund's audit records. */
  private async state(c: TxClient, id: string, lock: boolean): Promise<RefundState | undefined> {
    const order = await repo.orderDetail(c, id, lock);
    if (!order) return undefined;
    const s = await currentSubscription(c, order.user.id, lock);
    return {
      ...order,
      subscription: s
        ? {
            id: s.id,
            status: s.status,
            currentPeriodEnd: s.current_period_end.toISOString(),
            billingRef: s.billing_ref,
          }
        : null,
    };
  }

  async refund(actorId: string, orderId: string, body: RefundBody): Promise<AdminOrderDetail> {
    const refundId = uuidv7();
    // 1. The amount is taken under the order's lock.
    const order = await auditedWrite(this.db, {
      actorId,
      action: 'order.refund.start',
      entity: 'order',
      what: 'Order',
      id: orderId,
      read: (c, id, forUpdate) => repo.orderDetail(c, id, forUpdate),
      record: (o) => ({ refundedSatang: o.refundedSatang, refunds: o.refunds.map((r) => [r.id, r.status]) }),
      change: async (c, o) => {
        if (o.status !== 'paid')
          throw new AppError('NOT_REFUNDABLE', 409, 'Only a paid order can be refunded');
        if (o.totalSatang <= 0 || !o.paymentRef || o.provider !== this.deps.provider.name)
          throw new AppError(
            'NOT_REFUNDABLE',
            409,
            o.totalSatang <= 0
              ? 'Nothing was paid for this order'
              : `This order was paid through ${o.provider}, not the provider in use (${this.deps.provider.name})`,
          );
        if (body.amountSatang > o.refundableSatang)
          throw new AppError(
            'REFUND_TOO_LARGE',
            422,
            `At most ${o.refundableSatang} satang of this order can still be refunded`,
            [{ path: 'amountSatang', message: `At most ${o.refundableSatang} satang` }],
          );
        await repo.insertRefund(c, {
          id: refundId,
          orderId,
          userId: o.user.id,
          amountSatang: body.amountSatang,
          reason: body.reason,
          access: body.access,
          provider: o.provider,
          createdBy: actorId,
        });
      },
    });

    // 2. The provider gives the money back.
    let refundRef: string;
    try {
      ({ refundRef } = await this.deps.provider.refund(order.paymentRef!, body.amountSatang, refundId));
    } catch (err) {
      this.deps.log.error({ err, orderId, refundId }, 'the payment provider did not refund');
      await this.fail(refundId, actorId, orderId);
      throw new AppError('REFUND_FAILED', 502, 'The payment provider did not refund; nothing was refunded');
    }

    // 3. The credit note and the access, together.
    let access: { ends: Date | null; ended: boolean; billingRef: string | null } = {
      ends: null,
      ended: false,
      billingRef: null,
    };
    const detail = await auditedWrite(this.db, {
      actorId,
      action: 'order.refund',
      entity: 'order',
      what: 'Order',
      id: orderId,
      // The learner's billing lock first, as every write of their subscription takes it (a payment, a grant).
      lock: (c) => lockLearner(c, order.user.id),
      read: (c, id, forUpdate) => this.state(c, id, forUpdate),
      record: recorded,
      change: async (c, before) => {
        await repo.settleRefund(c, refundId, 'succeeded', refundRef);
        await issueCreditNote(c, {
          id: uuidv7(),
          refundId,
          seller: this.deps.taxInvoices.seller,
          vatSatang: vatIncluded(body.amountSatang),
        });
        access = await this.changeAccess(c, before, body);
      },
      answer: async (c) => (await repo.orderDetail(c, orderId))!,
    });
    // Access ended: the provider's subscription (Stripe Billing) must not charge again.
    if (access.ended && access.billingRef)
      await this.deps.provider
        .endBilling(access.billingRef)
        .catch((err: unknown) =>
          this.deps.log.error({ err, orderId }, 'the provider’s subscription of a refunded order still runs'),
        );
    await this.deps.taxInvoices.mailRefund(refundId, access);
    return detail;
  }

  /**
   * Ends or shortens the learner's access by the refund, when the period the order bought still runs: a refund of
   * an order whose period is over changes nothing (access since then came from other payments or grants).
   */
  private async changeAccess(c: TxClient, o: RefundState, body: RefundBody) {
    const now = new Date();
    const s = o.subscription;
    const unchanged = { ends: null, ended: false, billingRef: null };
    if (!s || !o.periodStart || !o.periodEnd || new Date(o.periodEnd) <= now) return unchanged;
    const currentEnd = new Date(s.currentPeriodEnd);
    if (currentEnd <= now) return unchanged;
    const end = periodEndAfterRefund({
      access: body.access,
      currentEnd,
      bought: { start: new Date(o.periodStart), end: new Date(o.periodEnd) },
      refundedSatang: body.amountSatang,
      paidSatang: o.totalSatang,
      now,
    });
    await repo.setPeriodEnd(c, s.id, end);
    const ended = end <= now;
    if (ended) await expireEnded(c, now, o.user.id);
    return { ends: end, ended, billingRef: s.billingRef };
  }

  /** The provider refused: the refund fails and gives its amount back (recorded in the audit log). */
  private async fail(refundId: string, actorId: string, orderId: string) {
    await inTransaction(this.db, async (c) => {
      if (await repo.settleRefund(c, refundId, 'failed', null))
        await recordAudit(c, {
          actorId,
          action: 'order.refund.fail',
          entity: 'order',
          entityId: orderId,
          before: { refund: refundId, status: 'pending' },
          after: { refund: refundId, status: 'failed' },
        });
    });
  }
}
