import type { CourseRating } from '@rianroo/contract';
import type { Db } from '../../db/client.js';

/** A course's rating is shown from this many ratings on; below it, none (never a number made of two or three). */
export const RATINGS_SHOWN_FROM = 5;

/**
 * The one rule of a course's rating (PRODUCT.md section 7), as SQL beside a course row `c`: each learner's
 * evaluation of the course that answered at least one rating question is one rating, worth the mean of its
 * rating answers (1-5); the course's rating is the mean of those, to one decimal, and their number. Every learner
 * weighs the same, however many rating questions the form had when they answered it. A rating question made
 * inactive since keeps its answers (an answered question never changes kind: evaluations-admin.service.ts), so
 * retiring a question from the form does not take ratings away. Below RATINGS_SHOWN_FROM ratings both columns
 * are null: the catalogue's order and every answer read the same "not shown".
 *
 * A lateral join on the evaluations' course index: the catalogue joins it to its page's rows only (to all its
 * matches only when it is ordered by rating), never one query per course.
 */
export const RATING_JOIN = `left join lateral (
    select case when count(*) >= ${RATINGS_SHOWN_FROM} then round(avg(r.mean), 1) end as rating_average,
           case when count(*) >= ${RATINGS_SHOWN_FROM} then count(*)::int end as rating_count
    from (
      select avg((a.answer->>'rating')::numeric) as mean
      from course_evaluations ev
      cross join lateral jsonb_array_elements(ev.answers) a(answer)
      join evaluation_questions q on q.id::text = a.answer->>'questionId' and q.kind = 'rating'
      where ev.course_id = c.id and jsonb_typeof(a.answer->'rating') = 'number'
      group by ev.id) r
  ) rt on true`;

/** The columns RATING_JOIN adds to a course row. */
export const RATING_COLUMNS = 'rt.rating_average, rt.rating_count';

/** RATING_JOIN's columns as node-postgres reads them: `round(...)` a numeric (a string), the count an int. */
export type RatingColumns = { rating_average: string | null; rating_count: number | null };

export const toCourseRating = (r: RatingColumns): CourseRating | null =>
  r.rating_average === null || r.rating_count === null
    ? null
    : { average: Number(r.rating_average), count: r.rating_count };

/** One course's rating (its page). */
export async function courseRating(db: Db, courseId: string) {
  const { rows } = await db.$client.query<RatingColumns>(
    `select ${RATING_COLUMNS} from (select $1::uuid as id) c ${RATING_JOIN}`,
    [courseId],
  );
  return toCourseRating(rows[0]!);
}
