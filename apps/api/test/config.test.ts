import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has working defaults for development', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      maxDevices: 3,
      accessTokenTtl: 90_000,
    });
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('takes S3 storage and Cloudflare Stream settings whole or not at all', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({}).cloudflareStream).toBeNull();
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_ENDPOINT, S3_BUCKET/);
    expect(() => loadConfig({ CLOUDFLARE_STREAM_KEY_ID: 'k' })).toThrow(/CLOUDFLARE_STREAM_CUSTOMER_CODE/);
    expect(() => loadConfig({ PLAYBACK_TOKEN_TTL_SECONDS: '7200' })).toThrow(/PLAYBACK_TOKEN_TTL_SECONDS/);
    const c = loadConfig({
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.s3).toEqual({
      endpoint: 'https://s3.example.com',
      region: 'auto',
      bucket: 'media',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
  });

  it('stops on a wrong value with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAX_DEVICES: '0' })).toThrow(/MAX_DEVICES/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('takes SMTP_URL only as an smtp:// or smtps:// address, naming SMTP_URL (never echoing it) otherwise', () => {
    for (const wrong of [
      'not a url',
      'mail.example.com:587',
      'http://mail.example.com',
      'smtp://',
      'smtp://user:s3cret@',
    ]) {
      const err = (() => {
        try {
          loadConfig({ SMTP_URL: wrong });
        } catch (e) {
          return e;
        }
      })();
      expect(err, wrong).toBeInstanceOf(ConfigError);
      expect((err as Error).message, wrong).toMatch(/^\s+SMTP_URL: an smtp:\/\/ or smtps:\/\/ address/m);
      expect((err as Error).message).not.toContain('s3cret');
    }
    for (const right of [
      'smtp://mail.example.com:587',
      'smtps://u:p@mail.example.com:465',
      'smtp://127.0.0.1:2525',
    ])
      expect(loadConfig({ SMTP_URL: right }).smtpUrl).toBe(right);
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it('refuses production without real secrets, accepts it with them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
    const real = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-real-production-secret-of-enough-length-1234',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://rianroo.example',
    };
    // The sandbox takes no money: production needs a real provider, or says it is a staging site.
    expect(() => loadConfig(real)).toThrow(/PAYMENT_PROVIDER=sandbox takes no money/);
    expect(loadConfig({ ...real, SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' }).payments.provider).toBe('sandbox');
    const c = loadConfig({
      ...real,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(c.production).toBe(true);
    expect(c.payments.stripe?.secretKey).toBe('sk_live_x');
  });

  it('refuses production without SMTP_URL, and without PUBLIC_URL, naming each', () => {
    const complete = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-real-production-secret-of-enough-length-1234',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://rianroo.example',
      SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    };
    expect(loadConfig(complete).production).toBe(true);
    const { SMTP_URL: _smtp, ...noSmtp } = complete;
    expect(() => loadConfig(noSmtp)).toThrow(ConfigError);
    expect(() => loadConfig(noSmtp)).toThrow(/SMTP_URL must be set in production/);
    expect(() => loadConfig({ ...complete, SMTP_URL: '' })).toThrow(/SMTP_URL must be set in production/);
    const { PUBLIC_URL: _public, ...noPublicUrl } = complete;
    expect(() => loadConfig(noPublicUrl)).toThrow(ConfigError);
    expect(() => loadConfig(noPublicUrl)).toThrow(/PUBLIC_URL must be set in production/);
    expect(() => loadConfig({ ...complete, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL must be set in production/);
    // Outside production both may be left out (development keeps mail; links use HOST and PORT).
    expect(() => loadConfig({ ...noSmtp, NODE_ENV: 'development' })).not.toThrow();
  });

  it('a stripe provider needs its secret key and webhook secret', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
  });
});
