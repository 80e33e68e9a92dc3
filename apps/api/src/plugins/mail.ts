import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Tx } from '../db/client.js';
import { devMail } from '../db/schema.js';
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
}

export interface Mailer {
  /**
   * Queues the message; the mail.send job delivers it (SMTP, or the development outbox). With `tx`, only
   * when that transaction commits.
   */
  send(message: MailMessage, tx?: Tx): Promise<void>;
}

const QUEUE = 'mail.send';

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom } = app.config;
    const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

    const load = async (a: MailAttachment) => {
      const content = await app.storage.readAll(a.storageKey);
      // Thrown, so the job is retried rather than the mail sent without its file.
      if (!content) throw new Error(`attachment ${a.storageKey} is not in storage`);
      return { filename: a.filename, contentType: a.contentType, content };
    };
    const deliver = async ({ attachments = [], ...m }: MailMessage) => {
      const files = await Promise.all(attachments.map(load));
      if (transport) {
        await transport.sendMail({
          from: mailFrom,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          attachments: files,
        });
      } else {
        await app.db.insert(devMail).values({
          id: uuidv7(),
          ...m,
          attachments: files.map((f) => ({
            filename: f.filename,
            contentType: f.contentType,
            bytes: f.content.length,
          })),
        });
      }
      app.log.info({ subject: m.subject, via: transport ? 'smtp' : 'dev-outbox' }, 'e-mail delivered');
    };

    await app.jobs.work<MailMessage>(QUEUE, deliver);
    app.decorate('mail', {
      async send(message: MailMessage, tx?: Tx) {
        const retry = { retryLimit: 8, retryDelay: app.config.mailRetryDelay, retryBackoff: true };
        await app.jobs.send(QUEUE, message, retry, tx);
      },
    } satisfies Mailer);
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['jobs'] },
);
