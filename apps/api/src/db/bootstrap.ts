import type { Config } from '../config.js';
import { createDb, ensureDatabase, runMigrations, type Db } from './client.js';
import { startEmbeddedPostgres, type EmbeddedPg } from './embedded.js';
import { sqlState } from './errors.js';

export interface Database {
  db: Db;
  url: string;
  embedded?: EmbeddedPg;
  close(): Promise<void>;
}

/**
 * The database could not be reached at start: one line for the operator, naming the setting, the host, the port
 * and the error's code (never the password). server.ts prints its message alone, with no stack.
 */
export class DatabaseUnreachable extends Error {
  constructor(url: string, cause: unknown, setting: string) {
    const u = new URL(url);
    const host = u.searchParams.get('host') ?? (u.hostname || 'localhost');
    const port = u.searchParams.get('port') ?? (u.port || '5432');
    const code = sqlState(cause);
    const text = cause instanceof Error ? cause.message : String(cause);
    const why = code && !text.includes(code) ? `${code} (${text})` : text || code;
    super(`cannot connect to the database of ${setting} at ${host}:${port}: ${why}`, { cause });
  }
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL under DATA_DIR. Then migrations. */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<Database> {
  let url = config.databaseUrl;
  let embedded: EmbeddedPg | undefined;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: () => {},
    });
    await ensureDatabase(embedded.url(), 'rianroo');
    url = embedded.url('rianroo');
    log(`embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort} (data in ${config.dataDir})`);
  }
  const db = createDb(url, config.dbPoolMax);
  try {
    // One connection first, so that a database out of reach is told as such (runMigrations' errors are its own).
    await db.$client.connect().then(
      (client) => client.release(),
      (err: unknown) => {
        throw new DatabaseUnreachable(url, err, embedded ? 'the embedded PostgreSQL' : 'DATABASE_URL');
      },
    );
    await runMigrations(db, config.migrationsDir);
  } catch (err) {
    await db.$client.end();
    await embedded?.stop();
    throw err;
  }
  return {
    db,
    url,
    embedded,
    async close() {
      await db.$client.end();
      await embedded?.stop();
    },
  };
}
