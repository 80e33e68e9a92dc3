import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../plugins/jobs.js';
import { applyRule, RETENTION_RULES } from './retention.repo.js';

export const RETENTION_JOB = 'privacy.retention';
/** Daily at 03:30 Bangkok time, when few learners are about. */
const RETENTION_CRON = '30 3 * * *';

/** What the service uses. */
export interface RetentionDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/**
 * Retention (PDPA): what is no longer needed is deleted, or its network address forgotten, once a day on the
 * shared queue (one process runs each day's job). The rules are in retention.repo.ts; data exports that
 * expired are removed by the export part's own job.
 */
export class RetentionService {
  constructor(private readonly deps: RetentionDeps) {}

  async schedule() {
    await this.deps.jobs.work(RETENTION_JOB, async () => {
      await this.runRetention();
    });
    await this.deps.jobs.schedule(RETENTION_JOB, RETENTION_CRON);
  }

  /**
   * Runs every rule, each its own statement (one failing leaves the others to run, and throws after them so
   * the job is retried), as of `now` (tests move it; by default the database's clock). Answers and logs how
   * many rows each rule changed.
   */
  async runRetention(now?: Date): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    let failed: unknown;
    for (const rule of RETENTION_RULES) {
      try {
        counts[rule.name] = await applyRule(this.deps.db, rule, now ?? null);
        this.deps.log.info({ rule: rule.name, rows: counts[rule.name] }, 'retention rule applied');
      } catch (err) {
        failed ??= err;
        this.deps.log.error({ err, rule: rule.name }, 'retention rule failed');
      }
    }
    if (failed) throw failed;
    return counts;
  }
}
