import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CmsSupervisor } from './cms-supervisor.js';
import { leadWhenFree } from '../lib/pg-leader.js';
import {
  cmsDatabaseUrl,
  ensureCmsDatabase,
  ensureUploadFolder,
  loadSecrets,
  secretsFile,
  strapiEnv,
  type CmsSecrets,
} from './cms-setup.js';

export interface ContentService {
  /** Where the supervised Strapi answers (http://127.0.0.1:CMS_PORT), or null when not supervised here. */
  origin: string | null;
  supervisor: CmsSupervisor | null;
  /** The read-only token the web app sends (CMS_READ_TOKEN, or the one kept in DATA_DIR/cms). */
  readToken: string | null;
}

const off: ContentService = { origin: null, supervisor: null, readToken: null };

/**
 * The content service (Strapi 5 in apps/cms), run and watched by the API when CMS_ENABLED: its database made
 * on the API's PostgreSQL, started after the API is ready, restarted when it dies, stopped with the API.
 * Nothing here waits for it: the platform works without it, the web app just leaves the content out.
 */
export const cmsPlugin = fp<{ databaseUrl: string }>(
  async (app: FastifyInstance, opts) => {
    const { cms } = app.config;
    const script = path.join(cms.dir, 'server.js');
    const installed = existsSync(path.join(cms.dir, 'node_modules', '@strapi', 'strapi'));
    if (!cms.enabled || !installed) {
      if (cms.enabled)
        app.log.warn({ dir: cms.dir }, 'content service not installed (npm start installs it)');
      app.decorate('cms', off);
      return;
    }
    let secrets: CmsSecrets;
    try {
      secrets = await loadSecrets(cms);
    } catch (err) {
      app.log.error({ err }, 'content service not started: its secrets cannot be kept in DATA_DIR');
      app.decorate('cms', off);
      return;
    }
    if (!cms.adminPassword) {
      app.log.warn(
        `content service: the first editor is ${cms.adminEmail}; CMS_ADMIN_PASSWORD is not set, so its ` +
          `generated password is kept in ${secretsFile(cms)} (change it in the admin panel)`,
      );
    }
    const databaseUrl = cmsDatabaseUrl(cms, opts.databaseUrl);
    const supervisor = new CmsSupervisor({
      script,
      cwd: cms.dir,
      runDir: cms.dataDir,
      prepare: async () => {
        await ensureCmsDatabase(databaseUrl);
        await ensureUploadFolder(cms);
        return strapiEnv(app.config, secrets, databaseUrl, cms.port);
      },
      log: {
        info: (line) => app.log.info(`cms: ${line}`),
        warn: (line) => app.log.warn(`cms: ${line}`),
      },
    });
    const origin = `http://127.0.0.1:${cms.port}`;
    app.decorate('cms', { origin, supervisor, readToken: secrets.CMS_READ_TOKEN } satisfies ContentService);
    // Run by one process however many share the database: the others serve /cms through it (same host) and
    // take over if it goes.
    let resign: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      resign = await leadWhenFree({
        connectionString: opts.databaseUrl,
        // The content database names the service (never its URL: that carries a password).
        name: `cms:${new URL(cmsDatabaseUrl(cms, opts.databaseUrl)).pathname}`,
        onLead: () => supervisor.start(),
        log: app.log,
      });
    });
    app.addHook('onClose', async () => {
      await supervisor.stop();
      await resign?.();
    });
  },
  { name: 'cms' },
);
