import { sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isConflict, sqlState } from './errors.js';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/**
 * The longest a caller waits for a pooled connection, a new one's connecting included: past it, the checkout
 * fails ("timeout exceeded when trying to connect", answered 503 with Retry-After) instead of waiting for ever
 * on a database that stopped answering. Statements themselves have no time limit (migrations, retention folds).
 */
export const CONNECT_TIMEOUT_MS = 10_000;

export function createDb(url: string, max = 20): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return drizzle(pool, { schema }) as Db;
}

/**
 * Brings the schema up to date. Processes starting together take turns (a session advisory lock held on a
 * connection of its own): the first migrates, the others then find nothing left to do.
 */
export async function runMigrations(db: Db, migrationsFolder: string): Promise<void> {
  const lock = await db.$client.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', ['rianroo:migrations']);
    await migrate(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', ['rianroo:migrations']).catch(() => {});
    lock.release();
  }
}

/** How long a health check (readiness, the metrics' database figures) waits for the database in all. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/**
 * Runs one short statement of a health check, bounded as a whole (the checkout included) by `ms`, so that the
 * check answers when the database does not (a partition, a frozen primary): rejects once the time is up. A
 * connection that did not answer in time is closed, not given back to the pool. Only for such checks: the
 * platform's own statements take the time they need.
 */
export async function queryWithin<R extends pg.QueryResultRow>(
  db: Db,
  text: string,
  ms = HEALTH_CHECK_TIMEOUT_MS,
): Promise<R[]> {
  const deadline = Date.now() + ms;
  const checkout = db.$client.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  let client: pg.PoolClient;
  try {
    client = await Promise.race([checkout, late]);
  } catch (err) {
    // A checkout that comes after all is given back.
    checkout.then(
      (c) => c.release(),
      () => {},
    );
    throw err;
  } finally {
    clearTimeout(timer);
  }
  try {
    // node-postgres reads a per-query `query_timeout` (its types know only the client-wide one).
    const query: pg.QueryConfig & { query_timeout: number } = {
      text,
      query_timeout: Math.max(1, deadline - Date.now()),
    };
    const result = await client.query<R>(query);
    client.release();
    return result.rows;
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
}

/** Creates the database when missing (CREATE DATABASE cannot run inside a transaction). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } catch (err) {
    // Another process created it meanwhile.
    if (sqlState(err) !== '42P04') throw err;
  } finally {
    await client.end();
  }
}

/** A client of the pool inside one transaction, for raw SQL that must commit or roll back together. */
export type TxClient = pg.PoolClient;

/** How often a transaction that met another is run in all, and the longest wait before the next run. */
const CONFLICT_RUNS = 4;
const CONFLICT_BACKOFF_MS = 25;

/**
 * Runs `start` again, after a short random wait, while it fails with a deadlock or a serialization failure
 * (up to CONFLICT_RUNS in all). Only for a whole transaction whose work is in the database: PostgreSQL undid it
 * all, so running it again is as if the first run never happened.
 */
export async function retryConflicts<T>(start: () => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await start();
    } catch (err) {
      if (run >= CONFLICT_RUNS || !isConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * CONFLICT_BACKOFF_MS * run));
    }
  }
}

/**
 * Runs `fn` in a transaction on one pooled connection: committed when it returns, rolled back when it throws,
 * and run again when PostgreSQL broke it off for meeting another (`retryConflicts`): keep `fn` to database work.
 */
export function inTransaction<T>(db: Db, fn: (c: TxClient) => Promise<T>): Promise<T> {
  return retryConflicts(async () => {
    const client = await db.$client.connect();
    try {
      await client.query('begin');
      const result = await fn(client);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  });
}

/** A Drizzle transaction, run again like `inTransaction` when PostgreSQL broke it off for meeting another. */
export function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return retryConflicts(() => db.transaction(fn));
}

/** A Drizzle transaction (or the database itself): what repositories write through. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs positional-parameter SQL ($1, $2 ...) inside a Drizzle transaction, for libraries that take an
 * executor (pg-boss: a job queued in the same transaction as the rows it is about).
 */
export function sqlExecutor(tx: Tx) {
  return {
    async executeSql(text: string, values: unknown[]) {
      const query: SQL = sql.empty();
      text.split(/\$(\d+)/).forEach((part, i) => {
        query.append(i % 2 ? sql`${sql.param(values[Number(part) - 1])}` : sql.raw(part));
      });
      const result = await tx.execute(query);
      return { rows: result.rows };
    },
  };
}
