import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { listenToChannels } from './pg-listen.js';

const CHANNEL = 'tus_release';
/** How often a waiting request tries again while another process holds the upload. */
const RETRY_MS = 100;
/** The advisory lock of one upload, held by the request working on it. */
const uploadKey = (id: string) => `tus:${id}`;
/** The advisory lock the requests that have arrived for an upload, and not yet taken it, hold shared. */
const arrivalKey = (id: string) => `tus-arrived:${id}`;
const TRY_ARRIVE = 'select pg_try_advisory_lock_shared(hashtext($1)) as ok';
const GIVE_UP_ARRIVAL = 'select pg_advisory_unlock_shared(hashtext($1))';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Gives up a request's claim as one that has arrived (idempotent). */
export type Arrival = () => Promise<void>;
const noArrival: Arrival = async () => {};

/** What one request's locks do besides tus's exclusion (see `PgLocker.forRequest`). */
export interface LockTerms {
  /** Where the upload stands (HEAD): first wait for the requests that arrived before it to take the upload. */
  afterArrivals?: boolean;
  /** The request's claim as arrived, given up once it holds the upload (or gives up on it). */
  arrival?: Arrival;
}

/**
 * tus's lock of one upload, shared by every API process through PostgreSQL: a session advisory lock held
 * on a connection of its own for as long as a request works on the upload. A request that finds the
 * upload locked asks the holder, whichever process it is in, to let go (NOTIFY; tus then ends the stale
 * request, e.g. one whose client has gone and come back), and tries again until it has the lock or gives
 * up after `timeoutMs`. With one process, tus's in-memory lock would do; behind a load balancer it would not.
 *
 * Where an upload stands (HEAD) counts every PATCH that reached a process before it, not only the one holding
 * the upload: a PATCH claims the upload as arrived (`arrive`, an advisory lock held shared on a connection of
 * its own, so that a busy pool does not delay the claim) until it holds the upload, and a HEAD waits for those
 * claims before it takes the lock. Without it, a PATCH whose client dropped and came back could still be on its
 * way to the lock (waiting for a connection, or for the lock) when the client's HEAD was answered, and then
 * write its bytes: the offset answered was already wrong, and the client's next PATCH met 409. (A request still
 * in the network, not yet read by any process, is beyond any server: a tus client answers that 409 by asking
 * again.)
 */
export class PgLocker implements Locker {
  /** Release callbacks of the locks this process holds, by upload id. */
  private readonly held = new Map<string, RequestRelease>();

  /** The connection that holds the arrivals' claims (connected when first needed, again after a loss). */
  private arrivals?: Promise<pg.Client | undefined>;
  private stopped = false;

  private constructor(
    readonly pool: pg.Pool,
    readonly timeoutMs: number,
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(o: {
    pool: pg.Pool;
    connectionString: string;
    log: FastifyBaseLogger;
    timeoutMs?: number;
  }) {
    const locker = new PgLocker(o.pool, o.timeoutMs ?? 30_000, o.connectionString, o.log);
    const stopListening = await listenToChannels({
      connectionString: o.connectionString,
      applicationName: 'rianroo-upload-locks',
      channels: [CHANNEL],
      log: o.log,
      onNotification: (_channel, id) => void locker.held.get(id)?.(),
    });
    const stop = async () => {
      locker.stopped = true;
      await stopListening();
      const arrivals = await locker.arrivals;
      await arrivals?.end().catch(() => {});
    };
    return { locker, stop };
  }

  newLock(id: string, terms: LockTerms = {}): Lock {
    return new PgLock(this, id, terms);
  }

  /** The locker tus uses for one request: its locks keep the request's terms. */
  forRequest(terms: LockTerms): Locker {
    return { newLock: (id) => this.newLock(id, terms) };
  }

  /**
   * Claims the upload for a request that has arrived (a PATCH): a HEAD of the upload waits until the claim is
   * given up, which the request's lock does once it holds the upload. Answers how to give the claim up. Never
   * fails the request: without the connection of the claims, the request goes on unclaimed (and is logged).
   */
  async arrive(id: string): Promise<Arrival> {
    const client = await this.arrivalsConnection();
    if (!client) return noArrival;
    const until = Date.now() + this.timeoutMs;
    try {
      // Never waits on the shared connection: a HEAD waiting for earlier claims makes a try fail, and this
      // request, arrived after that HEAD, tries again once it has passed.
      while (!(await client.query<{ ok: boolean }>(TRY_ARRIVE, [arrivalKey(id)])).rows[0]!.ok) {
        if (Date.now() >= until) return noArrival;
        await sleep(RETRY_MS);
      }
    } catch (err) {
      this.log.warn({ err, upload: id }, 'upload arrival not claimed');
      return noArrival;
    }
    let given = false;
    return async () => {
      if (given) return;
      given = true;
      // On a lost connection the claim went with it.
      if ((await this.arrivals) !== client) return;
      await client.query(GIVE_UP_ARRIVAL, [arrivalKey(id)]).catch(() => {});
    };
  }

  private arrivalsConnection(): Promise<pg.Client | undefined> {
    if (this.stopped) return Promise.resolve(undefined);
    const connecting = (this.arrivals ??= (async () => {
      const client = new pg.Client({
        connectionString: this.connectionString,
        application_name: 'rianroo-upload-arrivals',
      });
      const lost = (err?: Error) => {
        if (err) this.log.warn({ err }, 'upload arrivals connection lost; connecting again when next needed');
        if (this.arrivals === connecting) this.arrivals = undefined;
        client.end().catch(() => {});
      };
      client.on('error', lost);
      client.on('end', () => lost());
      try {
        await client.connect();
        return client;
      } catch (err) {
        lost(err as Error);
        return undefined;
      }
    })());
    return connecting;
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
    private readonly terms: LockTerms,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const client = await this.locker.pool.connect().catch(async (err: unknown) => {
      await this.terms.arrival?.();
      throw err;
    });
    const until = Date.now() + this.locker.timeoutMs;
    let asked = false;
    try {
      if (this.terms.afterArrivals) await this.afterArrivals(client, until);
      for (;;) {
        const { rows } = await client.query<{ ok: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as ok',
          [uploadKey(this.id)],
        );
        if (rows[0]!.ok) {
          this.client = client;
          this.locker.hold(this.id, requestRelease);
          await this.terms.arrival?.();
          return;
        }
        if (!asked) {
          asked = true;
          await client.query('select pg_notify($1, $2)', [CHANNEL, this.id]);
        }
        if (signal.aborted || Date.now() >= until) throw ERRORS.ERR_LOCK_TIMEOUT;
        await sleep(RETRY_MS);
      }
    } catch (err) {
      client.release();
      await this.terms.arrival?.();
      throw err;
    }
  }

  /**
   * Waits until every request that claimed the upload as arrived has taken it (or given up): the exclusive
   * form of the arrivals' lock, taken and let go in one transaction, with tus's lock timeout as its bound.
   */
  private async afterArrivals(client: pg.PoolClient, until: number) {
    await client.query('begin');
    try {
      await client.query(`select set_config('lock_timeout', $1, true)`, [
        `${Math.max(1, until - Date.now())}ms`,
      ]);
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [arrivalKey(this.id)]);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw (err as { code?: string }).code === '55P03' ? ERRORS.ERR_LOCK_TIMEOUT : err;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock');
    this.client = undefined;
    this.locker.drop(this.id);
    try {
      await client.query('select pg_advisory_unlock(hashtext($1))', [uploadKey(this.id)]);
      client.release();
    } catch (err) {
      // A connection that cannot say unlock is closed: PostgreSQL drops its session locks with it.
      client.release(err as Error);
    }
  }
}
