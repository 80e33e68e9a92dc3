import {
  ANALYTICS_FIRST_DAY,
  analyticsRange,
  type AnalyticsCourses,
  type CourseBudgetCuts,
  type AnalyticsOverview,
  type AnalyticsRange,
  type CourseFunnel,
  type RetentionCurve,
} from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Jobs } from '../../plugins/jobs.js';
import * as repo from './analytics.repo.js';
import { refreshRetention, retentionOf } from './retention.repo.js';
import { toRetentionCurve } from './retention-drops.js';

export const RETENTION_JOB = 'analytics.retention';
/** Log rows folded per statement: small enough to keep each transaction short. */
const REFRESH_BATCH = 5_000;

/** A Bangkok day, `days` before today (0: today). */
const bangkokDay = (days = 0) =>
  new Date(Date.now() + 7 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

export interface AnalyticsDeps {
  db: Db;
  config: Pick<Config, 'analyticsFoldSeconds'>;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/** Operators' figures (PRODUCT.md section 10): who signs up, who learns, what they pay, where they stop. */
export class AnalyticsService {
  private readonly db: Db;
  /** The fold's own timer (ANALYTICS_FOLD_SECONDS), and the fold it is running. */
  private foldTimer?: ReturnType<typeof setInterval>;
  private folding: Promise<unknown> | undefined;

  constructor(private readonly deps: AnalyticsDeps) {
    this.db = deps.db;
  }

  /** The retention aggregates are refreshed every minute on the shared queue: one process runs each tick. */
  async schedule() {
    await this.deps.jobs.work(RETENTION_JOB, async () => {
      await this.refreshRetention();
    });
    await this.deps.jobs.schedule(RETENTION_JOB, '* * * * *');
    // Sooner when configured (the browser tests): each process folds on its own timer; SKIP LOCKED in the
    // statement keeps processes from counting a row twice, and a tick is skipped while the last one runs.
    const every = this.deps.config.analyticsFoldSeconds;
    if (!every) return;
    this.foldTimer = setInterval(() => {
      this.folding ??= this.refreshRetention()
        .catch((err: unknown) => this.deps.log.error({ err }, 'retention fold failed'))
        .finally(() => (this.folding = undefined));
    }, every * 1000);
  }

  /** Stops the fold's timer and waits for a fold under way (the composer calls it when the app closes). */
  async stop() {
    clearInterval(this.foldTimer);
    await this.folding;
  }

  /** Folds everything played since the last refresh into the aggregates; answers how many saves it took. */
  async refreshRetention() {
    let total = 0;
    for (;;) {
      const taken = await refreshRetention(this.db, REFRESH_BATCH);
      total += taken;
      if (taken < REFRESH_BATCH) return total;
    }
  }

  /**
   * The asked span with its defaults filled in: the end today, the start 30 days up to the end (not before
   * ANALYTICS_FIRST_DAY). Then held to the rules of a span given whole (the contract's `analyticsRange`): a start
   * after the end, or a span longer than ANALYTICS_MAX_DAYS, is 400 VALIDATION_ERROR, never quietly cut.
   */
  private span(r: AnalyticsRange) {
    const to = r.to ?? bangkokDay();
    const monthBack = new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10);
    const from = r.from ?? (monthBack < ANALYTICS_FIRST_DAY ? ANALYTICS_FIRST_DAY : monthBack);
    const checked = analyticsRange.safeParse({ from, to });
    if (!checked.success) {
      const details = checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `Invalid querystring: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`,
        details,
      );
    }
    return { from, to };
  }

  async overview(range: AnalyticsRange): Promise<AnalyticsOverview> {
    const { from, to } = this.span(range);
    const [days, weeks, revenue] = await Promise.all([
      repo.perDay(this.db, from, to),
      repo.perWeek(this.db, from, to),
      repo.revenue(this.db, from, to),
    ]);
    return {
      from,
      to,
      days: days.map((d) => ({
        day: d.day,
        signUps: d.sign_ups,
        activeLearners: d.active,
        episodeCompletions: d.episodes,
        certificates: d.certificates,
      })),
      weeks: weeks.map((w) => ({ weekStart: w.week_start, activeLearners: w.active })),
      revenue: revenue.map((r) => ({
        planId: r.plan_id,
        planName: r.name,
        planNameEn: r.name_en,
        currency: r.currency,
        orders: r.orders,
        satang: Number(r.satang),
      })),
    };
  }

  /** The share of an episode's viewers still watching at each second, from the aggregate, with its steep drops. */
  async retention(episodeId: string): Promise<RetentionCurve> {
    const row = await retentionOf(this.db, episodeId);
    if (!row) throw notFound('Episode');
    return toRetentionCurve(episodeId, row);
  }

  async funnel(courseId: string, range: AnalyticsRange): Promise<CourseFunnel> {
    const title = await repo.courseTitle(this.db, courseId);
    if (title === undefined) throw notFound('Course');
    const { from, to } = this.span(range);
    const steps = await repo.funnel(this.db, courseId, from, to);
    return { courseId, title, from, to, steps };
  }

  async budgetCuts(courseId: string): Promise<CourseBudgetCuts> {
    const title = await repo.courseTitle(this.db, courseId);
    if (title === undefined) throw notFound('Course');
    const rows = await repo.budgetCuts(this.db, courseId);
    return {
      courseId,
      title,
      learners: rows.map((r) => ({
        userId: r.user_id,
        name: r.name,
        email: r.email,
        savesCut: r.saves_cut,
        secondsCut: r.seconds_cut,
        firstCutAt: r.first_cut_at.toISOString(),
        lastCutAt: r.last_cut_at.toISOString(),
      })),
    };
  }

  async courses(): Promise<AnalyticsCourses> {
    return repo.coursesWithEpisodes(this.db);
  }
}
