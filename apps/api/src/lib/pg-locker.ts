import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { listenToChannels } from './pg-listen.js';

const CHANNEL = 'tus_release';
/** How often a waiting request tries again while another process holds the upload. */
const RETRY_MS = 100;

/**
 * tus's lock of one upload, shared by every API process through PostgreSQL: a session advisory lock held
 * on a connection of its own for as long as a request works on the upload. A request that finds the
 * upload locked asks the holder, whichever process it is in, to let go (NOTIFY; tus then ends the stale
 * request, e.g. one whose client has gone and come back), and tries again until it has the lock or gives
 * up after `timeoutMs`. With one process, tus's in-memory lock would do; behind a load balancer it would not.
 */
export class PgLocker implements Locker {
  /** Release callbacks of the locks this process holds, by upload id. */
  private readonly held = new Map<string, RequestRelease>();

  private constructor(
    readonly pool: pg.Pool,
    readonly timeoutMs: number,
  ) {}

  static async start(o: {
    pool: pg.Pool;
    connectionString: string;
    log: FastifyBaseLogger;
    timeoutMs?: number;
  }) {
    const locker = new PgLocker(o.pool, o.timeoutMs ?? 30_000);
    const stop = await listenToChannels({
      connectionString: o.connectionString,
      applicationName: 'rianroo-upload-locks',
      channels: [CHANNEL],
      log: o.log,
      onNotification: (_channel, id) => void locker.held.get(id)?.(),
    });
    return { locker, stop };
  }

  newLock(id: string): Lock {
    return new PgLock(this, id);
  }

  /** Internal to PgLock. */
  hold(id: string, release: RequestRelease) {
    this.held.set(id, release);
  }
  drop(id: string) {
    this.held.delete(id);
  }
}

class PgLock implements Lock {
  private client?: pg.PoolClient;

  constructor(
    private readonly locker: PgLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const client = await this.locker.pool.connect();
    const until = Date.now() + this.locker.timeoutMs;
    let asked = false;
    try {
      for (;;) {
        const { rows } = await client.query<{ ok: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as ok',
          [`tus:${this.id}`],
        );
        if (rows[0]!.ok) {
          this.client = client;
          this.locker.hold(this.id, requestRelease);
          return;
        }
        if (!asked) {
          asked = true;
          await client.query('select pg_notify($1, $2)', [CHANNEL, this.id]);
        }
        if (signal.aborted || Date.now() >= until) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    } catch (err) {
      client.release();
      throw err;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock');
    this.client = undefined;
    this.locker.drop(this.id);
    try {
      await client.query('select pg_advisory_unlock(hashtext($1))', [`tus:${this.id}`]);
      client.release();
    } catch (err) {
      // A connection that cannot say unlock is closed: PostgreSQL drops its session locks with it.
      client.release(err as Error);
    }
  }
}
