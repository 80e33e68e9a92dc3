import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../src/config.js';

/*
 * Hand-written mutants of the SQL rules that Stryker cannot reach (issue 31): who may watch a course
 * (course_access and the subscriptions it counts, entitled_subscriptions), what a progress save adds and
 * credits (watch_available: the learner's watch-time budget; progress_fresh: the seconds a save brings;
 * progress_merge: how many of them the budget's grant adds, with its cap, progress_cap, and the completion),
 * who completed a course (course_completion, with the tests learners see, assessment_live: the certificate
 * follows it), and the receipts' numbers (number_receipt, the trigger numbering every receipt, and
 * running_number). sql-rules.test.ts applies each one on its own to its test database (CREATE OR REPLACE the
 * mutated definition, run every rule, restore) when SQL_MUTANTS is set; `npm run mutation -- sql-rules`
 * (scripts/sql-mutation.mjs) runs them all and reports which survived.
 *
 * Left out because they cannot change an answer (equivalent):
 * - course_access's `r.expires_at desc nulls last`: each rank has at most one row (one free row per course; one
 *   subscription giving access per learner, the unique index subscriptions_one_current_idx; one organisation
 *   per learner and one grant per organisation and course, the primary key), so only the rank orders.
 * - progress_fresh's `p_new_last > coalesce(p_last, 0)` → `>=`: the stretch from a position to itself is an
 *   empty range, and int4multirange of an empty range is '{}', what the `else` gives. Its fast path for `wanted`
 *   (`f.fresh = int4multirange(range_merge(f.fresh))` → `false`): the sum of one range's length is its span.
 * - progress_merge's fast path (`upper(p_fresh) - lower(p_fresh) <= p_allow then p_fresh`, or `<` for `<=`, or
 *   the path removed): progress_cap keeps all of seconds that fit the allowance, so it gives the same set; the
 *   path only spares its query. Likewise `p_fresh is null or` and `isempty(p_fresh) or`: progress_cap of
 *   nothing is nothing. And its guard `or p_allow <= 0` (removed, or `< 0`): progress_cap of a grant of 0 or
 *   less keeps nothing, since every range's `before` is at least 0 so `p_allow - before > 0` holds for none,
 *   and range_agg of no rows is coalesced to '{}' (a guard of `<= 1` is a mutant: a grant of 1 s adds 1 s).
 * - progress_cap's `p_allow - before > 0` → `>= 0` (a range with nothing left becomes an empty range, which
 *   range_agg drops), and its `coalesce(…, '{}')`: progress_merge calls it only with a grant above 0 and fresh
 *   seconds spanning more than it, so the first range always passes and the aggregate is never null there.
 */

/** The SQL functions mutated, each defined (latest definition wins) in the migrations. */
export const SQL_FUNCTIONS = [
  'course_access',
  'entitled_subscriptions',
  'watch_available',
  'progress_fresh',
  'progress_merge',
  'progress_cap',
  'course_completion',
  'assessment_live',
  'number_receipt',
  'running_number',
] as const;
export type SqlFunction = (typeof SQL_FUNCTIONS)[number];

export interface SqlMutant {
  id: string;
  fn: SqlFunction;
  /** Text of the latest definition, found exactly once, and what replaces it. */
  from: string;
  to: string;
}

export const SQL_MUTANTS: SqlMutant[] = [
  // course_access: the free course.
  {
    id: 'free-any-course',
    fn: 'course_access',
    from: 'where c.id = p_course and c.free',
    to: 'where c.free',
  },
  { id: 'free-every-course', fn: 'course_access', from: 'c.id = p_course and c.free', to: 'c.id = p_course' },
  {
    id: 'free-and-to-or',
    fn: 'course_access',
    from: 'c.id = p_course and c.free',
    to: 'c.id = p_course or c.free',
  },
  // course_access: a subscription.
  { id: 'trial-flipped', fn: 'course_access', from: "p.interval = 'trial'", to: "p.interval <> 'trial'" },
  {
    id: 'subscription-no-end',
    fn: 'course_access',
    from: 'end, s.access_until, 1',
    to: 'end, null::timestamptz, 1',
  },
  // course_access: the organisation's grant.
  { id: 'grant-any-kind', fn: 'course_access', from: " and oc.kind = 'grant'", to: '' },
  { id: 'grant-any-course', fn: 'course_access', from: ' and oc.course_id = p_course', to: '' },
  {
    id: 'grant-any-organisation',
    fn: 'course_access',
    from: 'oc.organization_id = u.organization_id and ',
    to: '',
  },
  { id: 'grant-any-member', fn: 'course_access', from: 'where u.id = p_user', to: 'where true' },
  // course_access: which reason wins, and one answer.
  { id: 'free-ranked-with-subscription', fn: 'course_access', from: '0 as rank', to: '1 as rank' },
  {
    id: 'organisation-ranked-first',
    fn: 'course_access',
    from: "'organization', null, 2",
    to: "'organization', null, 0",
  },
  { id: 'none-before-organisation', fn: 'course_access', from: "'none', null, 4", to: "'none', null, 1" },
  // course_access: an organisation's seat.
  { id: 'seat-any-holder', fn: 'course_access', from: 'where os.user_id = p_user and ', to: 'where ' },
  { id: 'seat-never-ends', fn: 'course_access', from: ' and sp.ends_at > now()', to: '' },
  { id: 'seat-end-inclusive', fn: 'course_access', from: 'sp.ends_at > now()', to: 'sp.ends_at >= now()' },
  {
    id: 'seat-no-end-shown',
    fn: 'course_access',
    from: "'organization', sp.ends_at, 3",
    to: "'organization', null, 3",
  },
  { id: 'seat-before-grant', fn: 'course_access', from: 'sp.ends_at, 3', to: 'sp.ends_at, 2' },
  {
    id: 'seat-any-pool',
    fn: 'course_access',
    from: 'on sp.organization_id = os.organization_id',
    to: 'on true',
  },
  { id: 'rank-reversed', fn: 'course_access', from: 'order by r.rank,', to: 'order by r.rank desc,' },
  { id: 'two-answers', fn: 'course_access', from: 'limit 1', to: 'limit 2' },
  // entitled_subscriptions: whose, which statuses, until when.
  {
    id: 'period-end-inclusive',
    fn: 'entitled_subscriptions',
    from: 'access_until > now()',
    to: 'access_until >= now()',
  },
  { id: 'period-ignored', fn: 'entitled_subscriptions', from: ' and s.access_until > now()', to: '' },
  // The grace period of a failed renewal ignored: access ends with the period.
  {
    id: 'grace-ignored',
    fn: 'entitled_subscriptions',
    from: 's.access_until > now()',
    to: 's.current_period_end > now()',
  },
  {
    id: 'period-grace',
    fn: 'entitled_subscriptions',
    from: '> now()',
    to: "> now() - interval '1 second'",
  },
  {
    id: 'any-status',
    fn: 'entitled_subscriptions',
    from: " and s.status in ('trialing', 'active', 'canceled')",
    to: '',
  },
  {
    id: 'canceled-not-counted',
    fn: 'entitled_subscriptions',
    from: "('trialing', 'active', 'canceled')",
    to: "('trialing', 'active')",
  },
  {
    id: 'trialing-not-counted',
    fn: 'entitled_subscriptions',
    from: "('trialing', 'active', 'canceled')",
    to: "('active', 'canceled')",
  },
  { id: 'any-learner', fn: 'entitled_subscriptions', from: 's.user_id = p_user and ', to: '' },
  {
    id: 'learner-and-to-or',
    fn: 'entitled_subscriptions',
    from: 's.user_id = p_user and s.status',
    to: 's.user_id = p_user or s.status',
  },
  // watch_available: 2 s of video a second, up to 60 s; full without a budget; a time in the future adds nothing.
  { id: 'refill-1x', fn: 'watch_available', from: 'p_tokens + 2 *', to: 'p_tokens + 1 *' },
  { id: 'budget-cap-61', fn: 'watch_available', from: 'least(60::float8', to: 'least(61::float8' },
  { id: 'budget-cap-59', fn: 'watch_available', from: 'least(60::float8', to: 'least(59::float8' },
  { id: 'budget-greatest', fn: 'watch_available', from: 'least(60::float8', to: 'greatest(60::float8' },
  {
    id: 'clock-skew-drains',
    fn: 'watch_available',
    from: '2 * greatest(0, extract(epoch from now() - p_at))',
    to: '2 * (extract(epoch from now() - p_at))',
  },
  {
    id: 'refill-whole-seconds',
    fn: 'watch_available',
    from: 'extract(epoch from now() - p_at))::float8',
    to: 'extract(epoch from now() - p_at))::int',
  },
  { id: 'no-budget-empty', fn: 'watch_available', from: 'then 60::float8', to: 'then 0::float8' },
  {
    id: 'no-budget-holds-tokens',
    fn: 'watch_available',
    from: 'when p_at is null then',
    to: 'when false then',
  },
  // progress_fresh: the ranges, or without them the stretch moved forward.
  {
    id: 'stretch-over-ranges',
    fn: 'progress_fresh',
    from: '(coalesce(p_added,',
    to: '(coalesce(null::int4multirange,',
  },
  {
    id: 'empty-ranges-are-none',
    fn: 'progress_fresh',
    from: '(coalesce(p_added,',
    to: "(coalesce(nullif(p_added, '{}'::int4multirange),",
  },
  {
    id: 'stretch-from-0',
    fn: 'progress_fresh',
    from: 'int4range(coalesce(p_last, 0), p_new_last)',
    to: 'int4range(0, p_new_last)',
  },
  {
    id: 'no-row-no-stretch',
    fn: 'progress_fresh',
    from: 'when p_new_last > coalesce(p_last, 0)',
    to: 'when p_new_last > p_last',
  },
  {
    id: 'stretch-backwards-counted',
    fn: 'progress_fresh',
    from: 'when p_new_last > coalesce(p_last, 0)\n                       then int4multirange(int4range(coalesce(p_last, 0), p_new_last))',
    to: 'when p_new_last <> coalesce(p_last, 0)\n                       then int4multirange(int4range(least(coalesce(p_last, 0), p_new_last), greatest(coalesce(p_last, 0), p_new_last)))',
  },
  // progress_fresh: the episode's bounds, and less what the row has.
  {
    id: 'end-bound-plus-1',
    fn: 'progress_fresh',
    from: 'int4range(0, greatest(p_duration, 0))',
    to: 'int4range(0, greatest(p_duration, 0) + 1)',
  },
  {
    id: 'end-bound-minus-1',
    fn: 'progress_fresh',
    from: 'int4range(0, greatest(p_duration, 0))',
    to: 'int4range(0, greatest(p_duration - 1, 0))',
  },
  {
    id: 'start-bound-minus-1',
    fn: 'progress_fresh',
    from: 'int4range(0, greatest(',
    to: 'int4range(-1, greatest(',
  },
  {
    id: 'start-bound-plus-1',
    fn: 'progress_fresh',
    from: 'int4range(0, greatest(',
    to: 'int4range(1, greatest(',
  },
  {
    id: 'negative-duration',
    fn: 'progress_fresh',
    from: 'int4range(0, greatest(p_duration, 0))',
    to: 'int4range(0, p_duration)',
  },
  {
    id: 'played-counted-fresh',
    fn: 'progress_fresh',
    from: "- coalesce(p_played, '{}'::int4multirange) as fresh",
    to: 'as fresh',
  },
  // progress_fresh: how many seconds that is.
  {
    id: 'nothing-wanted-one',
    fn: 'progress_fresh',
    from: 'isempty(f.fresh) then 0',
    to: 'isempty(f.fresh) then 1',
  },
  {
    id: 'wanted-is-span',
    fn: 'progress_fresh',
    from: 'when f.fresh = int4multirange(range_merge(f.fresh))',
    to: 'when true',
  },
  {
    id: 'wanted-is-upper',
    fn: 'progress_fresh',
    from: 'then upper(f.fresh) - lower(f.fresh)',
    to: 'then upper(f.fresh)',
  },
  {
    id: 'wanted-one-more',
    fn: 'progress_fresh',
    from: 'then upper(f.fresh) - lower(f.fresh)',
    to: 'then upper(f.fresh) - lower(f.fresh) + 1',
  },
  {
    id: 'wanted-sum-one-more',
    fn: 'progress_fresh',
    from: 'from unnest(f.fresh) r)::int end',
    to: 'from unnest(f.fresh) r)::int + 1 end',
  },
  // progress_merge: the union, as many fresh seconds as granted.
  {
    id: 'union-forgets-played',
    fn: 'progress_merge',
    from: "coalesce(p_played, '{}'::int4multirange)\n                 + case",
    to: 'case',
  },
  {
    id: 'no-row-no-union',
    fn: 'progress_merge',
    from: "coalesce(p_played, '{}'::int4multirange)",
    to: 'p_played',
  },
  {
    id: 'budget-grant-ignored',
    fn: 'progress_merge',
    from: 'else progress_cap(p_fresh, p_allow) end',
    to: 'else p_fresh end',
  },
  {
    id: 'budget-grant-comparison-flipped',
    fn: 'progress_merge',
    from: '<= p_allow then p_fresh',
    to: '>= p_allow then p_fresh',
  },
  {
    id: 'budget-grant-of-1-is-none',
    fn: 'progress_merge',
    from: 'p_allow <= 0 then',
    to: 'p_allow <= 1 then',
  },
  // progress_merge: the completion.
  {
    id: 'zero-duration-keeps-percent',
    fn: 'progress_merge',
    from: 'when p_duration <= 0 then 0',
    to: 'when p_duration <= 0 then coalesce(p_percent, 0)',
  },
  { id: 'zero-duration-divides', fn: 'progress_merge', from: 'p_duration <= 0', to: 'p_duration < 0' },
  { id: 'negative-duration-divides', fn: 'progress_merge', from: 'p_duration <= 0', to: 'p_duration = 0' },
  {
    id: 'sent-percent-default-0',
    fn: 'progress_merge',
    from: 'least(coalesce(p_percent, 100)',
    to: 'least(coalesce(p_percent, 0)',
  },
  {
    id: 'percent-greatest',
    fn: 'progress_merge',
    from: 'least(coalesce(p_percent, 100)',
    to: 'greatest(coalesce(p_percent, 100)',
  },
  {
    id: 'percent-rounded',
    fn: 'progress_merge',
    from: '::bigint / p_duration)::int',
    to: '::numeric / p_duration)::int',
  },
  {
    id: 'nothing-played-counts-one',
    fn: 'progress_merge',
    from: 'isempty(u.played) then 0',
    to: 'isempty(u.played) then 1',
  },
  {
    id: 'length-is-upper',
    fn: 'progress_merge',
    from: 'then upper(u.played) - lower(u.played)',
    to: 'then upper(u.played)',
  },
  {
    id: 'length-is-span',
    fn: 'progress_merge',
    from: 'when u.played = int4multirange(range_merge(u.played))',
    to: 'when true',
  },
  // progress_cap: the earliest seconds first, up to the allowance.
  {
    id: 'cap-latest-first',
    fn: 'progress_cap',
    from: 'over (order by lower(r))',
    to: 'over (order by lower(r) desc)',
  },
  {
    id: 'cap-counts-itself',
    fn: 'progress_cap',
    from: '::int - (upper(r) - lower(r)) as before',
    to: '::int as before',
  },
  { id: 'cap-greatest', fn: 'progress_cap', from: 'lower(r) + least(', to: 'lower(r) + greatest(' },
  {
    id: 'cap-last-second-dropped',
    fn: 'progress_cap',
    from: 'where p_allow - before > 0',
    to: 'where p_allow - before > 1',
  },
  // course_completion: which episodes count, whose progress, the last one watched.
  {
    id: 'total-counts-played-only',
    fn: 'course_completion',
    from: 'count(*)::int as total',
    to: 'count(p.user_id)::int as total',
  },
  {
    id: 'watched-counts-rows',
    fn: 'course_completion',
    from: 'count(p.watched_at)::int',
    to: 'count(p.episode_id)::int',
  },
  { id: 'last-is-first', fn: 'course_completion', from: 'max(p.watched_at)', to: 'min(p.watched_at)' },
  { id: 'others-progress', fn: 'course_completion', from: ' and p.user_id = p_user', to: '' },
  {
    id: 'hidden-required',
    fn: 'course_completion',
    from: ' and e.published and not e.is_teaser',
    to: ' and not e.is_teaser',
  },
  { id: 'teaser-required', fn: 'course_completion', from: ' and not e.is_teaser)', to: ')' },
  // course_completion: the post-test and the first pass.
  {
    id: 'first-pass-latest',
    fn: 'course_completion',
    from: 'min(t.submitted_at)',
    to: 'max(t.submitted_at)',
  },
  {
    id: 'others-pass',
    fn: 'course_completion',
    from: ' and t.user_id = p_user and t.passed',
    to: ' and t.passed',
  },
  {
    id: 'failed-attempt-passes',
    fn: 'course_completion',
    from: 'and t.user_id = p_user and t.passed)',
    to: 'and t.user_id = p_user)',
  },
  {
    id: 'pre-test-counts',
    fn: 'course_completion',
    from: "a.kind = 'post_test'",
    to: "a.kind in ('pre_test', 'post_test')",
  },
  {
    id: 'other-course-test',
    fn: 'course_completion',
    from: 'where a.course_id = p_course and a.kind',
    to: 'where a.kind',
  },
  {
    id: 'empty-test-blocks',
    fn: 'course_completion',
    from: ' and assessment_live(a.id))',
    to: ' and a.published)',
  },
  // course_completion: done, completed, and when.
  {
    id: 'empty-course-done',
    fn: 'course_completion',
    from: 'eps.total > 0 and eps.watched = eps.total,\n',
    to: 'eps.watched = eps.total,\n',
  },
  {
    id: 'completed-ignores-test',
    fn: 'course_completion',
    from: 'eps.total and (post.id is null or post.passed_at is not null),\n',
    to: 'eps.total,\n',
  },
  {
    id: 'completed-ignores-episodes',
    fn: 'course_completion',
    from: 'eps.total,\n         eps.total > 0 and eps.watched = eps.total and (post.id',
    to: 'eps.total,\n         (post.id',
  },
  {
    id: 'test-or-to-and',
    fn: 'course_completion',
    from: '(post.id is null or post.passed_at is not null),',
    to: '(post.id is null and post.passed_at is not null),',
  },
  {
    id: 'completed-at-earlier',
    fn: 'course_completion',
    from: 'greatest(eps.last_at, post.passed_at)',
    to: 'least(eps.last_at, post.passed_at)',
  },
  {
    id: 'completed-at-always',
    fn: 'course_completion',
    from: 'case when eps.total > 0 and eps.watched = eps.total and (post.id is null or post.passed_at is not null)\n',
    to: 'case when true\n',
  },
  // assessment_live: published, of a published episode when a quiz, with a live question.
  {
    id: 'live-unpublished',
    fn: 'assessment_live',
    from: 'where a.id = p_assessment and a.published and',
    to: 'where a.id = p_assessment and',
  },
  {
    id: 'live-hidden-episode',
    fn: 'assessment_live',
    from: ' and (a.episode_id is null or e.published)',
    to: '',
  },
  {
    id: 'live-test-needs-episode',
    fn: 'assessment_live',
    from: '(a.episode_id is null or e.published)',
    to: '(a.episode_id is not null or e.published)',
  },
  {
    id: 'live-no-question-needed',
    fn: 'assessment_live',
    from: 'and exists (select 1 from assessment_questions q where q.assessment_id = a.id and q.retired_at is null)',
    to: 'and true',
  },
  { id: 'live-retired-counts', fn: 'assessment_live', from: ' and q.retired_at is null', to: '' },
  {
    id: 'live-any-assessment-questions',
    fn: 'assessment_live',
    from: 'where q.assessment_id = a.id and',
    to: 'where',
  },
  { id: 'live-negated', fn: 'assessment_live', from: 'select exists (', to: 'select not exists (' },
  // running_number: six digits at least, more when the number needs them.
  { id: 'six-digits-only', fn: 'running_number', from: 'greatest(6, length(n::text))', to: '6' },
  { id: 'five-digits', fn: 'running_number', from: 'greatest(6,', to: 'greatest(5,' },
  { id: 'digits-least', fn: 'running_number', from: 'greatest(6,', to: 'least(6,' },
  { id: 'padded-with-spaces', fn: 'running_number', from: ", '0')", to: ", ' ')" },
  // number_receipt: the Bangkok year, one counter a year, never a skipped number, one receipt an order.
  {
    id: 'utc-year',
    fn: 'number_receipt',
    from: "now() at time zone 'Asia/Bangkok'",
    to: "now() at time zone 'UTC'",
  },
  { id: 'year-starts-at-0', fn: 'number_receipt', from: 'VALUES (y, 1)', to: 'VALUES (y, 0)' },
  {
    id: 'counter-steps-2',
    fn: 'number_receipt',
    from: 'receipt_counters.last + 1',
    to: 'receipt_counters.last + 2',
  },
  { id: 'second-receipt-made', fn: 'number_receipt', from: 'RETURN NULL;', to: 'RETURN NEW;' },
  {
    id: 'any-receipt-blocks',
    fn: 'number_receipt',
    from: 'FROM receipts WHERE order_id = NEW.order_id',
    to: 'FROM receipts WHERE true',
  },
  {
    id: 'number-taken-before-the-check',
    fn: 'number_receipt',
    from: `  IF EXISTS (SELECT 1 FROM receipts WHERE order_id = NEW.order_id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO receipt_counters (year, last) VALUES (y, 1)
    ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1
    RETURNING last INTO n;
`,
    to: `  INSERT INTO receipt_counters (year, last) VALUES (y, 1)
    ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1
    RETURNING last INTO n;
  IF EXISTS (SELECT 1 FROM receipts WHERE order_id = NEW.order_id) THEN
    RETURN NULL;
  END IF;
`,
  },
  { id: 'number-unpadded', fn: 'number_receipt', from: '|| running_number(n)', to: '|| n' },
];

const migrations = () => path.join(apiRoot(), 'src', 'db', 'migrations');

/** The latest `CREATE [OR REPLACE] FUNCTION fn(` … `$$` in the migrations, as `CREATE OR REPLACE FUNCTION …`. */
const definitions = new Map<SqlFunction, { file: string; sql: string }>();
export function latestDefinition(fn: SqlFunction): { file: string; sql: string } {
  const known = definitions.get(fn);
  if (known) return known;
  let found: { file: string; sql: string } | undefined;
  const start = new RegExp(`CREATE (OR REPLACE )?FUNCTION ${fn}\\(`, 'g');
  for (const file of readdirSync(migrations())
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(path.join(migrations(), file), 'utf8');
    for (const m of text.matchAll(start)) {
      const open = text.indexOf('$$', m.index);
      const close = text.indexOf('$$', open + 2);
      if (open < 0 || close < 0) throw new Error(`${file}: ${fn} has no $$ body`);
      const sql = text
        .slice(m.index, close + 2)
        .replace(/^CREATE (OR REPLACE )?FUNCTION/, 'CREATE OR REPLACE FUNCTION');
      found = { file, sql };
    }
  }
  if (!found) throw new Error(`no migration defines ${fn}`);
  definitions.set(fn, found);
  return found;
}

/** The mutant's definition; throws unless its text is in the latest definition exactly once. */
export function mutatedDefinition(m: SqlMutant): string {
  const { file, sql } = latestDefinition(m.fn);
  const at = sql.indexOf(m.from);
  if (at < 0 || sql.indexOf(m.from, at + 1) >= 0)
    throw new Error(`mutant ${m.id}: "${m.from}" is not exactly once in ${m.fn} (${file})`);
  return sql.slice(0, at) + m.to + sql.slice(at + m.from.length);
}
