import { z } from 'zod';
import { uuid } from './common.js';

/** The longest span the analytics answer at once, in days. */
export const ANALYTICS_MAX_DAYS = 366;

/** No platform day before this (PostgreSQL has no year 0, and a default span reaches 30 days back). */
export const ANALYTICS_FIRST_DAY = '2000-01-01';

const day = z.iso.date().refine((d) => d >= ANALYTICS_FIRST_DAY, { message: 'range_invalid' });
/**
 * A span of days (Bangkok time), both ends included; by default the 30 days up to today. The refinements'
 * messages are keys, not text for people.
 */
export const analyticsRange = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'range_from_after_to', path: ['from'] })
  .refine(
    (r) => !r.from || !r.to || (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < ANALYTICS_MAX_DAYS,
    { message: 'range_too_long', path: ['to'] },
  );
export type AnalyticsRange = z.infer<typeof analyticsRange>;

/** Per day: new accounts, learners who played something new, episodes watched to 90%, certificates issued. */
export const analyticsDay = z.object({
  day,
  signUps: z.number().int(),
  activeLearners: z.number().int(),
  episodeCompletions: z.number().int(),
  certificates: z.number().int(),
});
/** Per ISO week (from its Monday): distinct active learners. */
export const analyticsWeek = z.object({ weekStart: day, activeLearners: z.number().int() });
/** Paid orders of a plan in the span: money in integer satang. */
export const revenueByPlan = z.object({
  planId: uuid,
  planName: z.string(),
  planNameEn: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  satang: z.number().int(),
});
export const analyticsOverview = z.object({
  from: day,
  to: day,
  days: z.array(analyticsDay),
  weeks: z.array(analyticsWeek),
  revenue: z.array(revenueByPlan),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;

/** A fall of the share still watching steeper than the episode's usual: from `from` to `to` seconds. */
export const retentionDrop = z.object({
  from: z.number().int(),
  to: z.number().int(),
  shareBefore: z.number(),
  shareAfter: z.number(),
});
/** For each second of the episode, how many of its viewers played it and their share (0 to 1). */
export const retentionCurve = z.object({
  episodeId: uuid,
  courseId: uuid,
  title: z.string(),
  durationSeconds: z.number().int(),
  viewers: z.number().int(),
  counts: z.array(z.number().int()),
  share: z.array(z.number()),
  drops: z.array(retentionDrop),
});
export type RetentionCurve = z.infer<typeof retentionCurve>;
export type RetentionDrop = z.infer<typeof retentionDrop>;

/** One step of a course's funnel: how many of the learners who started it in the span got this far. */
export const funnelStep = z.object({
  kind: z.enum(['started', 'episode', 'pre_test', 'episode_quiz', 'post_test', 'certificate']),
  id: uuid.nullable(),
  title: z.string(),
  learners: z.number().int(),
});
export const courseFunnel = z.object({
  courseId: uuid,
  title: z.string(),
  from: day,
  to: day,
  steps: z.array(funnelStep),
});
export type CourseFunnel = z.infer<typeof courseFunnel>;

/**
 * A learner whose progress saves the watch-time budget cut in a course (issue 30, decision 015): how many saves
 * and how many seconds were not credited, so an operator can see attempts to game completion.
 */
export const budgetCut = z.object({
  userId: uuid,
  name: z.string(),
  email: z.string(),
  savesCut: z.number().int(),
  secondsCut: z.number().int(),
  firstCutAt: z.string(),
  lastCutAt: z.string(),
});
/** The learners of a course whose saves were cut, the most seconds first (at most 200). */
export const courseBudgetCuts = z.object({
  courseId: uuid,
  title: z.string(),
  learners: z.array(budgetCut),
});
export type CourseBudgetCuts = z.infer<typeof courseBudgetCuts>;
export type FunnelStep = z.infer<typeof funnelStep>;

/** Courses and their episodes in order, to choose what to chart. */
export const analyticsCourses = z.array(
  z.object({
    id: uuid,
    title: z.string(),
    episodes: z.array(
      z.object({
        id: uuid,
        title: z.string(),
        sort: z.number().int(),
        durationSeconds: z.number().int(),
      }),
    ),
  }),
);
export type AnalyticsCourses = z.infer<typeof analyticsCourses>;
