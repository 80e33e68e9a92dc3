import { summaryPdfFilename } from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import { CoursesService } from '../courses/index.js';
import { attachedSummary } from './course-summaries.repo.js';
import * as repo from './documents.repo.js';
import { renderSummaryPdf, type SummaryInput } from './summary-pdf.js';

/** Bump when the layout of the document changes, so stored documents of every course are made again. */
const LAYOUT_VERSION = 2;

type Source = NonNullable<Awaited<ReturnType<typeof repo.summarySource>>>;

const noSummaryAccess = () =>
  new AppError('NO_ACCESS', 403, 'The summary document needs a subscription or a free trial');

const toInput = ({ course, episodes }: Source): SummaryInput => ({
  title: course.title,
  subtitle: course.subtitle,
  description: course.description,
  level: course.level,
  free: course.free,
  updatedAt: course.updated_at,
  episodes: episodes.map((e) => ({
    sort: e.sort,
    sectionTitle: e.section_title,
    title: e.title,
    durationSeconds: e.duration_seconds,
    isTeaser: e.is_teaser,
  })),
});

/** The version of a course's document: a hash of everything it shows, so an edited course gets a new one. */
export function summaryVersion(input: SummaryInput): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: LAYOUT_VERSION, ...input }))
    .digest('hex')
    .slice(0, 20);
}

export const summaryKey = (courseId: string, version: string) => `summaries/${courseId}-${version}.pdf`;

/**
 * Documents being made in this process, per storage: simultaneous first requests (and the start-up
 * pre-generation) make a document once.
 */
const makingIn = new WeakMap<Storage, Map<string, Promise<Buffer>>>();

export interface DocumentsDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Course summary documents (PRODUCT.md sections 5 and 7): the PDF an author attached to the course, else an
 * outline of the course, made once per course version, then stored.
 */
export class DocumentsService {
  constructor(
    private readonly deps: DocumentsDeps,
    private readonly courses: CoursesService,
  ) {}

  /**
   * The summary document of a published course for an entitled learner: 404 for an unknown or unpublished
   * course, 403 NO_ACCESS without access. The bytes are loaded only when asked for (not for a 304).
   */
  async summaryFor(userId: string, courseId: string) {
    const source = await repo.summarySource(this.deps.db, courseId);
    if (!source) throw notFound('Course');
    const access = await this.courses.access(userId, { id: source.course.id });
    if (!access.canAccess) throw noSummaryAccess();
    const filename = summaryPdfFilename(source.course.slug);
    const attached = await attachedSummary(this.deps.db, courseId);
    if (attached)
      return {
        filename,
        version: `pdf-${attached.sha256.slice(0, 20)}`,
        load: () => this.attachedBytes(courseId, attached.storage_key),
      };
    const input = toInput(source);
    const version = summaryVersion(input);
    return {
      filename,
      version,
      load: () => this.document(source.course.id, input, version).then((d) => d.pdf),
    };
  }

  /**
   * The attached PDF's bytes. Replaced or removed since its row was read, the file is gone: the course's
   * summary as it is now is answered instead.
   */
  private async attachedBytes(courseId: string, key: string): Promise<Buffer> {
    const pdf = await this.deps.storage.readAll(key);
    if (pdf) return pdf;
    const now = await attachedSummary(this.deps.db, courseId);
    if (now && now.storage_key !== key) return this.attachedBytes(courseId, now.storage_key);
    const source = now ? undefined : await repo.summarySource(this.deps.db, courseId);
    if (!source) throw notFound('Summary document');
    return (await this.document(courseId, toInput(source))).pdf;
  }

  /** The stored document of this version, made and stored first if there is none yet. */
  async document(courseId: string, input: SummaryInput, version = summaryVersion(input)) {
    const key = summaryKey(courseId, version);
    const stored = await this.deps.storage.readAll(key);
    if (stored) return { pdf: stored, generated: false };
    const inFlight = makingIn.get(this.deps.storage) ?? new Map<string, Promise<Buffer>>();
    makingIn.set(this.deps.storage, inFlight);
    let making = inFlight.get(key);
    if (!making) {
      making = this.make(key, input).finally(() => inFlight.delete(key));
      inFlight.set(key, making);
    }
    return { pdf: await making, generated: true };
  }

  private async make(key: string, input: SummaryInput) {
    const started = performance.now();
    const pdf = Buffer.from(await renderSummaryPdf(input));
    await this.deps.storage.put(key, pdf);
    this.deps.log.info(
      { key, bytes: pdf.length, ms: Math.round(performance.now() - started) },
      'summary document generated',
    );
    return pdf;
  }

  /** Makes the missing documents of every published course; answers how many were made. */
  async generateAll(): Promise<number> {
    let made = 0;
    for (const id of await repo.publishedCourseIds(this.deps.db)) {
      // Started in the background at start-up: a shutdown meanwhile ends it quietly.
      if (this.deps.db.$client.ending) break;
      const source = await repo.summarySource(this.deps.db, id);
      if (!source) continue; // unpublished meanwhile
      try {
        if ((await this.document(id, toInput(source))).generated) made++;
      } catch (err) {
        // Not fatal: the document is made on its first request instead.
        this.deps.log.warn({ err, courseId: id }, 'summary document not generated');
      }
    }
    return made;
  }
}

/**
 * Pre-generates the summary documents of the published catalogue (call after seeding, at server start).
 * Documents already stored for the current version of a course are kept; answers how many were made.
 */
export function generateSummaries(deps: DocumentsDeps): Promise<number> {
  const { db, storage, log } = deps;
  return new DocumentsService({ db, storage, log }, new CoursesService({ db })).generateAll();
}
