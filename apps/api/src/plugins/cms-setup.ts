import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { ensureDatabase } from '../db/client.js';

type CmsConfig = Config['cms'];
export type CmsSecrets = Record<keyof CmsConfig['secrets'] | 'CMS_READ_TOKEN', string> & {
  /** The first editor's password, generated when CMS_ADMIN_PASSWORD is not set (production). */
  CMS_ADMIN_PASSWORD?: string;
};

const key = () => randomBytes(24).toString('base64');

/**
 * Strapi's secrets and the read token: each from its setting when set, else generated once and kept in DATA_DIR/cms/secrets.json
 * (mode 0600), so sessions, tokens and encrypted values survive restarts. Without CMS_ADMIN_PASSWORD the first
 * editor's password is generated and kept there too: the first editor always exists from the first start.
 */
export const secretsFile = (cms: CmsConfig) => path.join(cms.dataDir, 'secrets.json');

export async function loadSecrets(cms: CmsConfig): Promise<CmsSecrets> {
  const file = secretsFile(cms);
  const kept = existsSync(file) ? (JSON.parse(await fs.readFile(file, 'utf8')) as Partial<CmsSecrets>) : {};
  const generated: CmsSecrets = {
    APP_KEYS: kept.APP_KEYS ?? [key(), key(), key(), key()].join(','),
    API_TOKEN_SALT: kept.API_TOKEN_SALT ?? key(),
    ADMIN_JWT_SECRET: kept.ADMIN_JWT_SECRET ?? key(),
    TRANSFER_TOKEN_SALT: kept.TRANSFER_TOKEN_SALT ?? key(),
    ENCRYPTION_KEY: kept.ENCRYPTION_KEY ?? key(),
    CMS_READ_TOKEN: kept.CMS_READ_TOKEN ?? randomBytes(24).toString('base64url'),
    ...(cms.adminPassword
      ? {}
      : { CMS_ADMIN_PASSWORD: kept.CMS_ADMIN_PASSWORD ?? randomBytes(18).toString('base64url') }),
  };
  if (Object.keys(generated).some((k) => !(k in kept))) {
    await fs.mkdir(cms.dataDir, { recursive: true });
    await fs.writeFile(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  }
  const given = Object.fromEntries(
    Object.entries({ ...cms.secrets, CMS_READ_TOKEN: cms.readToken }).filter(([, v]) => v),
  );
  return { ...generated, ...given };
}

/** Strapi will not start without its upload folder (kept under DATA_DIR/cms/public). */
export async function ensureUploadFolder(cms: CmsConfig): Promise<string> {
  const publicDir = path.join(cms.dataDir, 'public');
  await fs.mkdir(path.join(publicDir, 'uploads'), { recursive: true });
  return publicDir;
}

/** The content service's database: CMS_DATABASE_URL, else a `cms` database on the API's PostgreSQL server. */
export function cmsDatabaseUrl(cms: CmsConfig, apiDatabaseUrl: string): string {
  if (cms.databaseUrl) return cms.databaseUrl;
  const url = new URL(apiDatabaseUrl);
  url.pathname = '/cms';
  return url.toString();
}

/** Creates the content service's database (named by its URL) when it is missing. */
export async function ensureCmsDatabase(url: string): Promise<void> {
  const server = new URL(url);
  const name = decodeURIComponent(server.pathname.slice(1));
  server.pathname = '/postgres';
  await ensureDatabase(server.toString(), name);
}

/** Whether the editors' admin panel has been built (npm start builds it; the tests run without it). */
export const adminPanelBuilt = (cms: CmsConfig) => existsSync(path.join(cms.dir, 'build', 'index.html'));

const STRAPI_LOG_LEVEL: Record<string, string> = { fatal: 'error', silent: 'error', trace: 'debug' };

/** The Strapi process's whole environment: nothing of the API's own settings leaks into it. */
export function strapiEnv(config: Config, secrets: CmsSecrets, databaseUrl: string, port: number) {
  const cms = config.cms;
  // Only what a process needs from its surroundings (PATH, home, locale, temp dir); no setting of ours.
  // eslint-disable-next-line no-restricted-syntax
  const inherited = Object.entries(process.env).filter(([k]) =>
    /^(PATH|HOME|LANG|LC_\w+|TZ|TMPDIR)$/.test(k),
  );
  return {
    ...Object.fromEntries(inherited),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '5',
    ...secrets,
    CMS_ADMIN_EMAIL: cms.adminEmail,
    // Browsers of the platform's origin only; Strapi listens on loopback, behind the platform's /cms.
    CMS_CORS_ORIGINS: [new URL(config.publicUrl).origin, ...config.corsOrigins].join(','),
    ...(cms.adminPassword ? { CMS_ADMIN_PASSWORD: cms.adminPassword } : {}),
    CMS_SEED_DEMO: String(cms.seedDemo),
    CMS_PUBLIC_DIR: path.join(cms.dataDir, 'public'),
    CMS_SERVE_ADMIN: String(adminPanelBuilt(cms)),
    CMS_LOG_LEVEL: STRAPI_LOG_LEVEL[config.logLevel] ?? config.logLevel,
    CMS_PARENT_PID: String(process.pid),
    STRAPI_TELEMETRY_DISABLED: 'true',
  };
}
