import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { sqlExecutor, type Tx } from '../db/client.js';
import { sqlState } from '../db/errors.js';
import { listenToChannels } from '../lib/pg-listen.js';

export interface WorkOptions {
  /** Jobs taken from the queue at once (highest priority first, then oldest). */
  batchSize?: number;
  /** Of those, how many run at the same time. */
  concurrency?: number;
  /** Called when a job failed its last try: it is left `failed` and never runs again (also logged). */
  onGiveUp?: () => void;
}

export interface Jobs {
  /**
   * Queues a job; it survives restarts and is retried with backoff when the handler throws. With `tx`
   * the job is part of that transaction: queued if it commits, never if it rolls back. Workers in every
   * process hear of it when it is committed.
   */
  send<T extends object>(
    name: string,
    data: T,
    options?: PgBoss.SendOptions,
    tx?: Tx,
  ): Promise<string | null>;
  /** Registers the handler of a queue (creating the queue if needed). */
  work<T extends object>(
    name: string,
    handler: (data: T) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Runs the queue's job on a cron schedule (Bangkok time), once per tick however many processes ask. */
  schedule(name: string, cron: string): Promise<void>;
  /**
   * Stops taking jobs and resolves when the batches in hand are finished and recorded (once, however
   * often called). onClose hooks run last registered first, so a plugin registered after this one whose
   * handlers use something it closes (mail: its SMTP pool) awaits this in its onClose before closing it.
   */
  stop(): Promise<void>;
}

const CHANNEL = 'job_queued';

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Background jobs on pg-boss, in the same PostgreSQL, so many API processes share one queue. Each worker
 * drains its queue: it takes the next batch as soon as one is done, and when the queue is empty it waits
 * for a NOTIFY of a new job (sent when the queuing transaction commits, heard by every process) or, should
 * one be missed, for the polling interval. Each job of a batch is completed or failed on its own: one
 * failing mail is retried later without holding back the others.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { connectionString: string; pollingIntervalSeconds?: number }) => {
    const boss = new PgBoss({
      connectionString: opts.connectionString,
      max: 4,
      application_name: 'rianroo-jobs',
    });
    let stopping = false;
    boss.on('error', (err: Error) => {
      // 57P01: the database is shutting down, expected while the process stops.
      if (stopping || sqlState(err) === '57P01') return;
      app.log.error({ err }, 'job queue error');
    });
    await boss.start();
    const queues = new Set<string>();
    const ensureQueue = async (name: string) => {
      if (queues.has(name)) return;
      await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true });
      queues.add(name);
    };

    const pollMs = (opts.pollingIntervalSeconds ?? 1) * 1000;
    const wakers = new Map<string, () => void>();
    const wake = (name: string) => wakers.get(name)?.();
    const loops: Promise<void>[] = [];
    const stopListening = await listenToChannels({
      connectionString: opts.connectionString,
      applicationName: 'rianroo-jobs-listen',
      channels: [CHANNEL],
      log: app.log,
      onNotification: (_channel, name) => wake(name),
      // Anything queued while the channel was down is picked up now.
      onUp: () => wakers.forEach((w) => w()),
    });

    const drain = async <T extends object>(
      name: string,
      handler: (data: T) => Promise<void>,
      { batchSize = 1, concurrency = 1, onGiveUp }: WorkOptions,
    ) => {
      while (!stopping) {
        let jobs: PgBoss.JobWithMetadata<T>[] = [];
        try {
          jobs = (await boss.fetch<T>(name, { batchSize, priority: true, includeMetadata: true })) ?? [];
          // The batch comes back in no order: the most urgent goes on the wire first.
          jobs.sort((a, b) => b.priority - a.priority || +a.createdOn - +b.createdOn);
        } catch (err) {
          if (!stopping) app.log.error({ err, queue: name }, 'job fetch failed');
        }
        if (jobs.length) {
          const done: string[] = [];
          await eachLimited(jobs, concurrency, async (job) => {
            try {
              await handler(job.data);
              done.push(job.id);
            } catch (err) {
              // pg-boss counts the tries before this one: at the limit, this failure is the last.
              const last = job.retryCount >= job.retryLimit;
              if (last)
                app.log.error(
                  { err, queue: name, job: job.id, tries: job.retryCount + 1 },
                  'job failed for good; it will not be retried',
                );
              else app.log.warn({ err, queue: name, job: job.id }, 'job failed; it will be retried');
              await boss
                .fail(name, job.id, { message: (err as Error).message ?? String(err) })
                .then(() => last && onGiveUp?.())
                .catch((e: unknown) => app.log.error({ err: e, queue: name }, 'job fail not recorded'));
            }
          });
          if (done.length) {
            await boss
              .complete(name, done)
              .catch((err: unknown) => app.log.error({ err, queue: name }, 'job completion not recorded'));
          }
          continue; // more may be waiting: no pause between batches
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, pollMs);
          function done() {
            clearTimeout(timer);
            wakers.delete(name);
            resolve();
          }
          wakers.set(name, done);
        });
      }
    };

    let stopped: Promise<void> | undefined;
    const stop = () =>
      (stopped ??= (async () => {
        stopping = true;
        wakers.forEach((w) => w());
        // The batches in hand are finished and recorded before the queue stops.
        await Promise.all(loops);
      })());

    const jobs: Jobs = {
      async send(name, data, options, tx) {
        await ensureQueue(name);
        const id = await boss.send(name, data, { ...options, ...(tx ? { db: sqlExecutor(tx) } : {}) });
        // Delivered when the transaction commits (at once without one), to every process.
        await (tx ?? app.db).execute(sql`select pg_notify(${CHANNEL}, ${name})`);
        return id;
      },
      async work(name, handler, options = {}) {
        await ensureQueue(name);
        loops.push(drain(name, handler, options));
      },
      async schedule(name, cron) {
        await ensureQueue(name);
        await boss.schedule(name, cron, {}, { tz: 'Asia/Bangkok', singletonKey: name });
      },
      stop,
    };
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      await stop();
      await stopListening();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: 'jobs' },
);
