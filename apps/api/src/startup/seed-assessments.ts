import { and, asc, eq } from 'drizzle-orm';
import { questionsWithChoices } from '../modules/assessments/index.js';
import { drawSheet, promptKey } from '../modules/assessments/index.js';
import { gradeAttempt, gradesPass } from '../modules/assessments/index.js';
import { certificateCode, nameOnCertificate } from '../modules/certificates/index.js';
import { uuidv7 } from '../lib/ids.js';
import type { Db } from '../db/client.js';
import {
  assessmentAttempts,
  assessmentChoices,
  assessmentQuestions,
  assessments,
  certificates,
  courseEvaluations,
  courses,
  episodeProgress,
  episodes,
  evaluationQuestions,
  users,
} from '../db/schema.js';
import { DEMO_ASSESSMENTS, type DemoQuestion } from './seed-assessments-data.js';

/** The course evaluation form of the demo (the same active questions for every course). */
const EVALUATION_QUESTIONS: (typeof evaluationQuestions.$inferInsert)[] = [
  {
    id: '0193a000-0000-7000-8000-000000000e01',
    sort: 1,
    kind: 'rating',
    promptTh: 'โดยรวมแล้วคุณพอใจกับคอร์สนี้เพียงใด',
    promptEn: 'Overall, how satisfied are you with this course?',
    required: true,
  },
  {
    id: '0193a000-0000-7000-8000-000000000e02',
    sort: 2,
    kind: 'rating',
    promptTh: 'ผู้สอนอธิบายได้ชัดเจนและเข้าใจง่าย',
    promptEn: 'The instructor explained clearly and simply',
    required: true,
  },
  {
    id: '0193a000-0000-7000-8000-000000000e03',
    sort: 3,
    kind: 'choice',
    promptTh: 'คุณจะนำความรู้จากคอร์สนี้ไปใช้เมื่อใด',
    promptEn: 'When will you use what you learnt?',
    required: true,
    choices: [
      { id: 'now', labelTh: 'ใช้ได้ทันที', labelEn: 'Right away' },
      { id: 'soon', labelTh: 'ภายใน 3 เดือน', labelEn: 'Within 3 months' },
      { id: 'later', labelTh: 'ยังไม่แน่ใจ', labelEn: 'Not sure yet' },
    ],
  },
  {
    id: '0193a000-0000-7000-8000-000000000e04',
    sort: 4,
    kind: 'text',
    promptTh: 'มีข้อเสนอแนะอะไรเพิ่มเติมสำหรับคอร์สนี้',
    promptEn: 'Anything else you would like to tell us about this course?',
    required: false,
  },
];

/** The demo learner who has finished a course and holds its certificate. */
export const GRADUATE_DEMO = {
  email: 'graduate@rianroo.dev',
  firstName: 'ศิริพร',
  lastName: 'เรียนจบ',
  course: 'personal-finance-101',
};

async function insertAssessment(db: Db, a: typeof assessments.$inferInsert, questions: DemoQuestion[]) {
  await db.insert(assessments).values(a);
  for (const [i, q] of questions.entries()) {
    const questionId = uuidv7();
    await db.insert(assessmentQuestions).values({
      id: questionId,
      assessmentId: a.id,
      sort: i + 1,
      kind: q.kind,
      prompt: q.prompt,
      explanation: q.explanation,
      topic: q.topic ?? '',
      points: q.points ?? 1,
    });
    await db
      .insert(assessmentChoices)
      .values(
        q.choices.map(([label, correct], j) => ({ id: uuidv7(), questionId, sort: j + 1, label, correct })),
      );
  }
}

/**
 * Demo quizzes, pre- and post-tests, evaluation questions, and a graduate. Idempotent: a course that already
 * has assessments is left as it is.
 */
export async function seedAssessments(db: Db): Promise<void> {
  await db.insert(evaluationQuestions).values(EVALUATION_QUESTIONS).onConflictDoNothing();
  for (const demo of DEMO_ASSESSMENTS) {
    const [course] = await db.select().from(courses).where(eq(courses.slug, demo.slug));
    if (!course) continue;
    const existing = await db
      .select({ id: assessments.id })
      .from(assessments)
      .where(eq(assessments.courseId, course.id));
    if (existing.length) continue;
    await db.update(courses).set({ certificateRequiresEvaluation: true }).where(eq(courses.id, course.id));
    const eps = await db
      .select()
      .from(episodes)
      .where(eq(episodes.courseId, course.id))
      .orderBy(asc(episodes.sort));
    await insertAssessment(
      db,
      {
        id: uuidv7(),
        courseId: course.id,
        kind: 'pre_test',
        title: 'แบบทดสอบก่อนเรียน',
        description: 'วัดความรู้ก่อนเริ่มเรียน ไม่มีผลต่อการจบคอร์ส ทำเพื่อเทียบกับคะแนนหลังเรียน',
        passingScore: 0,
        maxAttempts: 1,
        skippable: true,
      },
      demo.finalQuestions,
    );
    for (const quiz of demo.quizzes) {
      const episode = eps[quiz.afterEpisode - 1];
      if (!episode) continue;
      await insertAssessment(
        db,
        {
          id: uuidv7(),
          courseId: course.id,
          episodeId: episode.id,
          kind: 'episode_quiz',
          title: quiz.title,
          description: 'ทบทวนสิ่งที่เรียนในตอนนี้ ทำได้ไม่จำกัดครั้ง',
          passingScore: 50,
        },
        quiz.questions,
      );
    }
    await insertAssessment(
      db,
      {
        id: uuidv7(),
        courseId: course.id,
        kind: 'post_test',
        title: 'แบบทดสอบหลังเรียน',
        description:
          'ผ่านแบบทดสอบนี้ (60% ขึ้นไป) เพื่อจบคอร์สและรับใบประกาศนียบัตร มีเวลา 10 นาที ทำได้ 3 ครั้ง แต่ละครั้งสุ่ม 8 ข้อจากชุดคำถาม 12 ข้อ',
        passingScore: 60,
        maxAttempts: 3,
        timeLimitSeconds: 600,
        shuffleQuestions: true,
        questionsPerAttempt: 8,
      },
      [...demo.finalQuestions, ...demo.postTestExtra],
    );
  }
  await seedGraduate(db);
}

/** The graduate has watched every episode, taken the tests, evaluated the course and holds the certificate. */
async function seedGraduate(db: Db) {
  const [user] = await db.select().from(users).where(eq(users.email, GRADUATE_DEMO.email));
  const [course] = await db.select().from(courses).where(eq(courses.slug, GRADUATE_DEMO.course));
  if (!user || !course) return;
  const [done] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, user.id), eq(certificates.courseId, course.id)));
  if (done) return;
  const day = 86_400_000;
  const eps = await db
    .select()
    .from(episodes)
    .where(eq(episodes.courseId, course.id))
    .orderBy(asc(episodes.sort));
  await db
    .insert(episodeProgress)
    .values(
      eps.map((e, i) => ({
        userId: user.id,
        episodeId: e.id,
        courseId: course.id,
        lastSecond: e.durationSeconds,
        completionPercentage: 100,
        firstWatchedAt: new Date(Date.now() - (10 - i) * day),
        watchedAt: new Date(Date.now() - (10 - i) * day),
        updatedAt: new Date(Date.now() - (10 - i) * day),
      })),
    )
    .onConflictDoNothing();
  const tests = await db.select().from(assessments).where(eq(assessments.courseId, course.id));
  const preTest = tests.find((a) => a.kind === 'pre_test');
  const met = preTest ? (await questionsWithChoices(db, preTest.id)).map((q) => promptKey(q.prompt)) : [];
  for (const a of tests) {
    // The questions the graduate's attempt asked: a pool's draw avoids those met in the pre-test, as a new one does.
    const pool = await questionsWithChoices(db, a.id);
    const sheet = drawSheet(pool, { count: a.questionsPerAttempt, shuffle: false, avoid: [new Set(met)] });
    const questions = pool.filter((q) => sheet.includes(q.id));
    // Right answers everywhere but in the pre-test, where only the first two were known before learning.
    const answers = Object.fromEntries(
      questions.map((q, i) => [
        q.id,
        a.kind === 'pre_test' && i >= 2
          ? [q.choices.find((c) => !c.correct)!.id]
          : q.choices.filter((c) => c.correct).map((c) => c.id),
      ]),
    );
    const g = gradeAttempt(questions, answers, a.passingScore);
    const at = new Date(Date.now() - (a.kind === 'pre_test' ? 11 : a.kind === 'post_test' ? 5 : 8) * day);
    await db.insert(assessmentAttempts).values({
      id: uuidv7(at.getTime()),
      assessmentId: a.id,
      userId: user.id,
      number: 1,
      status: 'submitted',
      questionOrder: questions.map((q) => q.id),
      answers,
      startedAt: new Date(at.getTime() - 5 * 60_000),
      passingScore: a.passingScore,
      savedAt: at,
      submittedAt: at,
      pointsEarned: g.pointsEarned,
      pointsTotal: g.pointsTotal,
      score: g.score,
      passed: g.passed && gradesPass(a.kind, a.passingScore),
      grading: g.grades,
    });
  }
  await db.insert(courseEvaluations).values({
    id: uuidv7(),
    userId: user.id,
    courseId: course.id,
    answers: [
      { questionId: EVALUATION_QUESTIONS[0]!.id!, rating: 5 },
      { questionId: EVALUATION_QUESTIONS[1]!.id!, rating: 4 },
      { questionId: EVALUATION_QUESTIONS[2]!.id!, choiceId: 'now' },
      { questionId: EVALUATION_QUESTIONS[3]!.id!, text: 'เข้าใจง่าย นำไปใช้ได้จริง' },
    ],
    createdAt: new Date(Date.now() - 5 * day),
  });
  await db
    .insert(certificates)
    .values({
      id: uuidv7(),
      userId: user.id,
      courseId: course.id,
      code: certificateCode(),
      learnerName: nameOnCertificate(user),
      courseTitle: course.title,
      issuedAt: new Date(Date.now() - 5 * day),
    })
    .onConflictDoNothing();
}
