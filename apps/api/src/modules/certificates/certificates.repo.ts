import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, TxClient } from '../../db/client.js';
import {
  certificates,
  courseEvaluations,
  courses,
  users,
  type evaluationQuestions,
} from '../../db/schema.js';

type Queryable = Pick<TxClient, 'query'>;

/** A published course with its certificate settings (or any course, `publishedOnly` false). */
export async function certificateCourse(db: Db, courseId: string, publishedOnly = true) {
  const rows = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      free: courses.free,
      certificateEnabled: courses.certificateEnabled,
      requiresEvaluation: courses.certificateRequiresEvaluation,
    })
    .from(courses)
    .where(
      publishedOnly
        ? and(eq(courses.id, courseId), eq(courses.status, 'published'))
        : eq(courses.id, courseId),
    );
  return rows[0];
}
export type CertificateCourse = NonNullable<Awaited<ReturnType<typeof certificateCourse>>>;

type EvaluationQuestionRow = Pick<
  typeof evaluationQuestions.$inferSelect,
  'id' | 'kind' | 'promptTh' | 'promptEn' | 'choices' | 'required'
>;

/** The questions the evaluation asks now, in order (in the caller's transaction when given one). */
export async function activeEvaluationQuestions(c: Queryable): Promise<EvaluationQuestionRow[]> {
  const { rows } = await c.query<EvaluationQuestionRow>(
    `select id, kind, prompt_th as "promptTh", prompt_en as "promptEn", choices, required
       from evaluation_questions where active order by sort, id`,
  );
  return rows;
}

/** One evaluation per learner and course: a second (also a simultaneous one) gives no row. */
export async function insertEvaluation(
  c: Queryable,
  row: Pick<typeof courseEvaluations.$inferInsert, 'id' | 'userId' | 'courseId' | 'answers'>,
) {
  const { rows } = await c.query<{ createdAt: Date }>(
    `insert into course_evaluations (id, user_id, course_id, answers) values ($1, $2, $3, $4::jsonb)
     on conflict do nothing returning created_at as "createdAt"`,
    [row.id, row.userId, row.courseId, JSON.stringify(row.answers)],
  );
  return rows[0];
}

export async function evaluationOf(db: Db, userId: string, courseId: string) {
  const rows = await db
    .select({ createdAt: courseEvaluations.createdAt })
    .from(courseEvaluations)
    .where(and(eq(courseEvaluations.userId, userId), eq(courseEvaluations.courseId, courseId)));
  return rows[0];
}

export async function certificateOf(db: Db, userId: string, courseId: string) {
  const rows = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  return rows[0];
}
export type CertificateRow = typeof certificates.$inferSelect;

/** Issues once per learner and course: the unique key makes a simultaneous second issue give no row. */
export async function insertCertificate(db: Db, row: typeof certificates.$inferInsert) {
  const rows = await db
    .insert(certificates)
    .values(row)
    .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] })
    .returning();
  return rows[0];
}

export async function setPdfKey(db: Db, id: string, key: string) {
  await db.update(certificates).set({ pdfKey: key }).where(eq(certificates.id, id));
}

export async function certificateByCode(db: Db, code: string) {
  const rows = await db
    .select({ certificate: certificates, courseSlug: courses.slug })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.code, code));
  return rows[0];
}

export function certificatesOf(db: Db, userId: string) {
  return db
    .select({ certificate: certificates, courseSlug: courses.slug })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt));
}

/** The learner's name and address as on the profile. */
export async function learner(db: Db, userId: string) {
  const rows = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      locale: users.locale,
    })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  return rows[0];
}
