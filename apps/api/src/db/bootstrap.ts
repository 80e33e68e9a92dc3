import type { Config } from '../config.js';
import { createDb, ensureDatabase, runMigrations, type Db } from './client.js';
import { startEmbeddedPostgres, type EmbeddedPg } from './embedded.js';

export interface Database {
  db: Db;
  url: string;
  embedded?: EmbeddedPg;
  close(): Promise<void>;
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
