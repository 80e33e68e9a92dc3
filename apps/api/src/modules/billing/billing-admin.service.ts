import type {
  AdminCoupon,
  AdminCouponQuery,
  AdminPlan,
  AdminPlanQuery,
  AdminRedemptionQuery,
  CouponCreateBody,
  CouponUpdateBody,
  PlanCreateBody,
  PlanUpdateBody,
} from '@rianroo/contract';
import type { TxClient } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { auditedWrite, recordAudit, type AuditedChange } from '../audit/index.js';
import * as coupons from './coupons.repo.js';
import * as plans from './plans.repo.js';
import { sameVersion, valueTaken } from '../../db/versioned.js';
import type { Db } from '../../db/client.js';

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

/** What the service uses. */
export interface BillingAdminDeps {
  db: Db;
}

/** Plans and promo codes in the console. Edits are versioned (409 EDIT_CONFLICT); every write audited. */
export class BillingAdminService {
  constructor(private readonly deps: BillingAdminDeps) {}

  /** An audited write whose unique violation (a code another row has) is answered as a field error. */
  private async unique<T>(write: Promise<T>, codePath: string) {
    try {
      return await write;
    } catch (err) {
      if (isUniqueViolation(err)) throw valueTaken(codePath, 'Another row has this code');
      throw err;
    }
  }

  /** An audited write of a plan, recording the fields an administrator sets; answers the plan after. */
  private planWrite(actorId: string, action: string, row: AuditedChange<AdminPlan>) {
    return auditedWrite(this.deps.db, {
      actorId,
      action,
      entity: 'plan',
      what: 'Plan',
      read: plans.plan,
      record: plans.planFields,
      ...row,
    });
  }

  /** An audited write of a coupon, recording the fields an administrator sets; answers the coupon after. */
  private couponWrite(actorId: string, action: string, row: AuditedChange<AdminCoupon>) {
    return auditedWrite(this.deps.db, {
      actorId,
      action,
      entity: 'coupon',
      what: 'Coupon',
      read: coupons.coupon,
      record: coupons.couponFields,
      ...row,
    });
  }

  listPlans(q: AdminPlanQuery) {
    return plans.listPlans(this.deps.db.$client, q);
  }

  async plan(id: string) {
    return (await plans.plan(this.deps.db.$client, id)) ?? Promise.reject(notFound('Plan'));
  }

  createPlan(actorId: string, body: PlanCreateBody) {
    const id = uuidv7();
    return this.unique(
      this.planWrite(actorId, 'plan.create', {
        id: null,
        change: async (c) => {
          await plans.insertPlan(c, id, body);
          return id;
        },
      }),
      'code',
    );
  }

  /** Edits a plan (deactivating is `active: false`: it is then no longer sold; its subscribers keep it). */
  updatePlan(actorId: string, id: string, { version, ...body }: PlanUpdateBody) {
    return this.planWrite(actorId, 'plan.update', {
      id,
      change: async (c, row) => {
        const before = plans.planFields(sameVersion(row, version, 'Plan'));
        await plans.updatePlan(c, id, { ...before, ...given(body) });
      },
    });
  }

  /**
   * Deletes a plan nobody ever subscribed to or ordered (PLAN_IN_USE otherwise: deactivate it instead). Promo
   * codes naming it no longer do (each such edit audited, in the same transaction, before the plan's deletion);
   * one that named only this plan is also switched off, as it can no longer apply to anything (an empty list is
   * not "every plan", which null means).
   */
  async deletePlan(actorId: string, id: string) {
    await this.planWrite(actorId, 'plan.delete', {
      id,
      change: async (c, before) => {
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
        return null;
      },
    }).catch((err: unknown) => {
      // An order or subscription made meanwhile (its key waits for the lock, then holds the plan).
      throw isForeignKeyViolation(err) ? planInUse() : err;
    });
  }

  listCoupons(q: AdminCouponQuery) {
    return coupons.listCoupons(this.deps.db.$client, q);
  }

  async coupon(id: string) {
    return (await coupons.coupon(this.deps.db.$client, id)) ?? Promise.reject(notFound('Coupon'));
  }

  createCoupon(actorId: string, body: CouponCreateBody) {
    const id = uuidv7();
    return this.unique(
      this.couponWrite(actorId, 'coupon.create', {
        id: null,
        change: async (c) => {
          await checkCoupon(c, body, 0);
          await coupons.insertCoupon(c, id, body);
          return id;
        },
      }),
      'code',
    );
  }

  /**
   * Edits a coupon. Giving one kind of discount clears the other. The row is locked, so an order taking a
   * redemption meanwhile waits, and the cap is never set below the redemptions held.
   */
  updateCoupon(actorId: string, id: string, { version, ...body }: CouponUpdateBody) {
    return this.couponWrite(actorId, 'coupon.update', {
      id,
      change: async (c, row) => {
        const before = coupons.couponFields(sameVersion(row, version, 'Coupon'));
        const after = { ...before, ...given(body) };
        if (body.percentOff != null && body.amountOffSatang === undefined) after.amountOffSatang = null;
        if (body.amountOffSatang != null && body.percentOff === undefined) after.percentOff = null;
        await checkCoupon(c, after, row.redeemedCount, before.planCodes);
        await coupons.updateCoupon(c, id, after);
      },
    });
  }

  async redemptions(id: string, q: AdminRedemptionQuery) {
    await this.coupon(id);
    return coupons.listRedemptions(this.deps.db.$client, id, q);
  }
}
