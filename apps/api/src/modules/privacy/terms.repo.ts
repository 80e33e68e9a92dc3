import type { LegalDocument, LegalKind } from '@rianroo/contract';
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { legalAcceptances, legalDocuments, users } from '../../db/schema.js';

type Executor = Db | Tx;
export type DocumentRow = typeof legalDocuments.$inferSelect;

export const toDocument = (d: DocumentRow): LegalDocument => ({
  id: d.id,
  kind: d.kind,
  version: d.version,
  effectiveAt: d.effectiveAt.toISOString(),
  titleTh: d.titleTh,
  titleEn: d.titleEn,
  bodyTh: d.bodyTh,
  bodyEn: d.bodyEn,
  changesTh: d.changesTh,
  changesEn: d.changesEn,
});

const inEffect = lte(legalDocuments.effectiveAt, sql`now()`);

/**
 * The version in effect of each kind: the newest whose date has come (the one rule of "current"). Versions of a
 * kind take effect in the order of their numbers (the console keeps their dates in that order).
 */
export function currentDocuments(db: Executor) {
  return db
    .selectDistinctOn([legalDocuments.kind])
    .from(legalDocuments)
    .where(inEffect)
    .orderBy(legalDocuments.kind, desc(legalDocuments.effectiveAt), desc(legalDocuments.version));
}

/** A version in effect (now or before) by number, or the current one without a number. */
export async function documentInEffect(db: Executor, kind: LegalKind, version?: number) {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(
      and(eq(legalDocuments.kind, kind), inEffect, version ? eq(legalDocuments.version, version) : undefined),
    )
    .orderBy(desc(legalDocuments.effectiveAt), desc(legalDocuments.version))
    .limit(1);
  return row;
}

/** The versions of a kind that have taken effect, newest first. */
export function versionsInEffect(db: Executor, kind: LegalKind) {
  return db
    .select({
      version: legalDocuments.version,
      effectiveAt: legalDocuments.effectiveAt,
      titleTh: legalDocuments.titleTh,
      titleEn: legalDocuments.titleEn,
    })
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), inEffect))
    .orderBy(desc(legalDocuments.version));
}

/** The documents (any version) a user has accepted, with their kind. */
export function acceptedBy(db: Executor, userId: string) {
  return db
    .select({ documentId: legalAcceptances.documentId, kind: legalDocuments.kind })
    .from(legalAcceptances)
    .innerJoin(legalDocuments, eq(legalDocuments.id, legalAcceptances.documentId))
    .where(eq(legalAcceptances.userId, userId));
}

/**
 * Records the acceptance of these documents. One row per user and document (the primary key): accepting again,
 * or many times at once, keeps the first row and its time. users.accepted_terms_at (older readers) is kept too.
 */
export async function insertAcceptances(
  tx: Executor,
  userId: string,
  documentIds: string[],
  meta: { ip: string | null; userAgent: string | null },
) {
  if (!documentIds.length) return;
  await tx
    .insert(legalAcceptances)
    .values(documentIds.map((documentId) => ({ userId, documentId, ip: meta.ip, userAgent: meta.userAgent })))
    .onConflictDoNothing();
  await tx
    .update(users)
    .set({ acceptedTermsAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.acceptedTermsAt)));
}
