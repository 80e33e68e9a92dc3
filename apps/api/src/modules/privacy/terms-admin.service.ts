import type { AdminLegalDocument, AdminLegalDocumentBody, LegalKind } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { auditedWrite } from '../audit/index.js';
import * as repo from './terms-admin.repo.js';

export interface TermsAdminDeps {
  db: Db;
}

const inEffect = () =>
  new AppError(
    'LEGAL_VERSION_IN_EFFECT',
    409,
    'This version has taken effect: it is never changed or removed; publish a new version instead',
  );

/** Where a version's date may go, or the 400 that says why not. */
async function dateFor(c: TxClient, kind: LegalKind, version: number, wanted: string | undefined) {
  const placed = await repo.placeDate(c, kind, version, wanted);
  if ('at' in placed) return placed.at;
  throw fieldError(
    'VALIDATION_ERROR',
    'effectiveAt',
    placed.refused === 'past'
      ? 'The effective date may not be in the past'
      : 'Versions take effect in their order: this date is before an earlier version’s or after a later one’s',
  );
}

/**
 * The console's versions of the terms and the privacy notice (audited). A version in effect is never changed:
 * learners accepted that text. A version still to come may be changed or removed.
 */
export class TermsAdminService {
  constructor(private readonly deps: TermsAdminDeps) {}

  async list() {
    return { items: await repo.listDocuments(this.deps.db.$client) };
  }

  create(actorId: string, body: AdminLegalDocumentBody): Promise<AdminLegalDocument> {
    const { kind, effectiveAt, ...texts } = body;
    return auditedWrite(this.deps.db, {
      actorId,
      action: 'legal_document.create',
      entity: 'legal_document',
      what: 'Document version',
      id: null,
      lock: repo.lockDocuments,
      read: repo.readDocument,
      record: summary,
      change: async (c) => {
        const version = await repo.nextVersion(c, kind);
        const at = await dateFor(c, kind, version, effectiveAt);
        return repo.insertDocument(c, { ...texts, kind, version, effectiveAt: at, createdBy: actorId });
      },
    });
  }

  update(actorId: string, id: string, body: Omit<AdminLegalDocumentBody, 'kind'>) {
    const { effectiveAt, ...texts } = body;
    return auditedWrite(this.deps.db, {
      actorId,
      action: 'legal_document.update',
      entity: 'legal_document',
      what: 'Document version',
      id,
      lock: repo.lockDocuments,
      read: repo.readDocument,
      record: summary,
      change: async (c, before) => {
        if (before.state !== 'scheduled') throw inEffect();
        const at = await dateFor(c, before.kind, before.version, effectiveAt);
        if (!(await repo.updateScheduled(c, id, { ...texts, effectiveAt: at }))) throw inEffect();
      },
    });
  }

  async remove(actorId: string, id: string) {
    await auditedWrite(this.deps.db, {
      actorId,
      action: 'legal_document.delete',
      entity: 'legal_document',
      what: 'Document version',
      id,
      lock: repo.lockDocuments,
      read: repo.readDocument,
      record: summary,
      change: async (c) => {
        if (!(await repo.deleteScheduled(c, id))) throw inEffect();
        return null;
      },
      answer: async () => undefined,
    });
  }
}

/** What the audit log keeps of a version: everything but the count of acceptances, which is no edit. */
const summary = ({ acceptances: _count, ...d }: AdminLegalDocument) => d;
