import {
  ORDER_TTL_MINUTES,
  REMINDER_DAYS,
  RENEWAL_GRACE_DAYS,
  RENEWAL_RETRY_DAYS,
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
import {
  receiptMail,
  renewalFailedMail,
  renewalReminderMail,
  subscriptionLapsedMail,
} from '../../mail/templates.js';
import type { Jobs } from '../../plugins/jobs.js';
import type { Mailer } from '../../plugins/mail.js';
import * as repo from './billing.repo.js';
import { issueRequested } from './tax-invoices.repo.js';
import type { OrderRow, PlanRow, SubscriptionRow } from './billing.repo.js';
import { bangkokDay, periodEnd, renewalStart } from './periods.js';
import { couponProblem, price } from './pricing.js';
import type {
  BillingEvent,
  PaymentEvent,
  PaymentProvider,
  ProviderEvent,
  RenewalEvent,
  WebhookDelivery,
} from './providers/provider.js';
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

/**
 * The one "subscription still running" rule: its access has not ended at `now` (the period's end, or the grace
 * period's after a failed automatic renewal: access_until, the column the SQL rule reads too).
 */
const isRunning = (s: Pick<SubscriptionRow, 'access_until'>, now: Date | number = Date.now()) =>
  s.access_until.getTime() > +now;

/** Whether it renews automatically: active, renewal on, and a card (sandbox) or Stripe's subscription to charge. */
const renewsAutomatically = (
  s: Pick<SubscriptionRow, 'status' | 'auto_renew' | 'card_ref' | 'billing_ref'>,
) => s.status === 'active' && s.auto_renew && (s.card_ref !== null || s.billing_ref !== null);

const DAY = (n: number) => n * DAY_MS;
/**
 * The sandbox's renewal job charges a card this long before the period ends (the job runs every 15 minutes), so
 * that access runs on without a gap; a failure's grace period and retries still count from the end.
 */
export const RENEWAL_LEAD_MS = 60 * 60_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A subscription as its learner sees it; a current one whose period is over is shown as what it is: expired. */
function toSubscription(s: SubscriptionRow, now = new Date()): Subscription {
  const over = !isRunning(s, now);
  const automatic = !over && renewsAutomatically(s);
  const failed = !over && s.renewal_failures > 0;
  return {
    id: s.id,
    plan: toPlan(s.plan),
    status: over ? 'expired' : s.status,
    currentPeriodStart: s.current_period_start.toISOString(),
    currentPeriodEnd: s.current_period_end.toISOString(),
    autoRenew: !over && s.auto_renew,
    provider: s.provider,
    givesAccess: !over && s.status !== 'expired',
    renewal: automatic ? 'automatic' : over || s.status !== 'active' ? 'off' : 'reminder',
    renewsAt: automatic ? iso(failed ? s.next_renewal_at : s.current_period_end) : null,
    renewalAmountSatang: automatic ? s.plan.price_satang : null,
    card: s.card_last4 ? { brand: s.card_brand ?? 'card', last4: s.card_last4 } : null,
    paymentFailed: failed,
    graceUntil: failed ? iso(s.grace_until) : null,
    nextAttemptAt: failed ? iso(s.next_renewal_at) : null,
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
  autoRenew: o.auto_renew,
  kind: o.kind,
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
  /** Called once a payment has committed, after its receipt's mail (the tax invoice it issued is mailed). */
  readonly afterPaid: ((orderId: string) => Promise<void>)[] = [];
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
      // Stripe Billing renews it: Stripe is told first (cancel at the period's end, or not), so that what the
      // learner is shown is what Stripe will do; should Stripe refuse, nothing changes here.
      if (s.billing_ref)
        await this.provider.setRenewal(s.billing_ref, on).catch((err: unknown) => {
          this.deps.log.error({ err }, 'the payment provider did not change the renewal');
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            503,
            'Payment is not available right now; please try again',
          );
        });
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
      creditDays: Math.max(0, Math.floor((period.start.getTime() - now.getTime()) / DAY_MS)),
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

  /**
   * A paid period starts at the end of the current entitlement (renewal) or now, on the subscription's anchor day.
   * Paid during a failed renewal's grace period, it starts where the period ended: the grace days were used.
   */
  private period(plan: PlanRow, current: SubscriptionRow | undefined, now: Date) {
    const running = runningAt(current, now);
    const start = renewalStart(now, running?.current_period_end ?? null, running?.grace_until ?? null);
    const anchorDay = running?.anchor_day ?? bangkokDay(start);
    return { start, end: periodEnd(start, plan.interval, plan.interval_count, anchorDay), anchorDay };
  }

  /**
   * Opens an order: the promo code's redemption is taken in the same transaction (never past its cap, once per
   * learner), the learner's older unpaid orders are closed, and the provider's payment page is opened.
   */
  async createOrder(
    userId: string,
    planCode: string,
    cpc?: string,
    autoRenew = false,
  ): Promise<CheckoutStarted> {
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
        autoRenew,
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
        recurring:
          autoRenew && plan.interval !== 'trial'
            ? { interval: plan.interval, count: plan.interval_count, priceSatang: plan.price_satang }
            : null,
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
    let replaced: string | null = null;
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
        replaced = await this.applyPaid(c, order, event);
        return 'paid';
      }
      if (order.status !== 'pending') return null;
      await this.closeUnpaid(c, order.id, event.type);
      return 'closed';
    });
    if (outcome === 'paid') {
      await this.endReplacedBilling(replaced);
      await this.sendReceipt(event.orderId);
    }
    return outcome !== null;
  }

  /**
   * The provider's subscription a new payment replaced (the learner moved to another plan, or paid once instead):
   * ended there, so that it charges no more. Its failure is logged: the event that ends it arrives later.
   */
  private async endReplacedBilling(billingRef: string | null) {
    if (!billingRef) return false;
    return this.provider.endBilling(billingRef).then(
      () => true,
      (err: unknown) => {
        this.deps.log.error({ err, billingRef }, 'a subscription at the provider was not ended');
        return false;
      },
    );
  }

  /**
   * The order is paid: the subscription starts or is extended from its current end, and a receipt is issued. A
   * checkout's payment also says what renews the subscription from now on: the card it saved or the provider's
   * subscription (automatic renewal), or nothing (paid once: the learner is reminded). Answers the provider's
   * subscription it replaced, to end after the commit.
   */
  private async applyPaid(c: TxClient, order: OrderRow, event: PaymentEvent): Promise<string | null> {
    // One learner's payments are applied one after the other (two orders paid at the same moment both count).
    await repo.lockLearner(c, order.user_id);
    const now = new Date();
    await repo.expireEnded(c, now, order.user_id);
    const current = await repo.currentSubscription(c, order.user_id, true);
    const period = this.period(order.plan, current, now);
    // A month bought during a paid year is added after the year, and the plan stays the year's (the learner
    // paid for it: bought_annual); a year bought during a month is the plan from now on.
    const keepYear = runningAt(current, now)?.plan.interval === 'year';
    // A renewal keeps what renews it; a checkout's payment renews by what it saved, when the learner asked for it.
    const renewsBy =
      order.kind === 'renewal'
        ? {}
        : order.auto_renew && (event.card || event.billing)
          ? { card: event.card ?? null, billing: event.billing ?? null }
          : { card: null, billing: null };
    const replaced =
      current?.billing_ref &&
      renewsBy.billing !== undefined &&
      renewsBy.billing?.billingRef !== current.billing_ref
        ? current.billing_ref
        : null;
    if (current)
      await repo.extendSubscription(c, {
        id: current.id,
        planId: keepYear ? current.plan.id : order.plan_id,
        end: period.end,
        anchorDay: period.anchorDay,
        provider: order.provider,
        providerRef: order.id,
        ...renewsBy,
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
        card: renewsBy.card ?? null,
        billing: renewsBy.billing ?? null,
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
    // The full tax invoice asked for at checkout, numbered in this transaction (tax-invoices.repo.ts).
    await issueRequested(c, order.id, uuidv7(), {
      ...this.deps.config.payments.seller,
      branch: this.deps.config.payments.sellerBranch,
    });
    return replaced;
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
    for (const then of this.afterPaid) await then(orderId);
  }

  /** Applies a verified webhook's events; answers how many changed something (0 for a replay or a stray event). */
  async webhook(delivery: WebhookDelivery) {
    const events = await this.provider.parseWebhook(delivery);
    let applied = 0;
    for (const e of events) if (await this.applyProviderEvent(e)) applied++;
    return applied;
  }

  private applyProviderEvent(e: ProviderEvent) {
    switch (e.type) {
      case 'renewal_paid':
      case 'renewal_failed':
        return this.applyRenewal(e);
      case 'billing_changed':
        return this.applyBillingChange(e);
      default:
        return this.applyEvent(e);
    }
  }

  // Automatic renewal (PRODUCT.md section 7): card payers renew by themselves; a failed renewal is tried again
  // (RENEWAL_RETRY_DAYS after the period's end) while access stays for RENEWAL_GRACE_DAYS, then the subscription
  // ends. With Stripe, Stripe Billing charges and retries, and its invoices arrive as renewal events; with the
  // sandbox, the renewal job (renewDue) charges the saved test card.

  /**
   * A renewal charged by the provider (a Stripe invoice of a new period): applied once per event, one renewal order
   * per invoice whatever the events' order; a payment wins over a failure of the same invoice, and nothing undoes it.
   */
  async applyRenewal(event: RenewalEvent): Promise<boolean> {
    const outcome = await inTransaction(
      this.db,
      async (c): Promise<{ kind: 'paid' | 'failed'; orderId: string } | null> => {
        const found = await repo.subscriptionByBillingRef(c, event.billingRef);
        // The learner's billing lock before any row lock, in the order a payment takes them.
        if (found) await repo.lockLearner(c, found.user_id);
        if (!(await repo.recordEvent(c, { ...event, orderId: null }))) return null;
        const s = found && (await repo.subscriptionByBillingRef(c, event.billingRef, true));
        if (!s || s.status === 'expired') {
          this.deps.log.warn({ event }, 'a renewal for a subscription that is not ours, or ended');
          return null;
        }
        const order = await this.renewalOrder(c, s, event.amountSatang, event.invoiceRef);
        if (order.status === 'paid') return null;
        if (event.type === 'renewal_paid') {
          await this.applyPaid(c, order, {
            provider: event.provider,
            eventId: event.eventId,
            type: 'paid',
            orderId: order.id,
            providerRef: event.invoiceRef,
            method: 'card',
            amountSatang: event.amountSatang,
            paymentRef: event.paymentRef,
          });
          return { kind: 'paid', orderId: order.id };
        }
        if (order.status === 'pending') await this.closeUnpaid(c, order.id, 'failed');
        await repo.renewalFailed(c, s.id, this.graceEnd(s), event.nextAttemptAt);
        return { kind: 'failed', orderId: order.id };
      },
    );
    await this.afterRenewal(outcome);
    return outcome !== null;
  }

  /** The renewal order of a subscription's charge (`ref`: the provider's invoice), opened once per charge. */
  private async renewalOrder(c: TxClient, s: SubscriptionRow, amountSatang: number, ref: string) {
    const existing = await repo.orderByProviderRef(c, this.provider.name, ref, true);
    if (existing) return existing;
    const id = uuidv7();
    await repo.insertOrder(c, {
      id,
      userId: s.user_id,
      plan: { ...s.plan, price_satang: amountSatang },
      couponId: null,
      ...price(amountSatang, null),
      provider: this.provider.name,
      expiresAt: new Date(Date.now() + ORDER_TTL_MINUTES * 60_000),
      autoRenew: true,
      kind: 'renewal',
      providerRef: ref,
    });
    return (await repo.orderById(c, id, true))!;
  }

  /** The grace period of a failed renewal: access kept this long after the period's end. */
  private graceEnd(s: SubscriptionRow) {
    return new Date(s.current_period_end.getTime() + DAY(RENEWAL_GRACE_DAYS));
  }

  /** After a renewal's commit: the receipt, or the mail that the card was declined (with the way to update it). */
  private async afterRenewal(outcome: { kind: 'paid' | 'failed'; orderId: string } | null) {
    if (!outcome) return;
    if (outcome.kind === 'paid') return this.sendReceipt(outcome.orderId);
    const order = (await repo.orderById(this.db.$client, outcome.orderId))!;
    const s = await repo.currentSubscription(this.db.$client, order.user_id);
    if (!s) return;
    const user = await this.user(order.user_id);
    await this.deps.mail.send(
      renewalFailedMail(user.email, user.first_name, user.locale, {
        planName: user.locale === 'en' ? s.plan.name_en || s.plan.name : s.plan.name,
        amountSatang: order.total_satang,
        graceUntil: s.grace_until ?? s.access_until,
        nextAttemptAt: s.next_renewal_at,
        url: `${this.deps.config.publicUrl}/account`,
      }),
    );
  }

  /**
   * The provider's subscription changed (renewal turned off or on there, or ended there): applied once, and only
   * when newer than the last change applied (events arrive in any order).
   */
  async applyBillingChange(event: BillingEvent): Promise<boolean> {
    return inTransaction(this.db, async (c) => {
      const found = await repo.subscriptionByBillingRef(c, event.billingRef);
      if (found) await repo.lockLearner(c, found.user_id);
      if (!(await repo.recordEvent(c, { ...event, orderId: null }))) return false;
      const s = found && (await repo.subscriptionByBillingRef(c, event.billingRef, true));
      if (!s || s.status === 'expired' || s.status === 'trialing') return false;
      return repo.syncBilling(c, s.id, {
        created: event.created,
        renew: !event.cancelAtPeriodEnd,
        ended: event.ended,
      });
    });
  }

  /**
   * The sandbox's renewal job: charges the saved test card of every subscription due at `at` (its period over, or
   * its next retry come). Each in its own transaction, under the learner's billing lock.
   */
  async renewDue(at = new Date()) {
    if (!this.sandbox) return { paid: 0, failed: 0 };
    let paid = 0;
    let failed = 0;
    for (const due of await repo.dueRenewals(this.db.$client, at, new Date(at.getTime() + RENEWAL_LEAD_MS))) {
      const outcome = await this.renewOne(due.user_id, due.id, at, false);
      if (outcome?.kind === 'paid') paid++;
      if (outcome?.kind === 'failed') failed++;
    }
    return { paid, failed };
  }

  /**
   * Charges a sandbox subscription's saved card for its next period, once: the subscription is read again under the
   * learner's lock, so a job run twice at once (or the learner's own retry) charges it once. `manual`: the learner
   * saved a card to pay a failed renewal now (a decline then counts no attempt and moves nothing).
   */
  private async renewOne(userId: string, id: string, at: Date, manual: boolean) {
    const outcome = await inTransaction(
      this.db,
      async (c): Promise<{ kind: 'paid' | 'failed'; orderId: string } | null> => {
        await repo.lockLearner(c, userId);
        const s = await repo.currentSubscription(c, userId, true);
        if (!s || s.id !== id || !s.card_ref || !renewsAutomatically(s) || !isRunning(s, at)) return null;
        const dueAt =
          s.renewal_failures > 0
            ? s.next_renewal_at
            : new Date(s.current_period_end.getTime() - RENEWAL_LEAD_MS);
        if (!manual && (!dueAt || dueAt.getTime() > at.getTime())) return null;
        if (manual && s.renewal_failures === 0) return null;
        // One charge per period and attempt: the order's reference names them, so a second run finds it.
        const attempt = manual ? `manual_${uuidv7()}` : String(s.renewal_failures);
        const ref = `sbx_renew_${s.id}_${s.current_period_end.getTime()}_${attempt}`;
        const order = await this.renewalOrder(c, s, s.plan.price_satang, ref);
        if (order.status !== 'pending') return null;
        if (this.sandbox!.chargeSaved(s.card_ref)) {
          await this.applyPaid(c, order, {
            ...this.sandbox!.paidEvent({ id: order.id, totalSatang: order.total_satang }, 'card'),
            providerRef: ref,
          });
          return { kind: 'paid', orderId: order.id };
        }
        await this.closeUnpaid(c, order.id, 'failed');
        if (manual) return { kind: 'failed', orderId: order.id };
        const failures = s.renewal_failures + 1;
        const retryDays = RENEWAL_RETRY_DAYS[failures - 1];
        await repo.renewalFailed(
          c,
          s.id,
          this.graceEnd(s),
          retryDays === undefined ? null : new Date(s.current_period_end.getTime() + DAY(retryDays)),
        );
        return { kind: 'failed', orderId: order.id };
      },
    );
    if (!manual) await this.afterRenewal(outcome);
    else if (outcome?.kind === 'paid') await this.sendReceipt(outcome.orderId);
    return outcome;
  }

  /** Where the learner updates the card renewal charges: the provider's page, or the sandbox's own. */
  async cardSession(userId: string): Promise<{ redirectUrl: string }> {
    const s = await repo.currentSubscription(this.db.$client, userId);
    if (!s || !isRunning(s) || s.plan.interval === 'trial')
      throw new AppError('NOT_CANCELABLE', 409, 'There is no paid subscription to renew with a card');
    if (this.provider.name === 'stripe' && !s.customer_ref)
      throw new AppError(
        'NOT_CANCELABLE',
        409,
        'This subscription does not renew by card: renew it from the plans instead',
      );
    try {
      return {
        redirectUrl: await this.provider.cardSession(s.customer_ref, `${this.deps.config.publicUrl}/account`),
      };
    } catch (err) {
      this.deps.log.error({ err }, 'the payment provider could not open its card page');
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'Payment is not available right now; please try again');
    }
  }

  /**
   * Sandbox: saves a test card for automatic renewal (renewal is on again), and charges a failed renewal with it at
   * once; a declined charge answers 402 and the card stays saved (the retries go on as scheduled).
   */
  async saveCard(userId: string, card: SandboxCardBody): Promise<Subscription> {
    if (!this.sandbox) throw notFound('Card page');
    this.checkTestCard(card);
    const saved = this.sandbox.savedCard(card.number);
    const s = await inTransaction(this.db, async (c) => {
      await repo.lockLearner(c, userId);
      const current = await repo.currentSubscription(c, userId, true);
      if (!current || !isRunning(current) || current.plan.interval === 'trial')
        throw new AppError('NOT_CANCELABLE', 409, 'There is no paid subscription to renew with a card');
      await repo.saveCard(c, current.id, saved);
      return current;
    });
    if (s.renewal_failures > 0) {
      const outcome = await this.renewOne(userId, s.id, new Date(), true);
      if (outcome?.kind === 'failed')
        throw new AppError('PAYMENT_DECLINED', 402, 'The card was declined (sandbox: use a test card)');
    }
    return toSubscription((await repo.currentSubscription(this.db.$client, userId))!);
  }

  /** A test card's expiry and outcome now (a declined card is refused; the renewal-declining one is taken). */
  private checkTestCard(card: SandboxCardBody) {
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
    if (!card && o.auto_renew)
      throw new AppError(
        'CARD_REQUIRED',
        409,
        'This order renews automatically, which needs a card; pay by card, or choose to pay once',
      );
    if (card) this.checkTestCard(card);
    await this.applyEvent(
      this.sandbox!.paidEvent(
        { id: o.id, totalSatang: o.total_satang },
        card ? 'card' : 'promptpay',
        card && o.auto_renew ? this.sandbox!.savedCard(card.number) : null,
      ),
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
    // A failed renewal's learner is told.
    for (const e of expired) if (e.renewal_failures > 0) await this.sendLapsed(e.user_id, e.id);
    // Nothing renews an ended subscription at the provider any more, however it ended (here, by an
    // administrator, a refund, a replacing payment): each is ended there, then forgotten. One that fails stays
    // named and is tried again at the next run.
    for (const e of await repo.endedWithBilling(this.db.$client, userId)) {
      const ended = await this.endReplacedBilling(e.billing_ref);
      if (ended) await repo.forgetBilling(this.db.$client, e.id, e.billing_ref);
    }
    const orders = await inTransaction(this.db, async (c) => {
      const due = await repo.duePendingOrders(c, at);
      for (const id of due) await this.closeUnpaid(c, id, 'expired');
      return due.length;
    });
    return { subscriptions: expired.length, orders };
  }

  private async sendLapsed(userId: string, subscriptionId: string) {
    const [ended] = (await repo.endedSubscriptions(this.db.$client, userId)).filter(
      (s) => s.id === subscriptionId,
    );
    if (!ended) return;
    const user = await this.user(userId);
    await this.deps.mail.send(
      subscriptionLapsedMail(user.email, user.first_name, user.locale, {
        planName: user.locale === 'en' ? ended.plan.name_en || ended.plan.name : ended.plan.name,
        url: `${this.deps.config.publicUrl}/pricing`,
      }),
    );
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
            automaticSatang: s.automatic ? Number(s.price_satang) : null,
            url: `${this.deps.config.publicUrl}${trial ? '/pricing' : s.automatic ? '/account' : `/checkout/${s.plan_code}`}`,
          }),
        );
        sent++;
      }
    }
    return sent;
  }

  /** The jobs run on the shared queue: expiry every minute, reminders and the sandbox's renewals every 15 minutes. */
  async schedule() {
    await this.deps.jobs.work('billing.expire', async () => {
      await this.expireDue();
    });
    await this.deps.jobs.work('billing.renew', async () => {
      await this.renewDue();
    });
    await this.deps.jobs.schedule('billing.renew', '*/15 * * * *');
    await this.deps.jobs.work('billing.remind', async () => {
      await this.remindDue();
    });
    await this.deps.jobs.schedule('billing.expire', '* * * * *');
    await this.deps.jobs.schedule('billing.remind', '*/15 * * * *');
  }
}
