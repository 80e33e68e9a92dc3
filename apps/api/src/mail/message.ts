import type { mailKinds } from '@rianroo/contract';

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
  /**
   * Secrets the text and html carry (a password link's code): the queued job has a placeholder in their
   * place and keeps them encrypted, to be put back at delivery, so the job tables (pgboss.job,
   * pgboss.archive) never hold a live link, not even once the mail has gone.
   */
  secrets?: string[];
}

export type MailKind = (typeof mailKinds)[number];
