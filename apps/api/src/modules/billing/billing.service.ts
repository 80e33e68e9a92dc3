import {
  ORDER_TTL_MINUTES,
  REMINDER_DAYS,
  type CheckoutStarted,
  type FreeTrialStatus,
  type Order,
  type Plan,
  type Quote,
  type Receipt,
  type SandboxCardBody,
  type SandboxPayment,
  type Subscription,
} from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { inTransaction, type Db, type TxClient } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { AppError, notFound } from '../../lib/errors.js';
import { receiptMail, renewalReminderMail } from '../../mail/templates.js';
import type { Jobs } from '../../plugins/jobs.js';
import type { Mailer } from '../../plugins/mail.js';
import * as repo from './billing.repo.js';
import type { OrderRow, PlanRow, SubscriptionRow } from './billing.repo.js';
import { bangkokDay, periodEnd, renewalStart } from './periods.js';
import { couponProblem, price } from './pricing.js';
import type { PaymentEvent, PaymentProvider, WebhookDelivery } from './providers/provider.js';
import { SANDBOX_CARDS, SandboxProvider } from './providers/sandbox.js';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toPlan = (p: PlanRow): Plan => ({
  code: p.code,
  nameTh: p.name,
  nameEn: p.name_en || p.name,
  interval: p.interval,
  intervalCount: p.interval === 'trial' ? p.length_days : p.interval_count,
  priceSatang: p.price_satang,
  currency: 'THB',
});

/** The one "subscription still running" rule: its period has not ended at `now`. */
const isRunning = (s: Pick<SubscriptionRow, 'current_period_end'>, now: Date | number = Date.now()) =>
  s.current_period_end.getTime() > +now;

/** A subscription as its learner sees it; a current one whose period is over is shown as what it is: expired. */
function toSubscription(s: SubscriptionRow, now = new Date()): Subscription {
  const over = !isRunning(s, now);
  return {
    id: s.id,
    plan: toPlan(s.plan),
    status: over ? 'expired' : s.status,
    currentPeriodStart: s.current_period_start.toISOString(),
    currentPeriodEnd: s.current_period_end.toISOString(),
    autoRenew: !over && s.auto_renew,
    provider: s.provider,
    givesAccess: !over && s.status !== 'expired',
  };
}

const toOrder = (o: OrderRow): Order => ({
  id: o.id,
  number: o.number,
  plan: toPlan(o.plan),
  status: o.status,
  subtotalSatang: o.subtotal_satang,
  discountSatang: o.discount_satang,
  totalSatang: o.total_satang,
  vatSatang: o.vat_satang,
  couponCode: o.coupon_code,
  provider: o.provider,
  method: o.method,
  createdAt: o.created_at.toISOString(),
  expiresAt: o.expires_at.toISOString(),
  paidAt: o.paid_at?.toISOString() ?? null,
  receiptNumber: o.receipt_number,
});

const couponInvalid = (problem: string) =>
  new AppError('COUPON_INVALID', 409, `This promo code cannot be used (${problem})`, undefined, {
    couponProblem: problem,
  });
const notPayable = () => new AppError('ORDER_NOT_PAYABLE', 409, 'This order can no longer be paid');

/** The subscription while its period runs at `now`, else undefined. */
const runningAt = (current: SubscriptionRow | undefined, now: Date) =>
  current && isRunning(current, now) ? current : undefined;

export interface BillingDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'payments'>;
  mail: Mailer;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/**
 * Plans, the free trial, checkout, payments, receipts and the subscription jobs (PRODUCT.md section 7). Access
 * itself is the one SQL rule (course_access); this service only writes the rows it reads.
 */
export class BillingService {
  readonly sandbox: SandboxProvider | null;
  constructor(
    private readonly deps: BillingDeps,
    readonly provider: PaymentProvider,
  ) {
    this.sandbox = provider instanceof SandboxProvider ? provider : null;
  }
  private get db() {
    return this.deps.db;
  }

  async plans(): Promise<Plan[]> {
    return (await repo.activePlans(this.db.$client)).map(toPlan);
  }

  private async paidPlan(code: string) {
    const plan = await repo.planByCode(this.db.$client, code);
    if (!plan || !plan.active) throw notFound('Plan');
    if (plan.interval === 'trial')
      throw new AppError(
        'PLAN_UNAVAILABLE',
        400,
        'The free trial is started with POST /free-trial, not bought',
      );
    return plan;
  }

  async mySubscription(userId: string): Promise<Subscription | null> {
    const s = await repo.currentSubscription(this.db.$client, userId);
    return s && isRunning(s) ? toSubscription(s) : null;
  }

  async expiredSubscriptions(userId: string): Promise<Subscription[]> {
    return (await repo.endedSubscriptions(this.db.$client, userId)).map((s) => toSubscription(s));
  }

  async freeTrial(userId: string): Promise<FreeTrialStatus> {
    const [trial, current] = await Promise.all([
      repo.trialOf(this.db.$client, userId),
      repo.currentSubscription(this.db.$client, userId),
    ]);
    const now = Date.now();
    const active = !!trial && trial.status === 'trialing' && isRunning(trial, now);
    const entitled = !!current && isRunning(current, now);
    return {
      eligible: !trial && !entitled,
      active,
      endsAt: active ? trial.current_period_end.toISOString() : null,
    };
  }

  /** Starts the learner's one free trial (ever); 409 TRIAL_NOT_ELIGIBLE after one, or while subscribed. */
  async startTrial(userId: string): Promise<FreeTrialStatus> {
    const plan = (await repo.activePlans(this.db.$client)).find((p) => p.interval === 'trial');
    if (!plan) throw new AppError('PLAN_UNAVAILABLE', 409, 'There is no free trial at the moment');
    const started = await inTransaction(this.db, async (c) => {
      // Under the learner's billing lock, as a payment and an administrator's grant write: a payment applied at the
      // same moment then either finds the trial (and follows it) or has made the learner a subscriber (no trial).
      await repo.lockLearner(c, userId);
      await repo.expireEnded(c, new Date(), userId);
      return repo.insertTrial(c, userId, plan, uuidv7());
    });
    if (!started)
      throw new AppError(
        'TRIAL_NOT_ELIGIBLE',
        409,
        'The free trial is once per learner, and not while subscribed',
      );
    return this.freeTrial(userId);
  }

  /** Turns renewal off (the learner keeps access to the period end) or back on. */
  async setRenewal(userId: string, on: boolean): Promise<Subscription> {
    return inTransaction(this.db, async (c) => {
      const s = await repo.currentSubscription(c, userId, true);
      const running = s && isRunning(s);
      if (!s || !running || s.plan.interval === 'trial' || s.status !== (on ? 'canceled' : 'active'))
        throw new AppError(
          'NOT_CANCELABLE',
          409,
          on ? 'There is no canceled subscription to resume' : 'There is no paid subscription to cancel',
        );
      await repo.setRenewal(c, s.id, on);
      return toSubscription((await repo.currentSubscription(c, userId))!);
    });
  }

  /** What a plan would cost this learner with a promo code, and the period it would buy. */
  async quote(userId: string, planCode: string, cpc?: string): Promise<Quote> {
    const plan = await this.paidPlan(planCode);
    const now = new Date();
    const coupon = cpc ? await repo.couponFor(this.db.$client, cpc, userId) : undefined;
    let problem = cpc ? couponProblem(coupon, plan.code, now) : null;
    if (
      cpc &&
      !problem &&
      coupon!.once_per_learner &&
      (await repo.hasRedeemed(this.db.$client, coupon!.id, userId))
    )
      problem = 'ALREADY_USED';
    const applied = cpc && !problem ? coupon! : null;
    const current = await repo.currentSubscription(this.db.$client, userId);
    const period = this.period(plan, current, now);
    return {
      plan: toPlan(plan),
      ...price(plan.price_satang, applied),
      coupon: applied
        ? { code: applied.code, percentOff: applied.percent_off, amountOffSatang: applied.amount_off_satang }
        : null,
      couponProblem: problem,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
    };
  }

  /** A paid period starts at the end of the current entitlement (renewal) or now, on the subscription's anchor day. */
  private period(plan: PlanRow, current: SubscriptionRow | undefined, now: Date) {
    const running = runningAt(current, now);
    const start = renewalStart(now, running?.current_period_end ?? null);
    const anchorDay = running?.anchor_day ?? bangkokDay(start);
    return { start, end: periodEnd(start, plan.interval, plan.interval_count, anchorDay), anchorDay };
  }

  /**
   * Opens an order: the promo code's redemption is taken in the same transaction (never past its cap, once per
   * learner), the learner's older unpaid orders are closed, and the provider's payment page is opened.
   */
  async createOrder(userId: string, planCode: string, cpc?: string): Promise<CheckoutStarted> {
    const plan = await this.paidPlan(planCode);
    const now = new Date();
    const orderId = uuidv7();
    const { order, closedPages } = await inTransaction(this.db, async (c) => {
      // One learner's orders open one at a time (two tabs at once): each closes the one before it.
      await repo.lockLearner(c, userId);
      const older = await repo.pendingOrdersOf(c, userId);
      for (const o of older) await this.closeUnpaid(c, o.id, 'expired');
      let coupon = null;
      if (cpc) {
        const found = await repo.couponFor(c, cpc, userId);
        const problem = couponProblem(found, plan.code, now);
        if (problem) throw couponInvalid(problem);
        if (!(await repo.takeRedemption(c, found!.id, now))) throw couponInvalid('USED_UP');
        coupon = found!;
      }
      const amounts = price(plan.price_satang, coupon);
      await repo.insertOrder(c, {
        id: orderId,
        userId,
        plan,
        couponId: coupon?.id ?? null,
        ...amounts,
        provider: amounts.totalSatang === 0 ? 'free' : this.provider.name,
        expiresAt: new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000),
      });
      if (coupon) {
        try {
          await repo.insertRedemption(c, {
            orderId,
            couponId: coupon.id,
            userId,
            oncePerLearner: coupon.once_per_learner,
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw couponInvalid('ALREADY_USED');
          throw err;
        }
      }
      // Nothing to pay (a 100% promo code): paid at once, without a provider.
      if (amounts.totalSatang === 0)
        await this.applyPaid(c, (await repo.orderById(c, orderId, true))!, {
          provider: 'free',
          eventId: `free_${orderId}`,
          type: 'paid',
          orderId,
          providerRef: null,
          method: null,
          amountSatang: 0,
          paymentRef: null,
        });
      return {
        order: (await repo.orderById(c, orderId))!,
        closedPages: older.flatMap((o) => (o.provider_ref ? [o.provider_ref] : [])),
      };
    });
    await this.closePaymentPages(closedPages);
    if (order.status === 'paid') {
      await this.sendReceipt(order.id);
      return {
        order: toOrder((await repo.orderById(this.db.$client, orderId))!),
        redirectUrl: `/checkout/complete/${orderId}`,
      };
    }
    const user = await this.user(userId);
    try {
      const opened = await this.provider.openCheckout({
        orderId,
        orderNumber: order.number,
        totalSatang: order.total_satang,
        description: `Rianroo ${plan.name} (${plan.name_en || plan.code})`,
        customerEmail: user.email,
        successUrl: `${this.deps.config.publicUrl}/checkout/complete/${orderId}`,
        cancelUrl: `${this.deps.config.publicUrl}/checkout/failed/${orderId}`,
        expiresAt: order.expires_at,
      });
      await repo.setProviderRef(this.db.$client, orderId, opened.providerRef);
      return {
        order: toOrder((await repo.orderById(this.db.$client, orderId))!),
        redirectUrl: opened.redirectUrl,
      };
    } catch (err) {
      this.deps.log.error({ err, orderId }, 'the payment provider could not open a checkout');
      await inTransaction(this.db, (c) => this.closeUnpaid(c, orderId, 'failed'));
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'Payment is not available right now; please try again');
    }
  }

  async order(userId: string, id: string): Promise<Order> {
    const o = await repo.orderById(this.db.$client, id);
    if (!o || o.user_id !== userId) throw notFound('Order');
    return toOrder(o);
  }

  /**
   * The provider's payment pages of orders closed here: closed there too, so that the learner cannot pay (be
   * charged for) an order the site closed. Should the provider refuse (the page was paid meanwhile), the payment
   * is honoured when its event arrives, as any late payment.
   */
  private async closePaymentPages(refs: string[]) {
    await Promise.all(
      refs.map((ref) =>
        this.provider
          .closeCheckout(ref)
          .catch((err: unknown) =>
            this.deps.log.warn({ err, ref }, 'a closed order’s payment page stays open'),
          ),
      ),
    );
  }

  /** An unpaid order ends (failed, expired) and gives its promo-code redemption back. */
  private async closeUnpaid(c: TxClient, orderId: string, status: 'failed' | 'expired') {
    await repo.setOrderStatus(c, orderId, status);
    await repo.releaseRedemption(c, orderId);
  }

  /**
   * Applies one verified provider event, once: the event's key is recorded in the same transaction, so a second
   * delivery (also a simultaneous one) changes nothing. Any order: a payment wins over a failure or an expiry that
   * came first, and nothing undoes a payment. Answers whether the event changed something: false for a replay,
   * an order that is not ours, a wrong amount, or an order already in the state the event would give it.
   */
  async applyEvent(event: PaymentEvent): Promise<boolean> {
    if (!UUID.test(event.orderId)) {
      this.deps.log.warn({ event }, 'a payment event without an order of ours');
      return false;
    }
    const outcome = await inTransaction(this.db, async (c): Promise<'paid' | 'closed' | null> => {
      // The order's row is locked before the event is recorded: the event's reference to it takes a share lock
      // on it, and two deliveries each holding that share lock while waiting for the row would deadlock.
      const order = await repo.orderById(c, event.orderId, true);
      if (!(await repo.recordEvent(c, event))) return null;
      if (!order || order.provider !== event.provider) {
        this.deps.log.warn({ event }, 'a payment event for an order this provider does not have');
        return null;
      }
      if (order.status === 'paid') return null;
      if (event.type === 'paid') {
        if (event.amountSatang !== null && event.amountSatang !== order.total_satang) {
          this.deps.log.error(
            { event, total: order.total_satang },
            'a payment of the wrong amount; not applied',
          );
          return null;
        }
        await this.applyPaid(c, order, event);
        return 'paid';
      }
      if (order.status !== 'pending') return null;
      await this.closeUnpaid(c, order.id, event.type);
      return 'closed';
    });
    if (outcome === 'paid') await this.sendReceipt(event.orderId);
    return outcome !== null;
  }

  /** The order is paid: the subscription starts or is extended from its current end, and a receipt is issued. */
  private async applyPaid(c: TxClient, order: OrderRow, event: PaymentEvent) {
    // One learner's payments are applied one after the other (two orders paid at the same moment both count).
    await repo.lockLearner(c, order.user_id);
    const now = new Date();
    await repo.expireEnded(c, now, order.user_id);
    const current = await repo.currentSubscription(c, order.user_id, true);
    const period = this.period(order.plan, current, now);
    // A month bought during a paid year is added after the year, and the plan stays the year's (the learner
    // paid for it: bought_annual); a year bought during a month is the plan from now on.
    const keepYear = runningAt(current, now)?.plan.interval === 'year';
    if (current)
      await repo.extendSubscription(c, {
        id: current.id,
        planId: keepYear ? current.plan.id : order.plan_id,
        end: period.end,
        anchorDay: period.anchorDay,
        provider: order.provider,
        providerRef: order.id,
      });
    else
      await repo.insertSubscription(c, {
        id: uuidv7(),
        userId: order.user_id,
        planId: order.plan_id,
        start: period.start,
        end: period.end,
        anchorDay: period.anchorDay,
        provider: order.provider,
        providerRef: order.id,
      });
    // A payment after its order was closed (a late webhook): the promo code counts again, if there is room.
    if (order.status !== 'pending' && order.coupon_id) {
      if (await repo.retakeRedemption(c, order.coupon_id))
        await repo.insertRedemption(c, {
          orderId: order.id,
          couponId: order.coupon_id,
          userId: order.user_id,
          oncePerLearner: false,
        });
      else
        this.deps.log.warn(
          { orderId: order.id },
          'a late payment used a promo code that has no redemptions left',
        );
    }
    await repo.markOrderPaid(c, {
      id: order.id,
      method: event.method,
      paymentRef: event.paymentRef,
      periodStart: period.start,
      periodEnd: period.end,
    });
    await repo.insertReceipt(c, {
      id: uuidv7(),
      orderId: order.id,
      userId: order.user_id,
      seller: this.deps.config.payments.seller,
    });
  }

  private async user(userId: string) {
    const { rows } = await this.db.$client.query<{
      email: string;
      first_name: string;
      locale: 'th' | 'en';
    }>(`select email, first_name, locale from users where id = $1`, [userId]);
    if (!rows[0]) throw notFound('User');
    return rows[0];
  }

  private async sendReceipt(orderId: string) {
    const order = (await repo.orderById(this.db.$client, orderId))!;
    if (!order.receipt_number) return;
    const user = await this.user(order.user_id);
    await this.deps.mail.send(
      receiptMail(user.email, user.first_name, user.locale, {
        receiptNumber: order.receipt_number,
        orderNumber: order.number,
        planName: user.locale === 'en' ? order.plan.name_en || order.plan.name : order.plan.name,
        subtotalSatang: order.subtotal_satang,
        discountSatang: order.discount_satang,
        couponCode: order.coupon_code,
        totalSatang: order.total_satang,
        vatSatang: order.vat_satang,
        periodEnd: order.period_end!,
        seller: this.deps.config.payments.seller,
        url: `${this.deps.config.publicUrl}/account/receipts/${encodeURIComponent(order.receipt_number)}`,
      }),
    );
  }

  /** Applies a verified webhook's events; answers how many changed something (0 for a replay or a stray event). */
  async webhook(delivery: WebhookDelivery) {
    const events = await this.provider.parseWebhook(delivery);
    let applied = 0;
    for (const e of events) if (await this.applyEvent(e)) applied++;
    return applied;
  }

  // The sandbox provider's payment page.

  private async sandboxOrder(userId: string, id: string) {
    const o = await repo.orderById(this.db.$client, id);
    if (!this.sandbox || !o || o.user_id !== userId || o.provider !== 'sandbox') throw notFound('Order');
    return o;
  }

  async sandboxPayment(userId: string, id: string): Promise<SandboxPayment> {
    const o = await this.sandboxOrder(userId, id);
    return {
      order: toOrder(o),
      promptpay: await this.sandbox!.promptPay(o.number, o.total_satang),
      testCards: SANDBOX_CARDS,
    };
  }

  /** Pays a sandbox order with a test card or the PromptPay QR; a declined card leaves it payable. */
  async sandboxPay(userId: string, id: string, card: SandboxCardBody | null): Promise<Order> {
    const o = await this.sandboxOrder(userId, id);
    // Paid meanwhile from another tab: this tab is told so, as the one that paid it (nothing is charged twice).
    if (o.status === 'paid') return this.order(userId, id);
    if (o.status !== 'pending' || o.expires_at.getTime() <= Date.now()) throw notPayable();
    if (card) {
      const [mm, yy] = card.expiry.split('/').map(Number) as [number, number];
      const now = new Date();
      if (
        2000 + yy < now.getUTCFullYear() ||
        (2000 + yy === now.getUTCFullYear() && mm < now.getUTCMonth() + 1)
      )
        throw new AppError('PAYMENT_DECLINED', 402, 'The card has expired', [
          { path: 'expiry', message: 'The card has expired' },
        ]);
      if (!this.sandbox!.cardSucceeds(card.number))
        throw new AppError('PAYMENT_DECLINED', 402, 'The card was declined (sandbox: use a test card)');
    }
    await this.applyEvent(
      this.sandbox!.paidEvent({ id: o.id, totalSatang: o.total_satang }, card ? 'card' : 'promptpay'),
    );
    return this.order(userId, id);
  }

  async receipts(userId: string, number?: string): Promise<Receipt[]> {
    const rows = await repo.receiptsOf(this.db.$client, userId, number);
    return rows.map((r) => ({
      number: r.number,
      orderNumber: r.order.number,
      issuedAt: r.issued_at.toISOString(),
      plan: toPlan(r.order.plan),
      method: r.order.method,
      subtotalSatang: r.order.subtotal_satang,
      discountSatang: r.order.discount_satang,
      totalSatang: r.order.total_satang,
      vatSatang: r.order.vat_satang,
      netSatang: r.order.total_satang - r.order.vat_satang,
      couponCode: r.order.coupon_code,
      buyerName: r.buyer_name,
      buyerEmail: r.buyer_email,
      seller: r.seller,
      periodStart: (r.order.period_start ?? r.issued_at).toISOString(),
      periodEnd: (r.order.period_end ?? r.issued_at).toISOString(),
    }));
  }

  // Scheduled jobs. Each takes the time it runs at, so tests move the clock instead of waiting.

  /** Records as expired every subscription whose period is over, and closes unpaid orders whose time is up. */
  async expireDue(at = new Date(), userId?: string) {
    const expired = await repo.expireEnded(this.db.$client, at, userId);
    const orders = await inTransaction(this.db, async (c) => {
      const due = await repo.duePendingOrders(c, at);
      for (const id of due) await this.closeUnpaid(c, id, 'expired');
      return due.length;
    });
    return { subscriptions: expired.length, orders };
  }

  /** Browser tests only (NODE_ENV=test): the expiry job run `days` ahead, for one learner. */
  async expireForTest(email: string, days: number) {
    const user = await repo.userIdByEmail(this.db.$client, email);
    if (!user) throw notFound('User');
    return this.expireDue(new Date(Date.now() + days * DAY_MS), user);
  }

  /** Reminds by e-mail 7 days and 1 day before a subscription or trial ends, once per period end. */
  async remindDue(at = new Date()) {
    let sent = 0;
    const windows = [...REMINDER_DAYS].sort((a, b) => a - b);
    for (const [i, days] of windows.entries()) {
      const from = new Date(at.getTime() + (i === 0 ? 0 : windows[i - 1]!) * DAY_MS);
      const to = new Date(at.getTime() + days * DAY_MS);
      for (const s of await repo.dueReminders(this.db.$client, days, from, to)) {
        if (!(await repo.claimReminder(this.db.$client, s.id, days, s.current_period_end))) continue;
        const trial = s.plan_interval === 'trial';
        await this.deps.mail.send(
          renewalReminderMail(s.email, s.first_name, s.locale, {
            days,
            trial,
            planName: s.locale === 'en' ? s.plan_name_en || s.plan_name : s.plan_name,
            endsAt: s.current_period_end,
            url: `${this.deps.config.publicUrl}${trial ? '/pricing' : `/checkout/${s.plan_code}`}`,
          }),
        );
        sent++;
      }
    }
    return sent;
  }

  /** The jobs run on the shared queue: expiry every minute, reminders every 15 minutes. */
  async schedule() {
    await this.deps.jobs.work('billing.expire', async () => {
      await this.expireDue();
    });
    await this.deps.jobs.work('billing.remind', async () => {
      await this.remindDue();
    });
    await this.deps.jobs.schedule('billing.expire', '* * * * *');
    await this.deps.jobs.schedule('billing.remind', '*/15 * * * *');
  }
}
