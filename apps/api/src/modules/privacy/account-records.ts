import type { User } from '@rianroo/contract';
import type { Tx } from '../../db/client.js';
import { changeMarketing, mailConsents, recordConsents } from './consents.repo.js';
import { acceptCurrentDocuments } from './terms.service.js';

/** The accounts module's records (its AccountRecords, wired in app.ts): acceptance and consents on record. */
export const accountRecords = {
  async created(
    tx: Tx,
    user: { id: string; marketing: User['marketing'] },
    meta: { ip: string; userAgent: string | null },
    acceptedTerms: boolean,
  ) {
    // The box ticked next to the versions in effect: on record with the time and the address, or no account.
    if (acceptedTerms) await acceptCurrentDocuments(tx, user.id, meta);
    await recordConsents(tx, user.id, mailConsents(user.marketing), 'registration', meta.ip);
  },
  changeMarketing,
};
