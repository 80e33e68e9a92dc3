import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/**
 * One process among many does a thing (runs the content service): the one that holds a PostgreSQL advisory
 * lock, on a connection of its own, for as long as it lives. The others try again every `retryMs`, so when
 * the holder dies (its connection, and so its lock, goes with it) one of them takes over. `onLead` runs once
 * this process holds the lock. Answers a function that gives the lock up.
 */
export async function leadWhenFree(o: {
  connectionString: string;
  name: string;
  onLead: () => void;
  log: FastifyBaseLogger;
  retryMs?: number;
}): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let leading = false;
  const attempt = async () => {
    if (closed || leading) return;
    try {
      if (!client) {
        const c = new pg.Client({
          connectionString: o.connectionString,
          application_name: `rianroo-lead-${o.name}`,
        });
        c.on('error', (err) => {
          o.log.warn({ err, name: o.name }, 'leadership connection lost');
          if (client === c) client = undefined;
          leading = false;
          schedule();
        });
        await c.connect();
        client = c;
      }
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as ok',
        [`rianroo:${o.name}`],
      );
      if (rows[0]?.ok) {
        leading = true;
        o.log.info({ name: o.name }, 'this process leads');
        o.onLead();
        return;
      }
    } catch (err) {
      o.log.warn({ err, name: o.name }, 'leadership not settled; trying again');
      await client?.end().catch(() => {});
      client = undefined;
    }
    schedule();
  };
  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void attempt(), o.retryMs ?? 5000).unref();
  };
  await attempt();
  return async () => {
    closed = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
    client = undefined;
  };
}
