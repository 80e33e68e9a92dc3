import { dataExportFilename, type DataExport } from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import type { Jobs } from '../../plugins/jobs.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { writeExportZip } from './export-build.js';
import type { ExportDocuments } from './export-files.js';
import { dataExportReadyMail } from './export-mail.js';
import * as repo from './export.repo.js';

export interface DataExportDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  storage: Storage;
  mail: Mailer;
  jobs: Jobs;
  limiter: Limiter;
  log: FastifyBaseLogger;
  documents: ExportDocuments;
}

const BUILD_QUEUE = 'privacy.export';
const EXPIRE_QUEUE = 'privacy.export-expire';
/** Exports a learner may ask for in a day: each is a whole ZIP to build. */
const PER_DAY = 5;

const toExport = (r: repo.DataExportRow): DataExport => ({
  id: r.id,
  status: r.status,
  requestedAt: r.requestedAt.toISOString(),
  readyAt: r.readyAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  sizeBytes: r.sizeBytes,
});

const inProgress = () =>
  new AppError('EXPORT_IN_PROGRESS', 409, 'A data export of yours is being built; it is mailed when ready');

/**
 * "Download my data" (PDPA right of access): a job builds a ZIP of everything the platform holds about the
 * learner into storage, the learner is mailed, downloads it signed in for 7 days, then it is deleted.
 */
export class DataExportService {
  constructor(private readonly deps: DataExportDeps) {}

  /**
   * `POST /users/data-export`: the export row, its access request and the build job in one transaction. One
   * pending export per learner is the database's rule (a partial unique index), so requests at once make one.
   */
  async request(userId: string): Promise<DataExport> {
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const created = await repo.insertPending(tx, userId);
        if (!created) throw notFound('User');
        // Counted only for an export really made; over the limit, the transaction undoes it.
        await this.deps.limiter.consume(`data-export:${userId}`, PER_DAY, 86_400);
        await this.deps.jobs.send(BUILD_QUEUE, { exportId: created.id }, undefined, tx);
        return created;
      });
      return toExport(row);
    } catch (err) {
      if (isUniqueViolation(err) && violatedConstraint(err) === 'data_exports_one_pending_key') {
        throw inProgress();
      }
      throw err;
    }
  }

  /** `GET /users/data-export`. */
  async latest(userId: string) {
    const row = await repo.latest(this.deps.db, userId);
    return { export: row ? toExport(row) : null };
  }

  /** `GET /users/data-export/{id}/download`: the owner's ZIP while ready; 404 for anything else. */
  async download(userId: string, id: string) {
    const row = await repo.downloadable(this.deps.db, id, userId);
    const key = row?.storageKey;
    const stored = key ? await this.deps.storage.stat(key) : undefined;
    if (!row?.readyAt || !key || !stored) throw notFound('Data export');
    return {
      body: await this.deps.storage.read(key),
      size: stored.size,
      filename: dataExportFilename(row.readyAt.toISOString()),
    };
  }

  /**
   * The job's work: builds the ZIP in a temporary file, puts it in storage, marks it ready (and its access
   * request done) and queues the mail in one transaction. Run twice, the second finds it no longer pending.
   * A failure marks the export failed (the learner may ask again) rather than retrying a broken build.
   */
  async build(exportId: string) {
    const { db, storage, log } = this.deps;
    const row = await repo.byId(db, exportId);
    if (row?.status !== 'pending') return;
    // A key of this run's own: a second run of the same job (a retry while this one still works) never
    // overwrites or removes the file the first one marked ready.
    const key = `data-exports/${row.id}-${randomBytes(6).toString('hex')}.zip`;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rianroo-export-'));
    try {
      const file = path.join(dir, 'export.zip');
      const onMissing = (name: string, err: unknown) =>
        log.warn({ err, export: row.id, file: name }, 'a file of a data export is missing');
      await writeExportZip(file, { db, storage, documents: this.deps.documents, onMissing }, row.userId);
      await storage.putFile(key, file);
      const { size } = await stat(file);
      const marked = await db.transaction(async (tx) => {
        const ready = await repo.markReady(tx, row.id, key, size);
        if (!ready?.expiresAt) return false;
        const who = await repo.learner(db, row.userId);
        const url = `${this.deps.config.publicUrl}/account#data-export`;
        if (who) {
          const mail = dataExportReadyMail(who.email, who.firstName, who.locale, {
            expiresAt: ready.expiresAt,
            url,
          });
          await this.deps.mail.send(mail, tx);
        }
        return true;
      });
      // No longer pending (another run finished first, or the account was erased meanwhile): no copy is left.
      if (!marked) {
        await storage.removePrefix(key);
        return;
      }
      log.info({ export: row.id, bytes: size }, 'data export ready');
    } catch (err) {
      log.error({ err, export: row.id }, 'data export failed');
      await repo.markFailed(db, row.id);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Deletes the ZIPs whose 7 days are over at `at` (the file, then its key; status expired). */
  async expireDue(at = new Date()) {
    const due = await repo.expiredBy(this.deps.db, at);
    for (const e of due) {
      if (e.storageKey) await this.deps.storage.removePrefix(e.storageKey);
      await repo.markExpired(this.deps.db, e.id);
    }
    return due.length;
  }

  /** The build queue, and the expiry every hour on the shared queue. */
  async schedule() {
    await this.deps.jobs.work<{ exportId: string }>(BUILD_QUEUE, (job) => this.build(job.exportId));
    await this.deps.jobs.work(EXPIRE_QUEUE, async () => {
      await this.expireDue();
    });
    await this.deps.jobs.schedule(EXPIRE_QUEUE, '23 * * * *');
  }
}
