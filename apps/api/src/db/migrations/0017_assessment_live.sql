-- Whether learners see an assessment (PRODUCT.md section 6), in one place: published, of a published episode
-- when it is a quiz, and with at least one live (not retired) question. One without a live question is absent for
-- learners: not listed, not startable, not a test to pass, and not in the way of a certificate. Used by every
-- learner-facing read of assessments (the assessments repository, course_completion, the library's course list,
-- the course funnel).
CREATE FUNCTION assessment_live(p_assessment uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  select exists (
    select 1 from assessments a left join episodes e on e.id = a.episode_id
    where a.id = p_assessment and a.published and (a.episode_id is null or e.published)
      and exists (select 1 from assessment_questions q where q.assessment_id = a.id and q.retired_at is null))
$$;--> statement-breakpoint
-- The completion rule of 0006, its post-test now the live one (an empty post-test blocks nobody).
CREATE OR REPLACE FUNCTION course_completion(p_user uuid, p_course uuid)
RETURNS TABLE (episodes_total int, episodes_watched int, last_watched_at timestamptz, post_test_id uuid,
               post_test_passed_at timestamptz, episodes_done boolean, completed boolean, completed_at timestamptz)
LANGUAGE sql STABLE AS $$
  with eps as (
    select count(*)::int as total,
           count(p.watched_at)::int as watched,
           max(p.watched_at) as last_at
    from episodes e
    left join episode_progress p on p.episode_id = e.id and p.user_id = p_user
    where e.course_id = p_course and e.published and not e.is_teaser),
  post as (
    select a.id,
           (select min(t.submitted_at) from assessment_attempts t
            where t.assessment_id = a.id and t.user_id = p_user and t.passed) as passed_at
    from assessments a where a.course_id = p_course and a.kind = 'post_test' and assessment_live(a.id))
  select eps.total, eps.watched, eps.last_at, post.id, post.passed_at,
         eps.total > 0 and eps.watched = eps.total,
         eps.total > 0 and eps.watched = eps.total and (post.id is null or post.passed_at is not null),
         case when eps.total > 0 and eps.watched = eps.total and (post.id is null or post.passed_at is not null)
              then greatest(eps.last_at, post.passed_at) end
  from eps left join post on true
$$;
