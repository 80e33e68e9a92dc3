import { buildApp } from './app.js';
import { isLoopback } from './lib/net.js';
import { adminPanelBuilt } from './plugins/cms-setup.js';
import { generateSummaries } from './modules/documents/index.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseUnreachable, openDatabase } from './db/bootstrap.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seed } from './startup/seed.js';
import { warmUp } from './startup/warm.js';
import { warmUpRequests } from './lib/warm-up.js';

const say = (line: string) => process.stdout.write(`[rianroo] ${line}\n`);

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const database = await openDatabase(config, say);
  if (config.seedDemo && !config.production) await seed(database.db);
  const app = await buildApp(config, { db: database.db, databaseUrl: database.url });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 20_000).unref();
    await app.close().catch((err) => say(`error while closing: ${String(err)}`));
    await database.close().catch((err) => say(`error while stopping the database: ${String(err)}`));
    clearTimeout(force);
    say('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Queued before listening, so a stop right after the start never meets a half-done seed.
  const demoVideos = config.seedDemo && !config.production && config.seedDemoVideos;
  const queued = demoVideos ? await app.videos.seedDemoVideos() : 0;
  if (config.seedDemo && !config.production) {
    // The demo courses' summary documents, made once (later starts find them in storage).
    generateSummaries(app).catch((err) => app.log.error({ err }, 'demo summary documents failed'));
  }

  // The first requests after a start (a restart in the middle of the evening) meet a warm pool.
  await warmUp(database.db, config.dbPoolMax).catch((err: unknown) =>
    app.log.warn({ err }, 'database pool not warmed up'),
  );
  // ... and a process whose hot paths have run a few thousand times (the JavaScript optimised).
  await warmUpRequests(app, config.warmUpRequests).catch((err: unknown) =>
    app.log.warn({ err }, 'request paths not warmed up'),
  );
  // ... and the sessions of the learners active lately already checked.
  await app.ready();
  await app.sessions.preload().catch((err: unknown) => app.log.warn({ err }, 'sessions not preloaded'));
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    say(`cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`);
    await app.close();
    await database.close();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`ready at http://${config.host}:${port}  (API docs: /api/docs)`);
  if (!config.production && config.host !== 'localhost' && !isLoopback(config.host)) {
    say(
      `WARNING: NODE_ENV=${config.env} (not production) and listening on ${config.host}, beyond this machine. ` +
        'Demo accounts and development settings are reachable from the network; set NODE_ENV=production ' +
        'for anything but local development. (The development outbox answers only this machine.)',
    );
  }
  if (config.seedDemo && !config.production) {
    say(`demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`);
  }
  if (app.cms.origin && !config.production) {
    const { adminEmail, adminPassword } = config.cms;
    const panel = adminPanelBuilt(config.cms)
      ? `editors at ${app.cms.origin}/admin (${adminEmail} / ${adminPassword})`
      : 'its admin panel is not built (npm start builds it)';
    say(`content service (Strapi) starting in the background: content at /cms/api, ${panel}`);
  }
  if (queued)
    say(`${queued} demo videos queued: they are made in the background (a few minutes the first time)`);
}

main().catch((err) => {
  // What the operator can put right is told in one line; anything else with its stack.
  const told =
    err instanceof DatabaseUnreachable ? err.message : err instanceof Error ? err.stack : String(err);
  process.stderr.write(`[rianroo] failed to start: ${told}\n`);
  process.exit(1);
});
