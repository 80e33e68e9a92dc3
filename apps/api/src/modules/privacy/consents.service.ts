import type { AnalyticsConsentBody, ConsentsAnswer } from '@rianroo/contract';
import { transaction, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './consents.repo.js';

export interface ConsentsDeps {
  db: Db;
}

/**
 * A learner's consents: the mail kinds (users.marketing, changed on the account's pages and by the unsubscribe
 * link) and the analytics scripts (chosen in the banner or on the account page; the browser keeps its own copy),
 * each change kept in the history with its time.
 */
export class ConsentsService {
  constructor(private readonly deps: ConsentsDeps) {}

  async consents(userId: string): Promise<ConsentsAnswer> {
    const { db } = this.deps;
    const [marketing, analytics, history] = await Promise.all([
      repo.marketingOf(db, userId),
      repo.latestAnalytics(db, userId),
      repo.history(db, userId),
    ]);
    if (!marketing) throw notFound('User');
    return {
      marketing,
      analytics: analytics ?? null,
      history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
    };
  }

  /** Records the analytics choice when it differs from the latest one (the same choice again is no change). */
  async setAnalytics(userId: string, body: AnalyticsConsentBody, ip: string) {
    await transaction(this.deps.db, async (tx) => {
      if (!(await repo.lockUser(tx, userId))) throw notFound('User');
      if ((await repo.latestAnalytics(tx, userId)) === body.granted) return;
      await repo.recordConsents(
        tx,
        userId,
        [{ purpose: 'analytics', granted: body.granted }],
        body.source,
        ip,
      );
    });
    return this.consents(userId);
  }
}
