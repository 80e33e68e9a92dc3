import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { queryWithin } from '../db/client.js';
import { fromThisMachine } from '../lib/net.js';
import { isWarmUpRequest } from '../lib/warm-up.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  mailSent: Counter;
  mailFailed: Counter;
  progressSaves: Counter;
}

/**
 * Prometheus metrics at `/metrics`: requests per route and status and their latency, the job queues (depth and
 * the age of their oldest waiting job), mail sent and failed, the database pool, progress saves, and the
 * process's own (CPU, memory, event-loop delay). Scraped with `METRICS_TOKEN` as a bearer token; without
 * one, only from this machine (`fromThisMachine`: nothing forwarded by a proxy, even a local one).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const metrics: Metrics = {
      registry,
      mailSent: new Counter({
        name: 'mail_sent_total',
        help: 'E-mails handed to SMTP',
        registers: [registry],
      }),
      mailFailed: new Counter({
        name: 'mail_failed_total',
        help: 'E-mail deliveries that failed (each is retried with backoff)',
        registers: [registry],
      }),
      progressSaves: new Counter({
        name: 'progress_saves_total',
        help: 'Episode progress saves acknowledged',
        registers: [registry],
      }),
    };
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting (created or to be retried), by queue',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of (await queueFigures()) ?? []) this.set({ queue: r.name }, r.waiting);
      },
    });
    new Gauge({
      name: 'job_queue_oldest_seconds',
      help: 'Age of the oldest job that could run now, by queue',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of (await queueFigures()) ?? []) this.set({ queue: r.name }, r.oldest);
      },
    });
    const pool = app.db.$client as unknown as { totalCount: number; idleCount: number; waitingCount: number };
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections, by state (idle, busy) and callers waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });

    // One query per scrape for both queue gauges, bounded: a database that stops answering leaves them out
    // (job_queue_figures_read 0) rather than holding the scrape, when the operator needs the rest most.
    let figures:
      { at: number; rows: Promise<{ name: string; waiting: number; oldest: number }[] | null> } | undefined;
    const queueFigures = () => {
      if (!figures || Date.now() - figures.at > 1000) {
        figures = {
          at: Date.now(),
          rows: queryWithin<{ name: string; waiting: number; oldest: number }>(
            app.db,
            `select name, count(*)::int as waiting,
                    coalesce(extract(epoch from now() - min(start_after) filter (where start_after <= now())), 0)::float as oldest
             from pgboss.job where state in ('created', 'retry') group by name`,
          ).catch((err: unknown) => {
            app.log.warn({ err }, 'job queue figures not read');
            return null;
          }),
        };
      }
      return figures.rows;
    };
    new Gauge({
      name: 'job_queue_figures_read',
      help: 'Whether this scrape read the job queue figures from the database (0: it did not answer in time, job_queue_* left out)',
      registers: [registry],
      async collect() {
        this.set((await queueFigures()) ? 1 : 0);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics' || isWarmUpRequest(request.raw)) return;
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    const token = app.config.metricsToken;
    const allowed = (request: FastifyRequest) => {
      if (!token) return fromThisMachine(request);
      const given = Buffer.from(request.headers.authorization ?? '');
      const expected = Buffer.from(`Bearer ${token}`);
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request)) {
        return reply
          .status(404)
          .send({ statusCode: 404, code: 'NOT_FOUND', message: 'Route GET /metrics not found' });
      }
      figures = undefined;
      return reply.type(registry.contentType).send(await registry.metrics());
    });
    app.decorate('metrics', metrics);
  },
  { name: 'metrics' },
);
