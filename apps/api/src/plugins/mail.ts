import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Tx } from '../db/client.js';
import type { mailKinds } from '@rianroo/contract';
import { and, isNull, sql } from 'drizzle-orm';
import { devMail, users } from '../db/schema.js';
import { unsubscribeFooter } from '../mail/templates.js';
import { uuidv7 } from '../lib/ids.js';

/** A file attached from storage (the job carries its key, not its bytes). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * An optional kind of mail (the learner may turn it off on the communication page). Without one the mail
   * is a transactional one (receipts, password links): always sent, its link turns every optional kind off.
   */
  kind?: MailKind;
  /**
   * Mail that can wait behind transactional mail (a welcome). Optional kinds are bulk too; everything else
   * (password links, receipts, certificates) is transactional and leaves first.
   */
  bulk?: boolean;
  headers?: Record<string, string>;
}

/** Queue priorities: a password link queued behind a thousand welcomes still leaves next. */
export const MAIL_PRIORITY = { transactional: 10, bulk: 0 } as const;

export type MailKind = (typeof mailKinds)[number];

export interface Mailer {
  /**
   * Queues the message; the mail.send job delivers it (SMTP, or the development outbox). With `tx`, only
   * when that transaction commits.
   */
  send(message: MailMessage, tx?: Tx): Promise<void>;
}

const QUEUE = 'mail.send';

/** The SMTP URL with a connection pool of `size` (settings already in the URL win). */
function pooled(smtpUrl: string, size: number) {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(size));
  return url.toString();
}

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom } = app.config;
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
    const deliver = async (message: MailMessage) => {
      try {
        await deliverOnce(message);
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

    await app.jobs.work<MailMessage>(QUEUE, deliver, {
      batchSize: app.config.mailConcurrency * 2,
      concurrency: app.config.mailConcurrency,
    });
    app.decorate('mail', {
      async send(message: MailMessage, tx?: Tx) {
        const prepared = await withPreferences(message, tx);
        if (!prepared) return; // the learner turned this kind of mail off
        const options = {
          retryLimit: 8,
          retryDelay: app.config.mailRetryDelay,
          retryBackoff: true,
          priority: prepared.bulk || prepared.kind ? MAIL_PRIORITY.bulk : MAIL_PRIORITY.transactional,
          // A process that dies holding it gives it back for another try after this long.
          expireInSeconds: 120,
        };
        await app.jobs.send(QUEUE, prepared, options, tx);
      },
    } satisfies Mailer);
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['jobs'] },
);
