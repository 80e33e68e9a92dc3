import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { certificates } from '../../db/schema.js';

/**
 * The holder closed the account (PDPA erasure, modules/privacy): each certificate keeps its course and date for the
 * counts, loses the name and the signed credential (which named the learner), and its bit in the published status
 * list turns on (statusListState reads holder_removed_at as it reads revoked_at), so a credential copied before
 * no longer holds. Answers the storage keys of the PDFs, which carry the name: the caller removes them once the
 * transaction has committed.
 */
export async function removeCertificateHolder(tx: Tx, userId: string): Promise<string[]> {
  const before = await tx
    .select({ pdfKey: certificates.pdfKey })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNotNull(certificates.pdfKey)));
  await tx
    .update(certificates)
    .set({ learnerName: '', credentialJwt: null, pdfKey: null, holderRemovedAt: new Date() })
    .where(and(eq(certificates.userId, userId), isNull(certificates.holderRemovedAt)));
  return before.map((r) => r.pdfKey!);
}
