import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

export interface ListenOptions {
  connectionString: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  channels: string[];
  onNotification: (channel: string, payload: string) => void;
  /** The channels are listened to (again): anything missed while down should be looked at now. */
  onUp?: () => void;
  /** The connection dropped: notifications may be missed until `onUp`. */
  onDown?: () => void;
  log: FastifyBaseLogger;
}

/**
 * A dedicated connection that LISTENs to PostgreSQL channels (NOTIFY from any process, delivered when the
 * notifying transaction commits). Reconnects with backoff when the connection drops. Answers a function
 * that stops listening.
 */
export async function listenToChannels(o: ListenOptions): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (attempt: number): Promise<void> => {
    const c = new pg.Client({ connectionString: o.connectionString, application_name: o.applicationName });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      o.onDown?.();
      c.end().catch(() => {});
      if (closed) return;
      const delay = Math.min(30_000, 250 * 2 ** Math.min(attempt, 7));
      retry = setTimeout(() => void connect(attempt + 1).catch(() => {}), delay).unref();
    };
    c.on('error', (err) => {
      o.log.warn({ err, channels: o.channels }, 'notification channel lost; reconnecting');
      lost();
    });
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.payload) o.onNotification(n.channel, n.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(o.channels.map((ch) => `LISTEN ${ch}`).join('; '));
      o.onUp?.();
    } catch (err) {
      o.log.warn({ err, channels: o.channels }, 'notification channel unavailable; retrying');
      lost();
    }
  };
  await connect(0);
  return async () => {
    closed = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    o.onDown?.();
    await c?.end().catch(() => {});
  };
}
