import { sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createDb(url: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
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

/** Creates the database when missing (CREATE DATABASE cannot run inside a transaction). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } catch (err) {
    // Another process created it meanwhile.
    if ((err as { code?: string }).code !== '42P04') throw err;
  } finally {
    await client.end();
  }
}

/** A client of the pool inside one transaction, for raw SQL that must commit or roll back together. */
export type TxClient = pg.PoolClient;

/** Runs `fn` in a transaction on one pooled connection: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(db: Db, fn: (c: TxClient) => Promise<T>): Promise<T> {
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
      return { rows: result.rows as unknown[] };
    },
  };
}
