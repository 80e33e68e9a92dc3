import type { User } from '@rianroo/contract';
import type { Tx } from '../../db/client.js';

/**
 * What the PDPA keeps on record when an account is made or its mail choices change: the documents accepted at
 * sign-up, and each consent with its time and source. The privacy module provides it (app.ts wires it in):
 * accounts does not import privacy, which uses accounts.
 */
export interface AccountRecords {
  /** A new account: the terms and privacy notice in effect (when accepted at sign-up), and its mail choices. */
  created(
    tx: Tx,
    user: { id: string; marketing: User['marketing'] },
    meta: { ip: string; userAgent: string | null },
    acceptedTerms: boolean,
  ): Promise<void>;
  /**
   * Changes the mail choices and records each real change, in the caller's transaction (the learner's own on the
   * account page, or staff's).
   */
  changeMarketing(
    tx: Tx,
    userId: string,
    patch: Partial<User['marketing']>,
    source: 'account' | 'staff',
    ip: string | null,
  ): Promise<unknown>;
}
