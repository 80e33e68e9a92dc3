import type {
  LegalAcceptanceBody,
  LegalDocumentAnswer,
  LegalKind,
  LegalStatusAnswer,
} from '@rianroo/contract';
import { transaction, type Db, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ClientMeta } from '../../lib/request.js';
import * as repo from './terms.repo.js';

export interface TermsDeps {
  db: Db;
}

/**
 * The terms of use and the privacy notice in versions: what is in effect, what a learner still has to accept,
 * and their acceptance (kept for each version: accepting a newer one leaves the older on record).
 */
export class TermsService {
  constructor(private readonly deps: TermsDeps) {}

  /** A version in effect (the current one without a number) and the list of versions so far. */
  async document(kind: LegalKind, version?: number): Promise<LegalDocumentAnswer> {
    const found = await repo.documentInEffect(this.deps.db, kind, version);
    if (!found) throw notFound('Document version');
    const versions = await repo.versionsInEffect(this.deps.db, kind);
    return {
      ...repo.toDocument(found),
      versions: versions.map((v) => ({ ...v, effectiveAt: v.effectiveAt.toISOString() })),
    };
  }

  status(userId: string): Promise<LegalStatusAnswer> {
    return pendingFor(this.deps.db, userId);
  }

  /** Accepts the versions named, each only while it is the one in effect (a newer one may have come meanwhile). */
  async accept(userId: string, body: LegalAcceptanceBody, meta: ClientMeta): Promise<LegalStatusAnswer> {
    await transaction(this.deps.db, async (tx) => {
      const current = await repo.currentDocuments(tx);
      const ids = body.documents.map(({ kind, version }) => {
        const doc = current.find((d) => d.kind === kind && d.version === version);
        if (!doc) throw notCurrent(kind, version);
        return doc.id;
      });
      await repo.insertAcceptances(tx, userId, [...new Set(ids)], meta);
    });
    return pendingFor(this.deps.db, userId);
  }
}

const notCurrent = (kind: LegalKind, version: number) =>
  new AppError(
    'LEGAL_VERSION_NOT_CURRENT',
    409,
    `Version ${version} of the ${kind} is not the one in effect`,
  );

/** The documents in effect the user has not accepted; `renewal` when an earlier version of it was accepted. */
async function pendingFor(db: Db, userId: string): Promise<LegalStatusAnswer> {
  const [current, accepted] = await Promise.all([repo.currentDocuments(db), repo.acceptedBy(db, userId)]);
  const pending = current
    .filter((d) => !accepted.some((a) => a.documentId === d.id))
    .map((d) => ({
      id: d.id,
      kind: d.kind,
      version: d.version,
      effectiveAt: d.effectiveAt.toISOString(),
      titleTh: d.titleTh,
      titleEn: d.titleEn,
      changesTh: d.changesTh,
      changesEn: d.changesEn,
      renewal: accepted.some((a) => a.kind === d.kind),
    }));
  return { pending };
}

/**
 * Records the acceptance of every document in effect now, in the caller's transaction: registration, where the
 * learner ticked the box next to the current versions (and the demo accounts of the seed).
 */
export async function acceptCurrentDocuments(
  tx: Db | Tx,
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
) {
  const current = await repo.currentDocuments(tx);
  await repo.insertAcceptances(
    tx,
    userId,
    current.map((d) => d.id),
    meta,
  );
}
