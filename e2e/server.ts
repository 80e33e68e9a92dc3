// Starts the platform for the browser tests: builds it, wipes the e2e data, and runs the built server.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rootClusterDir } from '../apps/api/src/db/embedded.js';
import { freePort } from '../apps/api/src/lib/net.js';
import { ensureCms } from '../scripts/cms.mjs';
import { startGraphDouble } from '../apps/api/test/facebook-double.js';
import { startOidcDouble } from '../apps/api/test/oidc-double.js';
import { startSmtpInbox } from './smtp-inbox.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.data', 'e2e');
// npm test builds the platform once before its runners start (RIANROO_TEST_BUILT); run alone, build it here.
if (process.env.RIANROO_TEST_BUILT !== '1')
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
// The content service (Strapi) runs under the API in the browser tests too, without its admin panel.
const cms = ensureCms({ build: false });
rmSync(dataDir, { recursive: true, force: true });
rmSync(rootClusterDir(dataDir), { recursive: true, force: true });

// E-mail goes over SMTP to a local peer; the tests read it from the peer's inbox (E2E_INBOX_PORT).
const inbox = await startSmtpInbox(await freePort(), Number(process.env.E2E_INBOX_PORT ?? 3412));

// Facebook at the true edge: its login dialog and Graph API, as a local double.
const FACEBOOK = { id: '1234567890123', secret: 'e2e-facebook-app-secret' };
const facebook = await startGraphDouble(FACEBOOK);

// The partner's identity server at the true edge: a real OpenID Connect provider on 127.0.0.1.
const port = process.env.E2E_PORT ?? '3411';
const PARTNER = { id: 'rianroo-e2e', secret: 'e2e-partner-client-secret' };
const partner = await startOidcDouble([
  { ...PARTNER, redirectUris: [`http://127.0.0.1:${port}/login/siriraj`] },
]);

// The platform's database port, for the tests that move a learner's watch-time budget clock (fixtures.ts,
// playThrough): its password is the embedded cluster's own file under the data folder.
const pgPort = await freePort();
mkdirSync(path.join(root, '.data'), { recursive: true });
writeFileSync(path.join(root, '.data', 'e2e-pg-port'), String(pgPort));

const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: port,
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: inbox.url,
    FACEBOOK_APP_ID: FACEBOOK.id,
    FACEBOOK_APP_SECRET: FACEBOOK.secret,
    FACEBOOK_GRAPH_URL: facebook.graphUrl,
    FACEBOOK_DIALOG_URL: facebook.dialogUrl,
    PARTNER_OIDC_ISSUER: partner.issuer,
    PARTNER_OIDC_CLIENT_ID: PARTNER.id,
    PARTNER_OIDC_CLIENT_SECRET: PARTNER.secret,
    PARTNER_NAME: 'ศิริราช',
    MAIL_RETRY_DELAY_SECONDS: '1',
    // Played seconds reach the retention charts within seconds, not at the next minute's job.
    ANALYTICS_FOLD_SECONDS: '2',
    SEED_DEMO: 'true',
    // Every browser test registers its own learners from 127.0.0.1.
    REGISTER_MAX_PER_HOUR: '500',
    // The content service: its own free port; its database, uploads and pid file (cms/strapi.pid) and the
    // `cms/hold` switch that keeps it stopped live under the e2e DATA_DIR.
    CMS_ENABLED: String(cms),
    CMS_PORT: String(await freePort()),
    // Demo videos are generated once per machine and reused by every run (they take a minute or two).
    VIDEO_CACHE_DIR: path.join(root, '.data', 'video-cache'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void Promise.all([inbox.close(), facebook.close(), partner.close()]).finally(() => process.exit(code ?? 0));
});
