import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { Counter } from 'prom-client';
import type { Tx } from '../db/client.js';
import type { MailAttachment, MailMessage } from '../mail/message.js';
import { and, isNull, sql } from 'drizzle-orm';
import { devMail, users } from '../db/schema.js';
import { unsubscribeFooter } from '../mail/templates.js';
import { randomToken, uuidv7 } from '../lib/ids.js';

/** What the mail.send job carries: the message with its secrets replaced by placeholders, and them sealed. */
type QueuedMail = Omit<MailMessage, 'secrets'> & { sealed?: string };

/** Queue priorities: a password link queued behind a thousand welcomes still leaves next. */
export const MAIL_PRIORITY = { transactional: 10, bulk: 0 } as const;

export interface Mailer {
  /**
   * Queues the message; the mail.send job delivers it (SMTP, or the development outbox). With `tx`, only
   * when that transaction commits.
   */
  send(message: MailMessage, tx?: Tx): Promise<void>;
}

const QUEUE = 'mail.send';
/** A process that dies holding a mail job gives it back for another try after this long. */
const JOB_EXPIRY_SECONDS = 120;
/**
 * One send's whole time (connection, greeting, every reply, a trickling relay included) is cut at this: a
 * batch runs in two rounds (`2 × MAIL_CONCURRENCY` jobs, `MAIL_CONCURRENCY` at a time), so its last job is
 * done well within its expiry, and another process never takes it while the first is still sending.
 */
const SEND_DEADLINE_MS = 40_000;
/** nodemailer's own waits (its defaults: 2 minutes to connect, 10 minutes of silence), under the deadline. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/**
 * Tries after the first, with backoff: at the default 10 s delay, transactional mail (receipts, certificates)
 * keeps trying for 11 hours or more (a relay's night-long outage), bulk for 42 minutes or more.
 */
const RETRIES = { transactional: 12, bulk: 8 } as const;

/** The SMTP URL with a connection pool of `size` and the timeouts above (settings already in the URL win). */
function pooled(smtpUrl: string, size: number) {
  const url = new URL(smtpUrl);
  const defaults = { pool: 'true', maxConnections: String(size), ...SMTP_TIMEOUTS };
  for (const [key, value] of Object.entries(defaults))
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  return url.toString();
}

/** AES-256-GCM under a key derived from JWT_SECRET (the same in every process; not in the database). */
function sealer(secret: string) {
  const key = createHmac('sha256', secret).update('rianroo/mail-secrets/v1').digest();
  return {
    seal(values: Record<string, string>) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed: string): Record<string, string> {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(
        Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
      );
    },
  };
}

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom } = app.config;
    const secrets = sealer(app.config.jwtSecret);
    const givenUp = new Counter({
      name: 'mail_given_up_total',
      help: 'E-mails never sent: their last retry failed (each is also logged as "job failed for good")',
      registers: [app.metrics.registry],
    });
    // Pooled: a few SMTP connections kept open and reused, instead of one handshake per mail.
    const transport = smtpUrl
      ? nodemailer.createTransport(pooled(smtpUrl, app.config.mailConcurrency))
      : undefined;

    const load = async (a: MailAttachment) => {
      const content = await app.storage.readAll(a.storageKey);
      // Thrown, so the job is retried rather than the mail sent without its file.
      if (!content) throw new Error(`attachment ${a.storageKey} is not in storage`);
      return { filename: a.filename, contentType: a.contentType, content };
    };
    /** The message as queued: each secret replaced by a random placeholder, and the pairs encrypted. */
    const seal = ({ secrets: values = [], ...m }: MailMessage): QueuedMail => {
      if (!values.length) return m;
      let { text, html } = m;
      const slots: Record<string, string> = {};
      for (const value of values) {
        const slot = `sealed${randomToken(12)}`;
        slots[slot] = value;
        text = text.replaceAll(value, slot);
        html = html.replaceAll(value, slot);
      }
      return { ...m, text, html, sealed: secrets.seal(slots) };
    };
    /** The message as it goes out: its secrets put back in their places. */
    const unseal = ({ sealed, ...m }: QueuedMail): MailMessage => {
      if (!sealed) return m;
      let { text, html } = m;
      for (const [slot, value] of Object.entries(secrets.open(sealed))) {
        text = text.replaceAll(slot, value);
        html = html.replaceAll(slot, value);
      }
      return { ...m, text, html };
    };
    const deliver = async (queued: QueuedMail) => {
      try {
        await deliverOnce(unseal(queued));
        app.metrics.mailSent.inc();
      } catch (err) {
        app.metrics.mailFailed.inc();
        throw err;
      }
    };
    const deliverOnce = async ({ attachments = [], ...m }: MailMessage) => {
      const files = await Promise.all(attachments.map(load));
      if (transport) {
        await transport.sendMail({
          from: mailFrom,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          headers: m.headers,
          attachments: files,
          signal: AbortSignal.timeout(SEND_DEADLINE_MS),
        });
      } else {
        const { kind: _kind, headers: _headers, bulk: _bulk, ...kept } = m;
        await app.db.insert(devMail).values({
          id: uuidv7(),
          ...kept,
          attachments: files.map((f) => ({
            filename: f.filename,
            contentType: f.contentType,
            bytes: f.content.length,
          })),
        });
      }
      app.log.info({ subject: m.subject, via: transport ? 'smtp' : 'dev-outbox' }, 'e-mail delivered');
    };

    /**
     * A learner's choices (communication page) decide whether an optional mail goes at all; every mail to a
     * learner carries a one-click unsubscribe link (RFC 8058 headers, and a link in the text).
     */
    const withPreferences = async (message: MailMessage, tx?: Tx) => {
      const [learner] = await (tx ?? app.db)
        .select({ id: users.id, locale: users.locale, marketing: users.marketing })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${message.to})`, isNull(users.deletedAt)))
        .limit(1);
      if (!learner) return message;
      if (message.kind && !learner.marketing[message.kind]) return undefined;
      const token = await app.signer.signUnsubscribe({ sub: learner.id, kind: message.kind ?? 'all' });
      const base = app.config.publicUrl;
      const footer = unsubscribeFooter(
        learner.locale,
        message.kind ?? 'all',
        `${base}/unsubscribe?token=${token}`,
      );
      return {
        ...message,
        text: `${message.text}\n${footer.text}`,
        html: message.html.replace('</body>', () => `${footer.html}</body>`),
        headers: {
          ...message.headers,
          'List-Unsubscribe': `<${base}/api/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    };

    await app.jobs.work<QueuedMail>(QUEUE, deliver, {
      batchSize: app.config.mailConcurrency * 2,
      concurrency: app.config.mailConcurrency,
      onGiveUp: () => givenUp.inc(),
    });
    app.decorate('mail', {
      async send(message: MailMessage, tx?: Tx) {
        // An erased account's address (modules/privacy: erased-<id>@invalid) never receives anything.
        if (/\.invalid$/i.test(message.to.trim())) return;
        const prepared = await withPreferences(message, tx);
        if (!prepared) return; // the learner turned this kind of mail off
        const kind = prepared.bulk || prepared.kind ? 'bulk' : 'transactional';
        const options = {
          retryLimit: RETRIES[kind],
          retryDelay: app.config.mailRetryDelay,
          retryBackoff: true,
          priority: MAIL_PRIORITY[kind],
          expireInSeconds: JOB_EXPIRY_SECONDS,
        };
        await app.jobs.send(QUEUE, seal(prepared), options, tx);
      },
    } satisfies Mailer);
    // The batches in hand go out over the pool before it closes (this hook runs before the queue's).
    app.addHook('onClose', async () => {
      await app.jobs.stop();
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['jobs'] },
);
