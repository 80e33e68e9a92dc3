import type {
  AdminCouponQuery,
  AdminPlanQuery,
  AdminRedemptionQuery,
  CouponCreateBody,
  CouponUpdateBody,
  PlanCreateBody,
  PlanUpdateBody,
} from '@rianroo/contract';
import type { FastifyInstance } from 'fastify';
import { inTransaction, type TxClient } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { recordAudit } from '../audit/index.js';
import * as coupons from './coupons.repo.js';
import * as plans from './plans.repo.js';
import { sameVersion, valueTaken } from '../../db/versioned.js';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', 400, message, [{ path, message }]);
const planInUse = () =>
  new AppError('PLAN_IN_USE', 409, 'Subscriptions or orders name this plan; deactivate it instead');

/** The fields of a body that were given (a partial edit leaves the others as they are). */
const given = <T extends object>(body: T) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Checks a coupon as it would be saved: a window that ends after it starts, known plans, a cap above use. Only
 * the plan codes the write adds are checked: one the coupon already names stays valid for any other edit
 * (switching the coupon off above all), also if that plan was deleted before deleting took codes out of coupons.
 */
async function checkCoupon(
  c: TxClient,
  f: coupons.CouponFields,
  redeemed: number,
  named: string[] | null = null,
) {
  if (f.validFrom && f.validTo && new Date(f.validFrom) >= new Date(f.validTo))
    throw invalid('validTo', 'The end must come after the start');
  const added = f.planCodes?.filter((code) => !named?.includes(code)) ?? [];
  const unknown = added.length ? await coupons.unknownPlanCodes(c, added) : [];
  if (unknown.length) throw invalid(`planCodes.${f.planCodes!.indexOf(unknown[0]!)}`, 'No such plan');
  if (f.maxRedemptions !== null && f.maxRedemptions < redeemed)
    throw invalid('maxRedemptions', `Already redeemed ${redeemed} times`);
}

/** Plans and promo codes in the console. Edits are versioned (409 EDIT_CONFLICT); every write audited. */
export class BillingAdminService {
  constructor(private readonly app: Pick<FastifyInstance, 'db'>) {}

  private write<T>(work: (c: TxClient) => Promise<T>, codePath: string) {
    return inTransaction(this.app.db, work).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw valueTaken(codePath, 'Another row has this code');
      throw err;
    });
  }

  listPlans(q: AdminPlanQuery) {
    return plans.listPlans(this.app.db.$client, q);
  }

  async plan(id: string) {
    return (await plans.plan(this.app.db.$client, id)) ?? Promise.reject(notFound('Plan'));
  }

  async createPlan(actorId: string, body: PlanCreateBody) {
    const id = uuidv7();
    await this.write(async (c) => {
      await plans.insertPlan(c, id, body);
      await recordAudit(c, {
        actorId,
        action: 'plan.create',
        entity: 'plan',
        entityId: id,
        before: null,
        after: body,
      });
    }, 'code');
    return this.plan(id);
  }

  /** Edits a plan (deactivating is `active: false`: it is then no longer sold; its subscribers keep it). */
  async updatePlan(actorId: string, id: string, { version, ...body }: PlanUpdateBody) {
    await inTransaction(this.app.db, async (c) => {
      const before = plans.planFields(sameVersion(await plans.plan(c, id, true), version, 'Plan'));
      const after = { ...before, ...given(body) };
      await plans.updatePlan(c, id, after);
      await recordAudit(c, { actorId, action: 'plan.update', entity: 'plan', entityId: id, before, after });
    });
    return this.plan(id);
  }

  /**
   * Deletes a plan nobody ever subscribed to or ordered (PLAN_IN_USE otherwise: deactivate it instead). Promo
   * codes naming it no longer do (each such edit audited); one that named only this plan is also switched off,
   * as it can no longer apply to anything (an empty list is not "every plan", which null means).
   */
  async deletePlan(actorId: string, id: string) {
    await inTransaction(this.app.db, async (c) => {
      const before = await plans.plan(c, id, true);
      if (!before) throw notFound('Plan');
      if (await plans.planInUse(c, id)) throw planInUse();
      for (const change of await coupons.dropPlanCode(c, before.code)) {
        await recordAudit(c, {
          actorId,
          action: 'coupon.update',
          entity: 'coupon',
          entityId: change.before.id,
          before: coupons.couponFields(change.before),
          after: coupons.couponFields(change.after),
        });
      }
      await plans.deletePlan(c, id);
      await recordAudit(c, {
        actorId,
        action: 'plan.delete',
        entity: 'plan',
        entityId: id,
        before: plans.planFields(before),
        after: null,
      });
    }).catch((err: unknown) => {
      // An order or subscription made meanwhile (its key waits for the lock, then holds the plan).
      throw isForeignKeyViolation(err) ? planInUse() : err;
    });
  }

  listCoupons(q: AdminCouponQuery) {
    return coupons.listCoupons(this.app.db.$client, q);
  }

  async coupon(id: string) {
    return (await coupons.coupon(this.app.db.$client, id)) ?? Promise.reject(notFound('Coupon'));
  }

  async createCoupon(actorId: string, body: CouponCreateBody) {
    const id = uuidv7();
    await this.write(async (c) => {
      await checkCoupon(c, body, 0);
      await coupons.insertCoupon(c, id, body);
      await recordAudit(c, {
        actorId,
        action: 'coupon.create',
        entity: 'coupon',
        entityId: id,
        before: null,
        after: body,
      });
    }, 'code');
    return this.coupon(id);
  }

  /**
   * Edits a coupon. Giving one kind of discount clears the other. The row is locked, so an order taking a
   * redemption meanwhile waits, and the cap is never set below the redemptions held.
   */
  async updateCoupon(actorId: string, id: string, { version, ...body }: CouponUpdateBody) {
    await inTransaction(this.app.db, async (c) => {
      const row = sameVersion(await coupons.coupon(c, id, true), version, 'Coupon');
      const before = coupons.couponFields(row);
      const after = { ...before, ...given(body) };
      if (body.percentOff != null && body.amountOffSatang === undefined) after.amountOffSatang = null;
      if (body.amountOffSatang != null && body.percentOff === undefined) after.percentOff = null;
      await checkCoupon(c, after, row.redeemedCount, before.planCodes);
      await coupons.updateCoupon(c, id, after);
      await recordAudit(c, {
        actorId,
        action: 'coupon.update',
        entity: 'coupon',
        entityId: id,
        before,
        after,
      });
    });
    return this.coupon(id);
  }

  async redemptions(id: string, q: AdminRedemptionQuery) {
    await this.coupon(id);
    return coupons.listRedemptions(this.app.db.$client, id, q);
  }
}
