import {
  badgeFilename,
  CERTIFICATE_PDF_TYPE,
  certificateFilename,
  certificatePagePath,
  type Certificate,
  type CourseCompletion,
} from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { metaTags } from '../../lib/html.js';
import { certificateMail } from '../../mail/templates.js';
import type { Storage } from '../../lib/storage.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import type { PageParts } from '../../plugins/web.js';
import type { AssessmentsService } from '../assessments/index.js';
import type { CoursesService } from '../courses/index.js';
import { SITE_NAME } from '../courses/index.js';
import { certificateCode, nameOnCertificate } from './certificate-code.js';
import { thaiDocumentDate } from '../documents/index.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import * as repo from './certificates.repo.js';
import { courseCompletion } from '../assessments/index.js';
import { CredentialsService } from './credentials.service.js';

const notCompleted = () => new AppError('COURSE_NOT_COMPLETED', 409, 'The course is not completed yet');
const revoked = () => new AppError('CERTIFICATE_REVOKED', 403, 'This certificate was revoked');

/** Documents being made in this process, per storage: simultaneous first downloads make one PDF. */
const makingIn = new WeakMap<Storage, Map<string, Promise<Buffer>>>();

export interface CertificatesDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'production' | 'credentials'>;
  storage: Storage;
  limiter: Limiter;
  mail: Mailer;
  log: FastifyBaseLogger;
}

/** Completion, certificates and their PDF (PRODUCT.md section 6). */
export class CertificatesService {
  /** The certificates as signed Open Badges credentials, their keys and revocation list. */
  readonly credentials: CredentialsService;

  constructor(
    private readonly deps: CertificatesDeps,
    private readonly courses: CoursesService,
    private readonly assessments: AssessmentsService,
  ) {
    this.credentials = new CredentialsService({ db: deps.db, config: deps.config, log: deps.log });
  }
  private get db() {
    return this.deps.db;
  }

  async course(courseId: string, publishedOnly = true) {
    const course = await repo.certificateCourse(this.db, courseId, publishedOnly);
    if (!course) throw notFound('Course');
    return course;
  }

  verifyUrl(code: string) {
    return `${this.deps.config.publicUrl}${certificatePagePath(code)}`;
  }

  private toCertificate(c: repo.CertificateRow, courseSlug: string): Certificate {
    return {
      code: c.code,
      courseId: c.courseId,
      courseSlug,
      courseTitle: c.courseTitle,
      learnerName: c.learnerName,
      issuedAt: c.issuedAt.toISOString(),
      revokedAt: c.revokedAt ? c.revokedAt.toISOString() : null,
      verifyUrl: this.verifyUrl(c.code),
    };
  }

  /** `GET /course/{id}/completion`: the learner's own standing in a course. */
  async completion(userId: string, courseId: string): Promise<CourseCompletion> {
    const course = await this.course(courseId);
    const [done, tests, evaluation, cert] = await Promise.all([
      courseCompletion(this.db, userId, courseId),
      this.assessments.summaries(userId, courseId),
      repo.evaluationOf(this.db, userId, courseId),
      repo.certificateOf(this.db, userId, courseId),
    ]);
    const evaluated = !!evaluation;
    return {
      courseId,
      episodesTotal: done.episodesTotal,
      episodesWatched: done.episodesWatched,
      preTest: tests.preTest,
      postTest: tests.postTest,
      episodesDone: done.episodesDone,
      completed: done.completed,
      completedAt: done.completedAt ? done.completedAt.toISOString() : null,
      evaluationRequired: course.requiresEvaluation,
      evaluated,
      certificateEnabled: course.certificateEnabled,
      certificateAvailable:
        !cert &&
        course.certificateEnabled &&
        done.completed &&
        (evaluated || !course.requiresEvaluation) &&
        (await this.courses.access(userId, course)).canAccess,
      certificate: cert ? this.toCertificate(cert, course.slug) : null,
    };
  }

  /**
   * The learner's certificate of a course, issued on the first call once the course is completed (and
   * evaluated when the course asks for it). Issued once: a simultaneous second call finds the first.
   * An issued certificate stays the learner's, also after access ends or the course is unpublished; a revoked
   * one is refused.
   */
  async issue(userId: string, courseId: string) {
    let cert = await repo.certificateOf(this.db, userId, courseId);
    const course = await this.course(courseId, !cert);
    if (!cert) {
      if (!course.certificateEnabled) throw notFound('Certificate');
      if (!(await this.courses.access(userId, course)).canAccess) {
        throw new AppError('NO_ACCESS', 403, 'This course needs a subscription or a free trial');
      }
      if (!(await courseCompletion(this.db, userId, courseId)).completed) throw notCompleted();
      if (course.requiresEvaluation && !(await repo.evaluationOf(this.db, userId, courseId))) {
        throw new AppError('EVALUATION_REQUIRED', 409, 'Evaluate the course to receive its certificate');
      }
      const who = await repo.learner(this.db, userId);
      if (!who) throw notFound('User');
      for (let tries = 0; !cert && tries < 3; tries++) {
        try {
          cert =
            (await repo.insertCertificate(this.db, {
              id: uuidv7(),
              userId,
              courseId,
              code: certificateCode(),
              learnerName: nameOnCertificate(who),
              courseTitle: course.title,
            })) ?? (await repo.certificateOf(this.db, userId, courseId));
        } catch (err) {
          // 23505 on the code: another certificate drew the same code (about 1 in 2^59); draw again.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      if (!cert) throw new Error('certificate not issued');
    }
    if (cert.revokedAt) throw revoked();
    // Signed as it is issued (and, for a certificate issued before credentials, on its next download).
    if (!cert.credentialJwt) await this.credentials.ensure(cert);
    return { cert, course };
  }

  /**
   * The caller's own certificate by its code, not revoked: anyone else's, like an unknown code, is not found.
   * A revoked one is refused as its PDF is (403 CERTIFICATE_REVOKED).
   */
  private async own(userId: string, code: string) {
    const found = await repo.certificateByCode(this.db, code);
    if (!found || found.certificate.userId !== userId) throw notFound('Certificate');
    if (found.certificate.revokedAt) throw revoked();
    return found.certificate;
  }

  /** `GET /certificates/{code}/credential`: my certificate's signed Open Badges credential. */
  async credential(userId: string, code: string) {
    return this.credentials.ensure(await this.own(userId, code));
  }

  /** `GET /certificates/{code}/badge.png`: my certificate's badge, the credential baked in. */
  async badge(userId: string, code: string) {
    const cert = await this.own(userId, code);
    return { png: await this.credentials.badge(cert), filename: badgeFilename(cert.code) };
  }

  /** The stored PDF of a certificate and its storage key, made and stored on first need. */
  async pdf(cert: repo.CertificateRow): Promise<{ pdf: Buffer; key: string }> {
    const key = cert.pdfKey ?? `certificates/${cert.code}.pdf`;
    if (cert.pdfKey) {
      const stored = await this.deps.storage.readAll(key);
      if (stored) return { pdf: stored, key };
    }
    const inFlight = makingIn.get(this.deps.storage) ?? new Map<string, Promise<Buffer>>();
    makingIn.set(this.deps.storage, inFlight);
    let making = inFlight.get(key);
    if (!making) {
      making = this.make(cert, key).finally(() => inFlight.delete(key));
      inFlight.set(key, making);
    }
    return { pdf: await making, key };
  }

  private async make(cert: repo.CertificateRow, key: string) {
    const started = performance.now();
    const pdf = Buffer.from(
      await renderCertificatePdf({
        learnerName: cert.learnerName,
        courseTitle: cert.courseTitle,
        code: cert.code,
        issuedAt: cert.issuedAt,
        verifyUrl: this.verifyUrl(cert.code),
      }),
    );
    await this.deps.storage.put(key, pdf);
    await repo.setPdfKey(this.db, cert.id, key);
    this.deps.log.info(
      { code: cert.code, bytes: pdf.length, ms: Math.round(performance.now() - started) },
      'certificate generated',
    );
    return pdf;
  }

  /** `GET /media/get-certificate/{courseId}`. */
  async download(userId: string, courseId: string) {
    const { cert } = await this.issue(userId, courseId);
    return {
      pdf: (await this.pdf(cert)).pdf,
      filename: certificateFilename(cert.code),
      type: CERTIFICATE_PDF_TYPE,
    };
  }

  /** `POST /media/get-certificate-to-email`: the PDF attached, to the learner's own address, over the mail queue. */
  async email(userId: string, courseId: string) {
    await this.deps.limiter.consume(`certificate-mail:${userId}`, 5, 3600);
    const { cert } = await this.issue(userId, courseId);
    const { key } = await this.pdf(cert);
    const who = await repo.learner(this.db, userId);
    if (!who) throw notFound('User');
    await this.deps.mail.send(
      certificateMail(who.email, cert.learnerName, who.locale, {
        courseTitle: cert.courseTitle,
        code: cert.code,
        verifyUrl: this.verifyUrl(cert.code),
        attachment: {
          filename: certificateFilename(cert.code),
          contentType: CERTIFICATE_PDF_TYPE,
          storageKey: key,
        },
      }),
    );
    return { sent: true as const, to: who.email };
  }

  /** `GET /certificates/verify/{code}` (public). */
  async verify(code: string) {
    const found = await repo.certificateByCode(this.db, code);
    if (!found) throw notFound('Certificate');
    const c = found.certificate;
    return {
      code: c.code,
      status: c.holderRemovedAt
        ? ('removed' as const)
        : c.revokedAt
          ? ('revoked' as const)
          : ('valid' as const),
      learnerName: c.learnerName,
      courseTitle: c.courseTitle,
      courseSlug: found.courseSlug,
      issuedAt: c.issuedAt.toISOString(),
      revokedAt: c.revokedAt ? c.revokedAt.toISOString() : null,
      credential: await this.credentials.check(c),
    };
  }

  /**
   * The title, description and Open Graph tags of a certificate's public page (`/certificates/:code`), so that
   * a shared link previews with the learner, the course and whether it holds; nothing for other pages or
   * unknown codes.
   */
  async openGraph(path: string): Promise<PageParts | undefined> {
    const code = /^\/certificates\/([A-Za-z0-9]{6,32})\/?$/.exec(path)?.[1]?.toUpperCase();
    if (!code) return undefined;
    const found = await repo.certificateByCode(this.db, code);
    if (!found) return undefined;
    const c = found.certificate;
    const removed = !!c.holderRemovedAt;
    const title = removed
      ? `ใบประกาศนียบัตร: ${c.courseTitle}`
      : `ใบประกาศนียบัตร: ${c.courseTitle} · ${c.learnerName}`;
    const description = removed
      ? `ผู้ถือใบประกาศรหัส ${c.code} ได้ลบใบประกาศนี้แล้ว · The holder removed this certificate`
      : c.revokedAt
        ? `ใบประกาศรหัส ${c.code} ถูกเพิกถอนแล้ว · This certificate was revoked`
        : `${c.learnerName} เรียนจบคอร์ส "${c.courseTitle}" กับ Rianroo เมื่อ ${thaiDocumentDate(c.issuedAt)} · รหัส ${c.code} · Verified certificate of completion`;
    const tags: [string, string][] = [
      ['og:type', 'website'],
      ['og:site_name', SITE_NAME],
      ['og:locale', 'th_TH'],
      ['og:title', title],
      ['og:description', description],
      ['og:url', this.verifyUrl(c.code)],
      // Public for whoever has the link, not for search engines (a learner's name): link previews still read it.
      ['robots', 'noindex'],
      ['twitter:card', 'summary'],
      ['twitter:title', title],
      ['twitter:description', description],
    ];
    return {
      title,
      description,
      head: metaTags(tags),
    };
  }

  async mine(userId: string) {
    return (await repo.certificatesOf(this.db, userId)).map((r) =>
      this.toCertificate(r.certificate, r.courseSlug),
    );
  }
}
