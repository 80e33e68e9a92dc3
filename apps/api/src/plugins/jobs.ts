import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { sqlExecutor, type Tx } from '../db/client.js';

export interface Jobs {
  /**
   * Queues a job; it survives restarts and is retried with backoff when the handler throws. With `tx`
   * the job is part of that transaction: queued if it commits, never if it rolls back.
   */
  send<T extends object>(
    name: string,
    data: T,
    options?: PgBoss.SendOptions,
    tx?: Tx,
  ): Promise<string | null>;
  /** Registers the handler of a queue (creating the queue if needed). */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
  /** Runs the queue's job on a cron schedule (Bangkok time), once per tick however many processes ask. */
  schedule(name: string, cron: string): Promise<void>;
}

/** Background jobs on pg-boss, in the same PostgreSQL, so many API processes share one queue. */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { connectionString: string; pollingIntervalSeconds?: number }) => {
    const boss = new PgBoss({
      connectionString: opts.connectionString,
      max: 4,
      application_name: 'rianroo-jobs',
    });
    let stopping = false;
    boss.on('error', (err: Error & { code?: string }) => {
      // 57P01: the database is shutting down, expected while the process stops.
      if (stopping || err.code === '57P01') return;
      app.log.error({ err }, 'job queue error');
    });
    await boss.start();
    const queues = new Set<string>();
    const ensureQueue = async (name: string) => {
      if (queues.has(name)) return;
      await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true });
      queues.add(name);
    };
    const jobs: Jobs = {
      async send(name, data, options, tx) {
        await ensureQueue(name);
        return boss.send(name, data, { ...options, ...(tx ? { db: sqlExecutor(tx) } : {}) });
      },
      async work(name, handler) {
        await ensureQueue(name);
        await boss.work<object>(
          name,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 },
          async (batch) => {
            for (const job of batch) await handler(job.data as never);
          },
        );
      },
      async schedule(name, cron) {
        await ensureQueue(name);
        await boss.schedule(name, cron, {}, { tz: 'Asia/Bangkok', singletonKey: name });
      },
    };
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: 'jobs' },
);
