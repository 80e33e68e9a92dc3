import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { devMail } from '../db/schema.js';
import { uuidv7 } from '../lib/ids.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Queues the message; the mail.send job delivers it (SMTP, or the development outbox). */
  send(message: MailMessage): Promise<void>;
}

const QUEUE = 'mail.send';

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom } = app.config;
    const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

    const deliver = async (m: MailMessage) => {
      if (transport) {
        await transport.sendMail({
          from: mailFrom,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      } else {
        await app.db.insert(devMail).values({ id: uuidv7(), ...m });
      }
      app.log.info({ subject: m.subject, via: transport ? 'smtp' : 'dev-outbox' }, 'e-mail delivered');
    };

    await app.jobs.work<MailMessage>(QUEUE, deliver);
    app.decorate('mail', {
      async send(message: MailMessage) {
        await app.jobs.send(QUEUE, message, {
          retryLimit: 8,
          retryDelay: app.config.mailRetryDelay,
          retryBackoff: true,
        });
      },
    } satisfies Mailer);
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['jobs'] },
);
