import { createPrivateKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Folder of the @rianroo/api package, whether running from src/ (tsx) or dist/ (bundle). */
export function apiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@rianroo/api') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @rianroo/api package folder');
    dir = parent;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
/**
 * Which proxies' X-Forwarded-For to believe: `false` (none, the default); the proxies' addresses or networks
 * (`10.0.0.0/8, 192.168.1.5`, or `loopback`, `linklocal`, `uniquelocal`): the address the nearest untrusted
 * hop saw; or a hop count (`1`: one load balancer; then the API must be reachable through it only, since a
 * client reaching it directly could write the header). `true` believes every hop, so the client's own leftmost
 * entry: only behind a balancer that overwrites the header.
 */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxy = (p: string) => {
  const [address = '', bits, ...rest] = p.split('/');
  const family = isIP(address);
  const maxBits = family === 4 ? 32 : 128;
  return (
    PROXY_NAMES.includes(p) ||
    (family !== 0 && !rest.length && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits)))
  );
};
const trustProxy = z
  .string()
  .default('false')
  .transform((v, ctx): boolean | string[] | ((address: string, hop: number) => boolean) => {
    const s = v.trim().toLowerCase();
    if (['', 'false', 'no', '0'].includes(s)) return false;
    if (['true', 'yes'].includes(s)) return true;
    if (/^\d+$/.test(s)) {
      // Fastify trusts no hop for a bare number; as a function, the nearest `hops` hops are trusted.
      const hops = Number(s);
      return (_address, hop) => hop < hops;
    }
    const proxies = s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (proxies.every(isProxy)) return proxies;
    ctx.addIssue({
      code: 'custom',
      message:
        "TRUST_PROXY: false, the proxies' addresses or networks, or a hop count (1 behind one load balancer)",
    });
    return z.NEVER;
  });
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const DEV_SECRET = 'development-only-secret-change-me-in-production-0123456789';
const DEV_CMS_TOKEN = 'rianroo-dev-content-read-token';
/** The development editor's password (the demo accounts' one); production sets CMS_ADMIN_PASSWORD or gets one generated (kept in DATA_DIR/cms). */
const DEV_CMS_PASSWORD = 'Rianroo-demo-2026';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalUrl,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /** Requests run through the app before it listens (lib/warm-up.ts); unset: 3,000, or 300 in tests. */
  WARM_UP_REQUESTS: z.coerce.number().int().min(0).max(100_000).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEV_SECRET),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(25 * 3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  REFRESH_TOKEN_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(90),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(0),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  MAX_DEVICES: z.coerce.number().int().min(1).max(50).default(3),
  RESET_CODE_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  LOGIN_MAX_FAILURES_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_IP_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 60),
  REGISTER_MAX_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), with the credentials in it. */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url({
        protocol: /^smtps?$/,
        hostname: /^.+$/,
        error: 'an smtp:// or smtps:// address, e.g. smtp://user:password@mail.example.com:587',
      })
      .optional(),
  ),
  MAIL_FROM: z.string().default('Rianroo <no-reply@rianroo.local>'),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(10),
  /** Also fold played seconds into the retention aggregates every this many seconds (the job runs each minute anyway). */
  ANALYTICS_FOLD_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** SMTP connections per API process, and mails in flight at once. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  REDIS_URL: optionalUrl,
  CORS_ORIGINS: list,
  /** Hosts that the editors' head scripts (analytics, tag managers) send to: added to the pages' connect-src. */
  CSP_CONNECT_ORIGINS: list.pipe(
    z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin)),
  ),
  TRUST_PROXY: trustProxy,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** A client has this long to send its request headers ... */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** ... and this long for the whole request, body included. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** An idle kept-alive connection is closed after this long. */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  /** A connection with no traffic either way (a stalled reader of a response) is closed after this long. */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  /** Every learner gives contact details before the library (organisations can require it on their own). */
  CONTACT_REQUIRED: bool.default(false),
  /** Bearer token Prometheus sends to /metrics; unset: /metrics answers only requests from this machine. */
  METRICS_TOKEN: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GOOGLE_CLIENT_ID: optionalString,
  /** Facebook Login (both, or neither: no Facebook button). */
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  FACEBOOK_DIALOG_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /**
   * The partner's OpenID Connect sign-in (`/siriraj-auth`): issuer, client id and secret go together; none
   * means no partner button. Learners who sign in this way join the organisation whose sso_provider is
   * `siriraj`. The e-mail is trusted only with `email_verified: true` unless PARTNER_OIDC_TRUST_EMAIL.
   */
  PARTNER_OIDC_ISSUER: optionalUrl,
  PARTNER_OIDC_CLIENT_ID: optionalString,
  PARTNER_OIDC_CLIENT_SECRET: optionalString,
  PARTNER_OIDC_TRUST_EMAIL: bool.default(false),
  PARTNER_NAME: z.string().min(1).max(60).default('Siriraj'),
  /** LINE Login (a LINE Login channel's id and secret, both or neither). */
  LINE_CHANNEL_ID: optionalString,
  LINE_CHANNEL_SECRET: optionalString,
  LINE_ISSUER: z.url().default('https://access.line.me'),
  CHAT_URL: z.string().default('https://m.me/rianroo'),
  CONTENT_URL: optionalUrl,
  CONTENT_TOKEN: optionalString,
  CMS_ENABLED: bool.optional(),
  CMS_PORT: z.coerce.number().int().min(1).max(65535).default(1337),
  CMS_DATABASE_URL: optionalUrl,
  CMS_READ_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'CMS_READ_TOKEN must be at least 16 characters').optional(),
  ),
  CMS_ADMIN_EMAIL: z.email().default('editor@rianroo.dev'),
  CMS_ADMIN_PASSWORD: optionalString,
  CMS_APP_KEYS: optionalString,
  CMS_API_TOKEN_SALT: optionalString,
  CMS_ADMIN_JWT_SECRET: optionalString,
  CMS_TRANSFER_TOKEN_SALT: optionalString,
  CMS_ENCRYPTION_KEY: optionalString,
  CMS_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  WEB_DIST: optionalString,
  SEED_DEMO: bool.default(true),
  SEED_DEMO_VIDEOS: bool.default(true),
  VIDEO_CACHE_DIR: optionalString,
  FFMPEG_PATH: optionalString,
  /** The largest video an administrator may upload (tus), in bytes. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 ** 3),
  /** The largest course cover image, in bytes. */
  COVER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 ** 2),
  PLAYBACK_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(3600),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('auto'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  CLOUDFLARE_STREAM_CUSTOMER_CODE: optionalString,
  CLOUDFLARE_STREAM_KEY_ID: optionalString,
  CLOUDFLARE_STREAM_JWK: optionalString,
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  SANDBOX_PAYMENTS_IN_PRODUCTION: bool.default(false),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Only for a local Stripe double in tests: where the stripe package sends its API calls. */
  STRIPE_API_URL: optionalUrl,
  /** The PromptPay ID of the sandbox's QR (a 13-digit tax id or a 10-digit phone number). */
  PROMPTPAY_ID: z
    .string()
    .regex(/^(\d{13}|0\d{9})$/, 'PROMPTPAY_ID is a 13-digit tax id or a 10-digit phone number')
    .default('0105566000000'),
  SELLER_NAME: z.string().default('บริษัท เรียนรู้ จำกัด (Rianroo Co., Ltd.)'),
  SELLER_TAX_ID: z.string().default('0105566000000'),
  SELLER_ADDRESS: z.string().default('99 ถนนพระราม 4 แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500'),
  /** The seller's branch on full tax invoices: head_office or a five-digit branch number. */
  SELLER_BRANCH: z
    .string()
    .regex(/^(head_office|[0-9]{5})$/, 'SELLER_BRANCH is head_office or a five-digit branch number')
    .default('head_office'),
  /**
   * The private key that signs certificates' Open Badges credentials: a JWK (JSON) or a PKCS#8 PEM, Ed25519
   * (EdDSA), P-256 (ES256) or RSA (RS256). Unset: one generated once and kept in DATA_DIR/credentials.
   */
  CREDENTIAL_SIGNING_KEY: optionalString,
});

/** The configured credential-signing key, checked once: a private Ed25519, P-256 or RSA key. */
function credentialSigningKey(value: string | undefined): KeyObject | null {
  if (!value) return null;
  let key: KeyObject;
  try {
    const text = value.trim();
    key = text.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(text), format: 'jwk' })
      : createPrivateKey(text.replace(/\\n/g, '\n'));
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  CREDENTIAL_SIGNING_KEY: a private key as a JWK (JSON) or a PKCS#8 PEM',
    );
  }
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (!(key.asymmetricKeyType === 'ed25519' || key.asymmetricKeyType === 'rsa' || curve === 'prime256v1'))
    throw new ConfigError(
      'Invalid configuration:\n  CREDENTIAL_SIGNING_KEY: an Ed25519, P-256 or RSA private key',
    );
  return key;
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export interface OidcSettings {
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** The provider's e-mail is taken as confirmed without an `email_verified: true` claim. */
  trustEmail: boolean;
  /** The ID token's signing algorithm when it is not the provider's advertised one. */
  idTokenAlg?: string;
}

/** Parses the environment once. Throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const problems: string[] = [];
    if (e.JWT_SECRET === DEV_SECRET) problems.push('JWT_SECRET must be set to a real secret in production');
    if (!e.SMTP_URL) problems.push('SMTP_URL must be set in production (e-mail has nowhere to go)');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL must be set in production (links in e-mails)');
    if (e.PAYMENT_PROVIDER === 'sandbox' && !e.SANDBOX_PAYMENTS_IN_PRODUCTION)
      problems.push(
        'PAYMENT_PROVIDER=sandbox takes no money: set PAYMENT_PROVIDER=stripe (or SANDBOX_PAYMENTS_IN_PRODUCTION=true for a staging site)',
      );
    if (problems.length) throw new ConfigError(`Refusing to start:\n  ${problems.join('\n  ')}`);
  }
  if (!!e.FACEBOOK_APP_ID !== !!e.FACEBOOK_APP_SECRET)
    throw new ConfigError('Invalid configuration:\n  FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together');
  const partnerGiven = [e.PARTNER_OIDC_ISSUER, e.PARTNER_OIDC_CLIENT_ID, e.PARTNER_OIDC_CLIENT_SECRET].filter(
    Boolean,
  ).length;
  if (partnerGiven && partnerGiven < 3)
    throw new ConfigError(
      'Invalid configuration:\n  PARTNER_OIDC_ISSUER, PARTNER_OIDC_CLIENT_ID and PARTNER_OIDC_CLIENT_SECRET go together',
    );
  if (!!e.LINE_CHANNEL_ID !== !!e.LINE_CHANNEL_SECRET)
    throw new ConfigError('Invalid configuration:\n  LINE_CHANNEL_ID and LINE_CHANNEL_SECRET go together');
  const s3Given = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].filter(
    Boolean,
  ).length;
  if (s3Given && s3Given < 4)
    throw new ConfigError(
      'Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  const cfGiven = [
    e.CLOUDFLARE_STREAM_CUSTOMER_CODE,
    e.CLOUDFLARE_STREAM_KEY_ID,
    e.CLOUDFLARE_STREAM_JWK,
  ].filter(Boolean).length;
  if (cfGiven && cfGiven < 3)
    throw new ConfigError(
      'Invalid configuration:\n  CLOUDFLARE_STREAM_CUSTOMER_CODE, CLOUDFLARE_STREAM_KEY_ID and CLOUDFLARE_STREAM_JWK go together',
    );
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET))
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  const root = apiRoot();
  const dataDir = path.resolve(e.DATA_DIR);
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dbPoolMax: e.DB_POOL_MAX,
    // `npm start` (development) is what a visitor runs and measures: warmed as in production.
    warmUpRequests: e.WARM_UP_REQUESTS ?? (e.NODE_ENV === 'test' ? 300 : 3000),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshAbsoluteDays: e.REFRESH_TOKEN_ABSOLUTE_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    maxDevices: e.MAX_DEVICES,
    resetCodeTtlMinutes: e.RESET_CODE_TTL_MINUTES,
    loginLimits: {
      accountMax: e.LOGIN_MAX_FAILURES_ACCOUNT,
      accountWindow: e.LOGIN_ACCOUNT_WINDOW_SECONDS,
      ipMax: e.LOGIN_MAX_FAILURES_IP,
      ipWindow: e.LOGIN_IP_WINDOW_SECONDS,
    },
    registerMaxPerHour: e.REGISTER_MAX_PER_HOUR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryDelay: e.MAIL_RETRY_DELAY_SECONDS,
    analyticsFoldSeconds: e.ANALYTICS_FOLD_SECONDS,
    mailConcurrency: e.MAIL_CONCURRENCY,
    redisUrl: e.REDIS_URL,
    corsOrigins: e.CORS_ORIGINS,
    cspConnectOrigins: e.CSP_CONNECT_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: Math.max(e.REQUEST_TIMEOUT_SECONDS, e.HEADERS_TIMEOUT_SECONDS) * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleMs: e.IDLE_TIMEOUT_SECONDS * 1000,
    },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    contactRequired: e.CONTACT_REQUIRED,
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    facebook:
      e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
        ? {
            appId: e.FACEBOOK_APP_ID,
            appSecret: e.FACEBOOK_APP_SECRET,
            graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
            dialogUrl: e.FACEBOOK_DIALOG_URL,
          }
        : null,
    /** OpenID Connect sign-in providers that are configured, by the name their routes use. */
    oidc: {
      siriraj:
        e.PARTNER_OIDC_ISSUER && e.PARTNER_OIDC_CLIENT_ID && e.PARTNER_OIDC_CLIENT_SECRET
          ? {
              label: e.PARTNER_NAME,
              issuer: e.PARTNER_OIDC_ISSUER,
              clientId: e.PARTNER_OIDC_CLIENT_ID,
              clientSecret: e.PARTNER_OIDC_CLIENT_SECRET,
              scope: 'openid email profile',
              trustEmail: e.PARTNER_OIDC_TRUST_EMAIL,
            }
          : null,
      // LINE signs a web login's ID token with the channel secret (HS256) and sends no email_verified: the
      // address is the one LINE confirmed when it was added to the account.
      line:
        e.LINE_CHANNEL_ID && e.LINE_CHANNEL_SECRET
          ? {
              label: 'LINE',
              issuer: e.LINE_ISSUER,
              clientId: e.LINE_CHANNEL_ID,
              clientSecret: e.LINE_CHANNEL_SECRET,
              scope: 'openid profile email',
              trustEmail: true,
              idTokenAlg: 'HS256',
            }
          : null,
    } satisfies Record<string, OidcSettings | null>,
    chatUrl: e.CHAT_URL,
    contentUrl: e.CONTENT_URL ?? null,
    contentToken: e.CONTENT_TOKEN ?? null,
    cms: {
      dir: path.join(root, '..', 'cms'),
      // Unset: on when apps/cms is installed and no external CONTENT_URL is given, except in the API's own
      // tests (they ask for it).
      enabled:
        e.CMS_ENABLED ??
        (!e.CONTENT_URL &&
          e.NODE_ENV !== 'test' &&
          existsSync(path.join(root, '..', 'cms', 'node_modules', '@strapi', 'strapi'))),
      port: e.CMS_PORT,
      databaseUrl: e.CMS_DATABASE_URL ?? null,
      // Read-only and handed to every browser, so not a secret; production makes its own when unset.
      readToken: e.CMS_READ_TOKEN ?? (production ? null : DEV_CMS_TOKEN),
      adminEmail: e.CMS_ADMIN_EMAIL,
      adminPassword: e.CMS_ADMIN_PASSWORD ?? (production ? null : DEV_CMS_PASSWORD),
      seedDemo: e.SEED_DEMO && !production,
      secrets: {
        APP_KEYS: e.CMS_APP_KEYS,
        API_TOKEN_SALT: e.CMS_API_TOKEN_SALT,
        ADMIN_JWT_SECRET: e.CMS_ADMIN_JWT_SECRET,
        TRANSFER_TOKEN_SALT: e.CMS_TRANSFER_TOKEN_SALT,
        ENCRYPTION_KEY: e.CMS_ENCRYPTION_KEY,
      },
      dataDir: path.join(dataDir, 'cms'),
      proxyTimeoutMs: e.CMS_PROXY_TIMEOUT_MS,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(root, '..', 'web', 'dist')),
    migrationsDir: path.join(root, 'src', 'db', 'migrations'),
    storageDir: path.join(dataDir, 'storage'),
    seedDemo: e.SEED_DEMO,
    seedDemoVideos: e.SEED_DEMO_VIDEOS,
    videoCacheDir: path.resolve(e.VIDEO_CACHE_DIR ?? path.join(dataDir, 'video-cache')),
    ffmpegPath: e.FFMPEG_PATH ?? null,
    playbackTokenTtl: e.PLAYBACK_TOKEN_TTL_SECONDS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    coverMaxBytes: e.COVER_MAX_BYTES,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL ?? null,
            }
          : null,
      promptpayId: e.PROMPTPAY_ID,
      seller: { name: e.SELLER_NAME, taxId: e.SELLER_TAX_ID, address: e.SELLER_ADDRESS },
      sellerBranch: e.SELLER_BRANCH,
    },
    s3:
      s3Given === 4
        ? {
            endpoint: e.S3_ENDPOINT!,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : null,
    credentials: {
      signingKey: credentialSigningKey(e.CREDENTIAL_SIGNING_KEY),
      /** Where a development or test key is generated and kept when none is configured. */
      keyFile: path.join(dataDir, 'credentials', 'signing-key.json'),
    },
    cloudflareStream:
      cfGiven === 3
        ? {
            customerCode: e.CLOUDFLARE_STREAM_CUSTOMER_CODE!,
            keyId: e.CLOUDFLARE_STREAM_KEY_ID!,
            jwk: e.CLOUDFLARE_STREAM_JWK!,
          }
        : null,
  };
}
