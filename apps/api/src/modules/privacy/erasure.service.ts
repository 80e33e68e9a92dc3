import type { FastifyBaseLogger } from 'fastify';
import { transaction, type Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import type { Jobs } from '../../plugins/jobs.js';
import { removeCertificateHolder } from '../certificates/index.js';
import { dueClosures, lockDueClosure } from './closure.repo.js';
import { scrubAuditLog } from './erasure-audit.js';
import * as repo from './erasure.repo.js';

/** The scheduled job that erases the accounts whose cool-off has passed. */
export const ERASURE_JOB = 'privacy.erase';
/** Photos uploaded to the platform (accounts' profile-images.ts); another address (a provider's) is not ours. */
const PHOTO_PREFIX = '/api/media/profile/';

export interface ErasureDeps {
  db: Db;
  storage: Storage;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/**
 * Erases a learner's personal data once the closure's cool-off has passed: one transaction per learner, so an
 * account is erased wholly or not at all, and a closure cancelled by a sign-in a moment before is left alone.
 * Files (photo, certificate PDFs, data exports) are removed after the commit: a file left by a failed removal
 * names nobody the database still knows, and the log says which.
 */
export class ErasureService {
  constructor(private readonly deps: ErasureDeps) {}

  async schedule() {
    await this.deps.jobs.work(ERASURE_JOB, async () => {
      await this.eraseDue();
    });
    await this.deps.jobs.schedule(ERASURE_JOB, '*/15 * * * *');
  }

  /** Every closure due by `at` (tests move it), one learner at a time; answers how many were erased. */
  async eraseDue(at = new Date()) {
    let erased = 0;
    for (const { userId } of await dueClosures(this.deps.db, at)) {
      try {
        if (await this.erase(userId, at)) erased++;
      } catch (err) {
        // One learner's failure (retried on the next run) does not hold back the others'.
        this.deps.log.error({ err, userId }, 'account erasure failed; it will be tried again');
      }
    }
    return erased;
  }

  /** Erases one learner if the closure is still open and due; false when there was nothing to do. */
  async erase(userId: string, at = new Date()): Promise<boolean> {
    const files = await transaction(this.deps.db, async (tx) => {
      const closure = await lockDueClosure(tx, userId, at);
      const person = closure && (await repo.personOf(tx, userId));
      if (!closure || !person) return undefined;
      await repo.eraseAccess(tx, userId);
      await repo.erasePersonalRows(tx, person);
      await repo.anonymiseConsents(tx, person);
      await repo.anonymiseBilling(tx, userId);
      await repo.anonymiseEvaluations(tx, userId);
      const pdfs = await removeCertificateHolder(tx, userId);
      const exports = await repo.eraseExports(tx, userId);
      await scrubAuditLog(tx, person);
      await repo.eraseQueuedMail(tx, person.email);
      await repo.closeRequests(tx, person, closure.id, closure.request_id);
      await repo.anonymiseUser(tx, userId);
      const photo = person.profileImage?.startsWith(PHOTO_PREFIX)
        ? [`profile/${person.profileImage.slice(PHOTO_PREFIX.length)}`]
        : [];
      return [...photo, ...pdfs, ...exports];
    });
    if (!files) return false;
    for (const key of files) {
      await this.deps.storage.removePrefix(key).catch((err: unknown) => {
        this.deps.log.error({ err, key }, 'an erased account left a file in storage; remove it by hand');
      });
    }
    this.deps.log.info({ userId, files: files.length }, 'account erased');
    return true;
  }
}
