import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { loadSecrets, secretsFile, strapiEnv } from './cms-setup.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function productionConfig(extra: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cms-setup-'));
  dirs.push(dataDir);
  return loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'a-real-production-secret-of-enough-length-1234',
    SMTP_URL: 'smtp://mail.example.com:587',
    PUBLIC_URL: 'https://rianroo.example',
    SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    DATA_DIR: dataDir,
    ...extra,
  });
}

describe('the content service in production', () => {
  it('without CMS_ADMIN_PASSWORD: the first editor gets a generated password, kept (0600) and the same at every start', async () => {
    const config = await productionConfig();
    expect(config.cms.adminPassword).toBeNull();
    const first = await loadSecrets(config.cms);
    expect(first.CMS_ADMIN_PASSWORD).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await loadSecrets(config.cms)).CMS_ADMIN_PASSWORD).toBe(first.CMS_ADMIN_PASSWORD);
    expect((await stat(secretsFile(config.cms))).mode & 0o777).toBe(0o600);
    // Strapi is told to make that editor at its first start: there is never a "first admin" to register.
    const env = strapiEnv(config, first, 'postgres://x/cms', 1337);
    expect(env).toMatchObject({
      CMS_ADMIN_EMAIL: config.cms.adminEmail,
      CMS_ADMIN_PASSWORD: first.CMS_ADMIN_PASSWORD,
      HOST: '127.0.0.1',
      CMS_CORS_ORIGINS: 'https://rianroo.example',
    });
  });

  it('with CMS_ADMIN_PASSWORD: that one, and nothing generated', async () => {
    const config = await productionConfig({ CMS_ADMIN_PASSWORD: 'an-editor-password-1234' });
    const secrets = await loadSecrets(config.cms);
    expect(secrets.CMS_ADMIN_PASSWORD).toBeUndefined();
    expect(strapiEnv(config, secrets, 'postgres://x/cms', 1337).CMS_ADMIN_PASSWORD).toBe(
      'an-editor-password-1234',
    );
  });
});
