import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import {
  latestDefinition,
  mutatedDefinition,
  SQL_FUNCTIONS,
  SQL_MUTANTS,
  type SqlFunction,
} from './sql-mutants.js';
import { createTestDatabase } from './test-database.js';

/*
 * The SQL rules, each way in and out, on a migrated database without the app (the file runs in seconds):
 * course_access (may this learner watch this course, why, until when; with entitled_subscriptions), a
 * progress save's three (watch_available: what a learner's watch-time budget holds now; progress_fresh: the
 * seconds a save brings that the row does not have; progress_merge: how many of them the budget's grant adds to
 * the played seconds, with progress_cap, and the completion credited), course_completion (every episode that
 * counts watched and the live post-test passed, and when), assessment_live (which tests learners see) and the
 * receipts' numbers (number_receipt, running_number). The clock is the database's: a case runs in one
 * transaction, so now() is one instant, and the times are given relative to it (a subscription ending 1 µs
 * after now, a budget last filled 2.3 s before).
 *
 * SQL_MUTANTS=all (or a list of ids from sql-mutants.ts) runs the rules once against the definitions as the
 * migrations leave them and once per mutant, the mutant applied by CREATE OR REPLACE and the original restored
 * after: `npm run mutation -- sql-rules`.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

/**
 * Runs `fn` in a transaction that is rolled back: the case's rows are its own, and now() is one instant. In UTC,
 * so that "30 days" after now is 30 x 24 hours whatever the server's zone and the date of the run (no DST).
 */
async function inTransaction<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    await c.query(`set local timezone to 'UTC'`);
    return await fn(c);
  } finally {
    await c.query('rollback');
    c.release();
  }
}

// ---------------------------------------------------------------------------------------------------------
// course_access
// ---------------------------------------------------------------------------------------------------------

type Status = 'trialing' | 'active' | 'canceled' | 'expired';
type Interval = 'month' | 'year' | 'trial';
interface World {
  /** The course asked about (default: paid and published). */
  course?: { free?: boolean; status?: 'published' | 'draft' | 'archived' };
  /**
   * The learner's subscription: its period ends `ends` after now() (a PostgreSQL interval: '-1 microsecond'); after a
   * failed automatic renewal, its grace period ends `grace` after now().
   */
  subscription?: { status: Status; plan: Interval; ends: string; grace?: string };
  /** The learner's organisation and what it offers of the course asked about. */
  organisation?: { offers: ('grant' | 'recommend')[] | 'another course'; member: 'yes' | 'removed' };
  /**
   * The learner's organisation (the one above, if any) has a pool of seats ending `ends` after now(); `full`: its
   * one seat went to a member who joined first; `left`: the learner left the organisation after taking a seat.
   */
  seats?: { ends: string; full?: boolean; left?: boolean };
}

/**
 * Asks course_access about a learner in `world`. Beside them, always: another learner of an organisation
 * granting the course, another learner with an active subscription, and another free course, so that a rule
 * which forgets whose row it reads finds one.
 */
function access(world: World) {
  return inTransaction(async (c) => {
    const course = async (free: boolean, status: string) => {
      const id = uuidv7();
      await c.query(
        `insert into courses (id, slug, title, status, free, published_at) values ($1, $2, 'คอร์สทดสอบ', $3, $4, now())`,
        [id, `c-${id}`, status, free],
      );
      return id;
    };
    const person = async (organisation: string | null = null) => {
      const id = uuidv7();
      await c.query(
        `insert into users (id, email, first_name, organization_id) values ($1, $2, 'ทดสอบ', $3)`,
        [id, `u-${id}@example.com`, organisation],
      );
      return id;
    };
    const organisation = async (offers: [string, string][]) => {
      const id = uuidv7();
      await c.query(`insert into organizations (id, name) values ($1, 'องค์กรทดสอบ')`, [id]);
      for (const [courseId, kind] of offers)
        await c.query(
          `insert into organization_courses (organization_id, course_id, kind) values ($1, $2, $3)`,
          [id, courseId, kind],
        );
      return id;
    };
    const subscribe = async (userId: string, s: NonNullable<World['subscription']>) => {
      const plan = uuidv7();
      await c.query(
        `insert into plans (id, code, name, interval, length_days, price_satang) values ($1, $2, 'แผน', $3, 30, 29900)`,
        [plan, `p-${plan}`, s.plan],
      );
      await c.query(
        `insert into subscriptions (id, user_id, plan_id, status, trial, current_period_start, current_period_end,
           grace_until)
         values ($1, $2, $3, $4, $5, now() - interval '30 days', now() + $6::interval, now() + $7::interval)`,
        [uuidv7(), userId, plan, s.status, s.plan === 'trial', s.ends, s.grace ?? null],
      );
    };

    const pool = async (orgId: string, seats: number, ends: string) => {
      const plan = uuidv7();
      await c.query(
        `insert into plans (id, code, name, interval, length_days, price_satang) values ($1, $2, 'แผน', 'year', 365, 0)`,
        [plan, `p-${plan}`],
      );
      await c.query(
        `insert into organization_seat_pools (organization_id, plan_id, seats, ends_at)
         values ($1, $2, $3, now() + $4::interval)`,
        [orgId, plan, seats, ends],
      );
    };

    const asked = await course(world.course?.free ?? false, world.course?.status ?? 'published');
    const other = await course(false, 'published');
    await course(true, 'published');
    await person(await organisation([[asked, 'grant']]));
    await subscribe(await person(), { status: 'active', plan: 'month', ends: '30 days' });
    const besidePool = await organisation([]);
    await pool(besidePool, 5, '30 days');
    await person(besidePool);

    const o = world.organisation;
    const orgId = o
      ? await organisation(
          o.offers === 'another course' ? [[other, 'grant']] : o.offers.map((k) => [asked, k]),
        )
      : world.seats
        ? await organisation([])
        : null;
    if (world.seats && orgId) {
      await pool(orgId, 1, world.seats.ends);
      if (world.seats.full) await person(orgId);
    }
    const learner = await person(o?.member === 'yes' || world.seats ? orgId : null);
    if (world.seats?.left) await c.query(`update users set organization_id = null where id = $1`, [learner]);
    if (o?.member === 'removed')
      await c.query(`insert into organization_removals (organization_id, user_id) values ($1, $2)`, [
        orgId,
        learner,
      ]);
    if (world.subscription) await subscribe(learner, world.subscription);

    const { rows } = await c.query<{ reason: string; ends: string | null }>(
      `select reason, (expires_at - now())::text as ends from course_access($1, $2)`,
      [learner, asked],
    );
    return rows;
  });
}

const sub = (status: Status, ends: string, plan: Interval = status === 'trialing' ? 'trial' : 'month') => ({
  status,
  plan,
  ends,
});
const NONE = { reason: 'none', ends: null };
const FREE = { reason: 'free', ends: null };
const ORG = { reason: 'organization', ends: null };
const PERIOD = '30 days';

const accessCases: [string, World, { reason: string; ends: string | null }][] = [
  ['nothing: a paid course is closed', {}, NONE],
  ['a free course is open to every learner', { course: { free: true } }, FREE],
  [
    'a free course in draft is still free: publication is the routes’ rule, asked before access',
    { course: { free: true, status: 'draft' } },
    FREE,
  ],
  [
    'an active subscription opens every course, until its period ends',
    { subscription: sub('active', PERIOD) },
    { reason: 'subscription', ends: '30 days' },
  ],
  [
    'an annual plan',
    { subscription: sub('active', PERIOD, 'year') },
    { reason: 'subscription', ends: '30 days' },
  ],
  [
    'a trial (a trial plan) says trial',
    { subscription: sub('trialing', '5 days') },
    { reason: 'trial', ends: '5 days' },
  ],
  [
    'the plan names a trial, not the status: an active subscription of a trial plan',
    { subscription: sub('active', '5 days', 'trial') },
    { reason: 'trial', ends: '5 days' },
  ],
  [
    'canceled (renewal off) still opens until its period ends',
    { subscription: sub('canceled', PERIOD, 'year') },
    { reason: 'subscription', ends: '30 days' },
  ],
  [
    'expired closes even before its period end (the expiry job ran early)',
    { subscription: sub('expired', PERIOD) },
    NONE,
  ],
  // The boundary: a period gives access while it has not ended, up to the last microsecond before its end.
  [
    'active, 1 µs before the period ends: open',
    { subscription: sub('active', '1 microsecond') },
    { reason: 'subscription', ends: '00:00:00.000001' },
  ],
  ['active, at the instant the period ends: closed', { subscription: sub('active', '0') }, NONE],
  [
    'active, 1 µs after the period ended (the expiry job not run yet): closed',
    { subscription: sub('active', '-1 microsecond') },
    NONE,
  ],
  [
    'trialing, 1 µs before the end: open',
    { subscription: sub('trialing', '1 microsecond') },
    { reason: 'trial', ends: '00:00:00.000001' },
  ],
  ['trialing, at the end: closed', { subscription: sub('trialing', '0') }, NONE],
  [
    'canceled, 1 µs before the end: open',
    { subscription: sub('canceled', '1 microsecond') },
    { reason: 'subscription', ends: '00:00:00.000001' },
  ],
  ['canceled, at the end: closed', { subscription: sub('canceled', '0') }, NONE],
  // A failed automatic renewal: access runs on until the grace period's end (access_until), then closes.
  [
    'the period ended, the grace period of a failed renewal runs: open until the grace ends',
    { subscription: { ...sub('active', '-1 day'), grace: '6 days' } },
    { reason: 'subscription', ends: '6 days' },
  ],
  [
    'the grace period, 1 µs before its end: open',
    { subscription: { ...sub('active', '-7 days'), grace: '1 microsecond' } },
    { reason: 'subscription', ends: '00:00:00.000001' },
  ],
  [
    'the grace period at its end: closed',
    { subscription: { ...sub('active', '-7 days'), grace: '0' } },
    NONE,
  ],
  [
    'a grace period ending before the period does not shorten it',
    { subscription: { ...sub('active', PERIOD), grace: '7 days' } },
    { reason: 'subscription', ends: '30 days' },
  ],
  [
    'expired during its grace period (ended by an administrator or a refund): closed',
    { subscription: { ...sub('expired', '-1 day'), grace: '6 days' } },
    NONE,
  ],
  ['canceled, 1 µs after the end: closed', { subscription: sub('canceled', '-1 microsecond') }, NONE],
  [
    'a member of an organisation granting the course',
    { organisation: { offers: ['grant'], member: 'yes' } },
    ORG,
  ],
  [
    'an organisation that only recommends the course',
    { organisation: { offers: ['recommend'], member: 'yes' } },
    NONE,
  ],
  [
    'an organisation granting another course',
    { organisation: { offers: 'another course', member: 'yes' } },
    NONE,
  ],
  [
    'a member removed from the organisation (organization_id cleared, the removal kept)',
    { organisation: { offers: ['grant', 'recommend'], member: 'removed' } },
    NONE,
  ],
  // Which reason is given when several hold: free, then a subscription (it has an end), then the organisation.
  ['free and subscribed: free', { course: { free: true }, subscription: sub('active', PERIOD) }, FREE],
  [
    'free and granted: free',
    { course: { free: true }, organisation: { offers: ['grant'], member: 'yes' } },
    FREE,
  ],
  [
    'subscribed and granted: the subscription, with its end',
    { subscription: sub('active', PERIOD), organisation: { offers: ['grant'], member: 'yes' } },
    { reason: 'subscription', ends: '30 days' },
  ],
  [
    'granted, the subscription over: the organisation',
    { subscription: sub('active', '0'), organisation: { offers: ['grant'], member: 'yes' } },
    ORG,
  ],
  // Seats: a member holding one of the organisation's seats may watch every course until the pool ends.
  [
    'a seat opens every course until the pool ends',
    { seats: { ends: PERIOD } },
    { reason: 'organization', ends: '30 days' },
  ],
  [
    'a seat, 1 µs before the pool ends: open',
    { seats: { ends: '1 microsecond' } },
    { reason: 'organization', ends: '00:00:00.000001' },
  ],
  ['a seat at the instant the pool ends: closed', { seats: { ends: '0' } }, NONE],
  ['every seat taken by members who joined first: closed', { seats: { ends: PERIOD, full: true } }, NONE],
  ['a member who left gives the seat back: closed', { seats: { ends: PERIOD, left: true } }, NONE],
  [
    'a seat and a grant of the course: the grant, which has no end',
    { seats: { ends: PERIOD }, organisation: { offers: ['grant'], member: 'yes' } },
    ORG,
  ],
  [
    'a seat and a subscription: the subscription',
    { seats: { ends: PERIOD }, subscription: sub('active', '10 days') },
    { reason: 'subscription', ends: '10 days' },
  ],
];

// ---------------------------------------------------------------------------------------------------------
// watch_available, progress_fresh and progress_merge (a progress save; with progress_cap)
// ---------------------------------------------------------------------------------------------------------

interface Budget {
  /** What the learner's budget held, in seconds of video (null: no budget, as the save asks for a first one). */
  tokens: number | null;
  /** Seconds since it held that (null: no budget yet); negative when that instant is "in the future". */
  ago: number | null;
}
const available = (b: Budget) =>
  inTransaction(async (c) => {
    const { rows } = await c.query<{ available: number }>(
      `select watch_available($1::float8,
         case when $2::float8 is null then null else now() - make_interval(secs => $2::float8) end) as available`,
      [b.tokens, b.ago],
    );
    return rows.map((r) => r.available);
  });

const availableCases: [string, Budget, number][] = [
  ['no budget yet, as the save asks (no tokens, no time): a full one, 60 s', { tokens: null, ago: null }, 60],
  ['no time of a budget: full, whatever tokens are given', { tokens: 5, ago: null }, 60],
  ['at the same instant: what it held', { tokens: 7, ago: 0 }, 7],
  ['it refills 2 s of video a second: 10 s held 5 s ago is 20 s', { tokens: 10, ago: 5 }, 20],
  ['never above 60 s: 50 s held 30 s ago is 60 s', { tokens: 50, ago: 30 }, 60],
  ['a full budget stays full', { tokens: 60, ago: 10 }, 60],
  [
    'a refill time in the future (clocks): adds nothing and takes nothing, 10 s held 5 s "from now" is 10 s',
    { tokens: 10, ago: -5 },
    10,
  ],
  ['fractions of a second count: an empty budget 2.3 s ago holds 4.6 s', { tokens: 0, ago: 2.3 }, 4.6],
];

interface Brought {
  /** The row's played seconds (null: no row yet, or one from before ranges). */
  played: string | null;
  /** The row's position (null: no row yet). */
  last: number | null;
  /** The ranges the save sends (null: an older client that sends none). */
  added: string | null;
  /** The position the save sends. */
  newLast: number | null;
  duration: number;
}
const fresh = (b: Brought) =>
  inTransaction(async (c) => {
    const { rows } = await c.query<{ fresh: string; wanted: number }>(
      `select fresh::text, wanted from progress_fresh($1::int4multirange, $2::int, $3::int4multirange, $4::int, $5::int)`,
      [b.played, b.last, b.added, b.newLast, b.duration],
    );
    return rows;
  });
/** A save with ranges; its position moved from 10 s to 40 s, which the ranges overrule. */
const sent = (played: string | null, added: string, duration = 50): Brought => ({
  played,
  last: 10,
  added,
  newLast: 40,
  duration,
});
/** A save without ranges (an older client): the position moved from `last` to `newLast`. */
const moved = (
  played: string | null,
  last: number | null,
  newLast: number | null,
  duration = 50,
): Brought => ({ played, last, added: null, newLast, duration });

const freshCases: [string, Brought, { fresh: string; wanted: number }][] = [
  // The ranges sent, less the seconds the row has (50 s episodes).
  ['a first save: its ranges, 5 s', sent(null, '{[0,5)}'), { fresh: '{[0,5)}', wanted: 5 }],
  [
    'the ranges count, not the stretch the position moved',
    sent('{}', '{[30,35)}'),
    { fresh: '{[30,35)}', wanted: 5 },
  ],
  ['the seconds the row has are not fresh', sent('{[0,10)}', '{[5,15)}'), { fresh: '{[10,15)}', wanted: 5 }],
  ['seconds all played before: nothing', sent('{[0,20)}', '{[5,15)}'), { fresh: '{}', wanted: 0 }],
  [
    'several ranges: the sum of their lengths, not their span',
    sent(null, '{[0,5),[20,30)}'),
    { fresh: '{[0,5),[20,30)}', wanted: 15 },
  ],
  [
    'one range not from the start: its length, not its end',
    sent(null, '{[12,18)}'),
    { fresh: '{[12,18)}', wanted: 6 },
  ],
  [
    'ranges overlapping the played seconds on both sides, and another beside',
    sent('{[10,20)}', '{[5,25),[30,35)}'),
    { fresh: '{[5,10),[20,25),[30,35)}', wanted: 15 },
  ],
  [
    'an empty set of ranges (the web player: "nothing played"): nothing, even though the position moved',
    sent(null, '{}'),
    { fresh: '{}', wanted: 0 },
  ],
  // The episode's bounds.
  ['seconds past the end are cut at the end', sent(null, '{[45,60)}'), { fresh: '{[45,50)}', wanted: 5 }],
  ['seconds before the start are cut at 0', sent(null, '{[-5,5)}'), { fresh: '{[0,5)}', wanted: 5 }],
  ['only seconds past the end: nothing', sent(null, '{[60,70)}'), { fresh: '{}', wanted: 0 }],
  ['an episode without a duration yet (0 s): nothing', sent(null, '{[0,5)}', 0), { fresh: '{}', wanted: 0 }],
  [
    'a negative duration (never stored) counts as none',
    sent(null, '{[0,5)}', -1),
    { fresh: '{}', wanted: 0 },
  ],
  // Without ranges (an older client): the stretch the position moved forward.
  [
    'no ranges: the stretch from the row’s position to the new one',
    moved(null, 10, 20),
    { fresh: '{[10,20)}', wanted: 10 },
  ],
  ['no ranges and no row yet: the stretch from 0', moved(null, null, 15), { fresh: '{[0,15)}', wanted: 15 }],
  [
    'no ranges: the stretch less the seconds the row has',
    moved('{[0,15)}', 10, 20),
    { fresh: '{[15,20)}', wanted: 5 },
  ],
  ['no ranges: the stretch cut at the end', moved(null, 40, 80), { fresh: '{[40,50)}', wanted: 10 }],
  ['no ranges, the position back: nothing', moved(null, 30, 10), { fresh: '{}', wanted: 0 }],
  ['no ranges, the position unmoved: nothing', moved(null, 20, 20), { fresh: '{}', wanted: 0 }],
  ['no ranges, no position either: nothing', moved(null, 10, null), { fresh: '{}', wanted: 0 }],
];

interface Credit {
  /** The row's played seconds (null: no row yet, or one from before ranges). */
  played: string | null;
  /** The save's fresh seconds (progress_fresh's; null: none). */
  fresh: string | null;
  /** How many of them the learner's budget grants. */
  allow: number;
  percent: number | null;
  duration: number;
}
const merge = (m: Credit) =>
  inTransaction(async (c) => {
    const { rows } = await c.query<{ played: string; percent: number }>(
      `select played::text, percent from progress_merge($1::int4multirange, $2::int4multirange, $3::int, $4::int, $5::int)`,
      [m.played, m.fresh, m.allow, m.percent, m.duration],
    );
    return rows;
  });
/** Fresh seconds the budget grants all of (60 s: a full budget). */
const granted = (
  played: string | null,
  fresh: string | null,
  percent: number | null = null,
  duration = 50,
): Credit => ({ played, fresh, allow: 60, percent, duration });
/** Fresh seconds of which the budget grants `allow` (100 s episodes). */
const grant = (allow: number, played: string | null, fresh: string): Credit => ({
  played,
  fresh,
  allow,
  percent: null,
  duration: 100,
});

const mergeCases: [string, Credit, { played: string; percent: number }][] = [
  // The union of played seconds; the completion is the share of the episode they cover (50 s episodes).
  [
    'a first save: its seconds, 5 of 50 s is 10%',
    granted(null, '{[0,5)}'),
    { played: '{[0,5)}', percent: 10 },
  ],
  ['overlapping seconds count once', granted('{[0,10)}', '{[5,15)}'), { played: '{[0,15)}', percent: 30 }],
  ['adjacent ranges join', granted('{[0,10)}', '{[10,20)}'), { played: '{[0,20)}', percent: 40 }],
  [
    'separate ranges: their lengths add, not their span',
    granted('{[0,10)}', '{[20,30)}'),
    { played: '{[0,10),[20,30)}', percent: 40 },
  ],
  [
    'ranges out of order and overlapping each other',
    granted('{[40,45)}', '{[30,35),[0,5),[3,8)}'),
    { played: '{[0,8),[30,35),[40,45)}', percent: 36 },
  ],
  [
    'one range not from the start: its length, not its end',
    granted('{[10,20)}', '{[12,18)}'),
    { played: '{[10,20)}', percent: 20 },
  ],
  ['the whole episode is 100%', granted('{[0,45)}', '{[45,50)}'), { played: '{[0,50)}', percent: 100 }],
  // The percentage sent is credited up to what the played seconds cover.
  [
    'a percentage below the seconds covered is kept',
    granted('{[0,20)}', '{[20,30)}', 25),
    { played: '{[0,30)}', percent: 25 },
  ],
  [
    'a percentage above them is cut to them',
    granted('{}', '{[0,10)}', 100),
    { played: '{[0,10)}', percent: 20 },
  ],
  [
    'whole percents, rounded down: 2 of 3 s is 66%',
    granted(null, '{[0,2)}', null, 3),
    { played: '{[0,2)}', percent: 66 },
  ],
  // Saves bringing no seconds.
  [
    'no fresh seconds: the row’s played seconds, the percentage cut to them',
    granted('{[0,10)}', '{}', 90),
    { played: '{[0,10)}', percent: 20 },
  ],
  ['… and none sent credits what they cover', granted('{[0,10)}', null), { played: '{[0,10)}', percent: 20 }],
  ['a percentage alone completes nothing', granted('{}', '{}', 37), { played: '{}', percent: 0 }],
  ['… nor on no row yet', granted(null, null, 37), { played: '{}', percent: 0 }],
  [
    'an episode without a duration (0 s) completes nothing, whatever percentage is sent',
    granted(null, '{}', 30, 0),
    { played: '{}', percent: 0 },
  ],
  [
    'a negative duration (never stored) counts as none, whatever was played',
    granted('{[0,5)}', '{}', 30, -1),
    { played: '{[0,5)}', percent: 0 },
  ],
  // What the budget grants: as many fresh seconds, the earliest first (100 s episodes).
  [
    'a grant of exactly the fresh seconds takes them whole',
    grant(10, null, '{[0,10)}'),
    { played: '{[0,10)}', percent: 10 },
  ],
  [
    'a grant beyond the fresh seconds: all of them, no more',
    grant(60, '{[0,10)}', '{[10,20)}'),
    { played: '{[0,20)}', percent: 20 },
  ],
  ['a grant of 0 adds nothing', grant(0, '{[0,10)}', '{[10,30)}'), { played: '{[0,10)}', percent: 10 }],
  ['a grant of 1 s: the first second', grant(1, null, '{[5,30)}'), { played: '{[5,6)}', percent: 1 }],
  [
    'a cut in the middle of a range: its earliest seconds',
    grant(10, null, '{[0,30)}'),
    { played: '{[0,10)}', percent: 10 },
  ],
  [
    'the grant adds to the row’s played seconds',
    grant(10, '{[0,10)}', '{[10,40)}'),
    { played: '{[0,20)}', percent: 20 },
  ],
  [
    'ranges spanning more than the grant but within it in seconds are taken whole',
    grant(10, null, '{[0,5),[20,25)}'),
    { played: '{[0,5),[20,25)}', percent: 10 },
  ],
  [
    'the earliest seconds first, across ranges',
    grant(10, null, '{[0,4),[10,20),[30,40)}'),
    { played: '{[0,4),[10,16)}', percent: 10 },
  ],
  [
    'down to a last single second',
    grant(10, null, '{[0,9),[20,30)}'),
    { played: '{[0,9),[20,21)}', percent: 10 },
  ],
];

// ---------------------------------------------------------------------------------------------------------
// course_completion and assessment_live
// ---------------------------------------------------------------------------------------------------------

/** An episode of the course: watched `ago` before now, played but not to 90% ('played'), or not at all. */
interface Episode {
  watched?: string | 'played';
  teaser?: boolean;
  hidden?: boolean;
}
interface Attempt {
  passed: boolean;
  /** Submitted this long before now. */
  ago: string;
}
interface Course {
  episodes: Episode[];
  /** The course's post-test (or a pre-test), with its questions and the learner's attempts. */
  test?: {
    kind?: 'post_test' | 'pre_test';
    published?: boolean;
    questions?: 'live' | 'retired' | 'none';
    attempts?: Attempt[];
    /** The test belongs to another course. */
    elsewhere?: boolean;
  };
}
interface Completion {
  total: number;
  watched: number;
  last: string | null;
  post: boolean;
  passed: string | null;
  done: boolean;
  completed: boolean;
  at: string | null;
}

/**
 * Asks course_completion about a learner of `course`. Beside them, always: another learner who watched every
 * episode and passed the test 5 hours ago, and another course whose one episode the learner watched.
 */
function completion(course: Course) {
  return inTransaction(async (c) => {
    const id = () => uuidv7();
    const person = async () => {
      const u = id();
      await c.query(`insert into users (id, email, first_name) values ($1, $2, 'ทดสอบ')`, [
        u,
        `u-${u}@example.com`,
      ]);
      return u;
    };
    const newCourse = async () => {
      const k = id();
      await c.query(
        `insert into courses (id, slug, title, status, published_at) values ($1, $2, 'คอร์สทดสอบ', 'published', now())`,
        [k, `c-${k}`],
      );
      return k;
    };
    const episode = async (courseId: string, sort: number, e: Episode) => {
      const ep = id();
      await c.query(
        `insert into episodes (id, course_id, sort, title, duration_seconds, is_teaser, published)
         values ($1, $2, $3, 'ตอน', 100, $4, $5)`,
        [ep, courseId, sort, e.teaser ?? false, !e.hidden],
      );
      return ep;
    };
    const watch = (userId: string, courseId: string, episodeId: string, ago: string | 'played') =>
      c.query(
        `insert into episode_progress (user_id, episode_id, course_id, last_second, completion_percentage, watched_at)
         values ($1, $2, $3, 50, $4, case when $5::text = 'played' then null else now() - $5::interval end)`,
        [userId, episodeId, courseId, ago === 'played' ? 50 : 95, ago],
      );
    const attempt = async (userId: string, assessmentId: string, number: number, a: Attempt) =>
      c.query(
        `insert into assessment_attempts (id, assessment_id, user_id, number, status, question_order, submitted_at, passed)
         values ($1, $2, $3, $4, 'submitted', '{}', now() - $5::interval, $6)`,
        [id(), assessmentId, userId, number, a.ago, a.passed],
      );

    const learner = await person();
    const other = await person();
    const courseId = await newCourse();
    const elsewhere = await newCourse();
    await watch(learner, elsewhere, await episode(elsewhere, 1, {}), '10 minutes');
    for (const [i, e] of course.episodes.entries()) {
      const ep = await episode(courseId, i + 1, e);
      await watch(other, courseId, ep, '6 hours');
      if (e.watched) await watch(learner, courseId, ep, e.watched);
    }
    const t = course.test;
    if (t) {
      const a = id();
      await c.query(
        `insert into assessments (id, course_id, kind, title, published) values ($1, $2, $3, 'แบบทดสอบ', $4)`,
        [a, t.elsewhere ? elsewhere : courseId, t.kind ?? 'post_test', t.published ?? true],
      );
      if ((t.questions ?? 'live') !== 'none')
        await c.query(
          `insert into assessment_questions (id, assessment_id, sort, kind, prompt, retired_at)
           values ($1, $2, 1, 'single', 'คำถาม', $3)`,
          [id(), a, t.questions === 'retired' ? new Date() : null],
        );
      await attempt(other, a, 1, { passed: true, ago: '5 hours' });
      for (const [i, at] of (t.attempts ?? []).entries()) await attempt(learner, a, i + 1, at);
    }

    const { rows } = await c.query<Completion>(
      `select episodes_total as total, episodes_watched as watched, (last_watched_at - now())::text as last,
              post_test_id is not null as post, (post_test_passed_at - now())::text as passed,
              episodes_done as done, completed, (completed_at - now())::text as at
       from course_completion($1, $2)`,
      [learner, courseId],
    );
    return rows;
  });
}

const W = (ago = '1 hour'): Episode => ({ watched: ago });
const NOT_DONE = { done: false, completed: false, at: null };
const completionCases: [string, Course, Completion][] = [
  [
    'a course without episodes is not completed',
    { episodes: [] },
    { total: 0, watched: 0, last: null, post: false, passed: null, ...NOT_DONE },
  ],
  [
    'every episode watched, no post-test: completed when the last was watched',
    { episodes: [W('3 hours'), W('1 hour')] },
    {
      total: 2,
      watched: 2,
      last: '-01:00:00',
      post: false,
      passed: null,
      done: true,
      completed: true,
      at: '-01:00:00',
    },
  ],
  [
    'an episode played but not to 90%: not completed',
    { episodes: [W(), { watched: 'played' }] },
    { total: 2, watched: 1, last: '-01:00:00', post: false, passed: null, ...NOT_DONE },
  ],
  [
    'an episode never played: not completed',
    { episodes: [W(), {}] },
    { total: 2, watched: 1, last: '-01:00:00', post: false, passed: null, ...NOT_DONE },
  ],
  [
    'a teaser is not required',
    { episodes: [{ teaser: true }, W()] },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: false,
      passed: null,
      done: true,
      completed: true,
      at: '-01:00:00',
    },
  ],
  [
    'a hidden episode is not required',
    { episodes: [{ hidden: true }, W()] },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: false,
      passed: null,
      done: true,
      completed: true,
      at: '-01:00:00',
    },
  ],
  [
    'only another learner watched: not completed',
    { episodes: [{}, {}] },
    { total: 2, watched: 0, last: null, post: false, passed: null, ...NOT_DONE },
  ],
  [
    'a post-test not passed: the episodes done, the course not completed',
    { episodes: [W()], test: { attempts: [{ passed: false, ago: '30 minutes' }] } },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: true,
      passed: null,
      done: true,
      completed: false,
      at: null,
    },
  ],
  [
    'a post-test never taken: not completed',
    { episodes: [W()], test: {} },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: true,
      passed: null,
      done: true,
      completed: false,
      at: null,
    },
  ],
  [
    'the post-test passed after the episodes: completed when it was passed',
    { episodes: [W()], test: { attempts: [{ passed: true, ago: '30 minutes' }] } },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: true,
      passed: '-00:30:00',
      done: true,
      completed: true,
      at: '-00:30:00',
    },
  ],
  [
    'the post-test passed before the last episode: completed when that was watched',
    { episodes: [W('1 hour')], test: { attempts: [{ passed: true, ago: '2 hours' }] } },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: true,
      passed: '-02:00:00',
      done: true,
      completed: true,
      at: '-01:00:00',
    },
  ],
  [
    'the first passing attempt counts',
    {
      episodes: [W('3 hours')],
      test: {
        attempts: [
          { passed: false, ago: '2 hours 30 minutes' },
          { passed: true, ago: '2 hours' },
          { passed: true, ago: '30 minutes' },
        ],
      },
    },
    {
      total: 1,
      watched: 1,
      last: '-03:00:00',
      post: true,
      passed: '-02:00:00',
      done: true,
      completed: true,
      at: '-02:00:00',
    },
  ],
  [
    'the post-test passed, an episode not watched: not completed',
    { episodes: [W(), {}], test: { attempts: [{ passed: true, ago: '30 minutes' }] } },
    { total: 2, watched: 1, last: '-01:00:00', post: true, passed: '-00:30:00', ...NOT_DONE },
  ],
  [
    'an unpublished post-test blocks nobody',
    { episodes: [W()], test: { published: false } },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: false,
      passed: null,
      done: true,
      completed: true,
      at: '-01:00:00',
    },
  ],
  [
    'a post-test whose questions are all retired blocks nobody',
    { episodes: [W()], test: { questions: 'retired' } },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: false,
      passed: null,
      done: true,
      completed: true,
      at: '-01:00:00',
    },
  ],
  [
    'a pre-test is not the post-test',
    { episodes: [W()], test: { kind: 'pre_test' } },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: false,
      passed: null,
      done: true,
      completed: true,
      at: '-01:00:00',
    },
  ],
  [
    'the post-test of another course',
    { episodes: [W()], test: { elsewhere: true } },
    {
      total: 1,
      watched: 1,
      last: '-01:00:00',
      post: false,
      passed: null,
      done: true,
      completed: true,
      at: '-01:00:00',
    },
  ],
];

interface Assessment {
  published?: boolean;
  /** An episode quiz of a published or hidden episode (else a course test). */
  episode?: 'published' | 'hidden';
  questions: ('live' | 'retired')[];
}
/** Whether learners see the assessment. Beside it, always another assessment with a live question. */
function live(a: Assessment | 'unknown') {
  return inTransaction(async (c) => {
    const courseId = uuidv7();
    await c.query(`insert into courses (id, slug, title, status) values ($1, $2, 'คอร์ส', 'published')`, [
      courseId,
      `c-${courseId}`,
    ]);
    const assessment = async (x: Assessment) => {
      const id = uuidv7();
      let episodeId: string | null = null;
      if (x.episode) {
        episodeId = uuidv7();
        await c.query(
          `insert into episodes (id, course_id, sort, title, published) values ($1, $2, 1, 'ตอน', $3)`,
          [episodeId, courseId, x.episode === 'published'],
        );
      }
      await c.query(
        `insert into assessments (id, course_id, episode_id, kind, title, published) values ($1, $2, $3, $4, 'แบบทดสอบ', $5)`,
        [id, courseId, episodeId, x.episode ? 'episode_quiz' : 'post_test', x.published ?? true],
      );
      for (const [i, q] of x.questions.entries())
        await c.query(
          `insert into assessment_questions (id, assessment_id, sort, kind, prompt, retired_at) values ($1, $2, $3, 'single', 'คำถาม', $4)`,
          [uuidv7(), id, i + 1, q === 'retired' ? new Date() : null],
        );
      return id;
    };
    await assessment({ episode: 'published', questions: ['live'] });
    const asked = a === 'unknown' ? uuidv7() : await assessment(a);
    const { rows } = await c.query<{ live: boolean }>(`select assessment_live($1) as live`, [asked]);
    return rows;
  });
}
const liveCases: [string, Assessment | 'unknown', boolean][] = [
  ['a published test with a question', { questions: ['live'] }, true],
  ['an unpublished test', { published: false, questions: ['live'] }, false],
  ['a test without questions', { questions: [] }, false],
  ['a test whose questions are all retired', { questions: ['retired', 'retired'] }, false],
  ['one question retired, one live', { questions: ['retired', 'live'] }, true],
  ['the quiz of a published episode', { episode: 'published', questions: ['live'] }, true],
  ['the quiz of a hidden episode', { episode: 'hidden', questions: ['live'] }, false],
  [
    'an unpublished quiz of a published episode',
    { episode: 'published', published: false, questions: ['live'] },
    false,
  ],
  ['no such assessment', 'unknown', false],
];

// ---------------------------------------------------------------------------------------------------------
// number_receipt (the receipts' trigger) and running_number
// ---------------------------------------------------------------------------------------------------------

interface Numbering {
  /** A year's counter as earlier receipts left it. */
  counter?: [year: number, last: number];
  /**
   * Receipts inserted in turn, each at its instant (UTC) and for its own order unless `sameOrderAs` names an
   * earlier one; `undone`: inserted and rolled back (to a savepoint) before the next.
   */
  receipts: { at: string; sameOrderAs?: number; undone?: boolean }[];
}

/**
 * Inserts receipts as the payment does and answers the numbers they got (null: no receipt made). The database's
 * clock is the test's: a now() of its own, first on the search path (rolled back with the case), reads the instant
 * each insert is made at.
 */
function numbering(world: Numbering) {
  return inTransaction(async (c) => {
    await c.query(`create schema test_clock`);
    await c.query(
      `create function test_clock.now() returns timestamptz language sql stable
       as $$ select current_setting('test_clock.now')::timestamptz $$`,
    );
    await c.query(`set local search_path = test_clock, pg_catalog, public`);
    const user = uuidv7();
    const plan = uuidv7();
    await c.query(`insert into users (id, email, first_name) values ($1, $2, 'ทดสอบ')`, [
      user,
      `u-${user}@example.com`,
    ]);
    await c.query(
      `insert into plans (id, code, name, interval, length_days, price_satang) values ($1, $2, 'แผน', 'month', 30, 29900)`,
      [plan, `p-${plan}`],
    );
    if (world.counter)
      await c.query(`insert into receipt_counters (year, last) values ($1, $2)`, [
        world.counter[0],
        world.counter[1],
      ]);
    const orders: string[] = [];
    const numbers: (string | null)[] = [];
    for (const r of world.receipts) {
      await c.query(`select set_config('test_clock.now', $1, true)`, [r.at]);
      let order = r.sameOrderAs === undefined ? undefined : orders[r.sameOrderAs];
      if (!order) {
        order = uuidv7();
        await c.query(
          `insert into orders (id, number, user_id, plan_id, subtotal_satang, discount_satang, total_satang, vat_satang,
                               status, provider, expires_at)
           values ($1, $2, $3, $4, 29900, 0, 29900, 1956, 'paid', 'sandbox', now() + interval '1 hour')`,
          [order, `RR-${order}`, user, plan],
        );
      }
      orders.push(order);
      if (r.undone) await c.query('savepoint undone');
      const { rows } = await c.query<{ number: string }>(
        `insert into receipts (id, number, order_id, user_id, buyer_name, buyer_email, seller)
         values ($1, 'brought by the insert', $2, $3, 'ผู้ซื้อ', 'buyer@example.com', '{}') returning number`,
        [uuidv7(), order, user],
      );
      numbers.push(rows[0]?.number ?? null);
      if (r.undone) await c.query('rollback to savepoint undone');
    }
    return numbers;
  });
}

const numberingCases: [string, Numbering, (string | null)[]][] = [
  [
    'the first receipt of a year is number 1',
    { receipts: [{ at: '2026-06-01T03:00:00Z' }] },
    ['RC-2026-000001'],
  ],
  [
    'each next receipt the next number',
    {
      receipts: [
        { at: '2026-06-01T03:00:00Z' },
        { at: '2026-06-01T03:00:01Z' },
        { at: '2026-06-02T03:00:00Z' },
      ],
    },
    ['RC-2026-000001', 'RC-2026-000002', 'RC-2026-000003'],
  ],
  [
    'the year is Bangkok’s: 31 December 16:59:59.999999 UTC is still that year, 17:00 UTC the next',
    { receipts: [{ at: '2026-12-31T16:59:59.999999Z' }, { at: '2026-12-31T17:00:00Z' }] },
    ['RC-2026-000001', 'RC-2027-000001'],
  ],
  [
    'each year has its own counter, going on from the receipts before',
    { counter: [2026, 41], receipts: [{ at: '2026-12-31T16:00:00Z' }, { at: '2027-01-01T16:00:00Z' }] },
    ['RC-2026-000042', 'RC-2027-000001'],
  ],
  [
    'an order’s second receipt is not made and takes no number: the next receipt has the next',
    {
      receipts: [
        { at: '2026-06-01T03:00:00Z' },
        { at: '2026-06-01T03:00:01Z', sameOrderAs: 0 },
        { at: '2026-06-01T03:00:02Z' },
      ],
    },
    ['RC-2026-000001', null, 'RC-2026-000002'],
  ],
  [
    'a receipt rolled back gives its number back',
    { receipts: [{ at: '2026-06-01T03:00:00Z', undone: true }, { at: '2026-06-01T03:00:01Z' }] },
    ['RC-2026-000001', 'RC-2026-000001'],
  ],
  [
    'the millionth receipt of a year has seven digits',
    { counter: [2026, 999_999], receipts: [{ at: '2026-06-01T03:00:00Z' }] },
    ['RC-2026-1000000'],
  ],
];

const runningNumberCases: [number, string][] = [
  [0, '000000'],
  [1, '000001'],
  [123_456, '123456'],
  [999_999, '999999'],
  [1_000_000, '1000000'],
  [9_000_000_000, '9000000000'],
];

/**
 * Every rule, against whatever definitions the database holds now; for a mutant of `fn`, only the tables whose
 * answers go through `fn` (a function that a table never calls cannot change its answers).
 */
function rules(fn?: SqlFunction) {
  let tables = 0;
  const uses = (...fns: SqlFunction[]) => (!fn || fns.includes(fn)) && ++tables > 0;
  if (uses('course_access', 'entitled_subscriptions'))
    it.each(accessCases)('course_access: %s', async (_name, world, expected) => {
      // One answer, always (the callers read the first row).
      expect(await access(world)).toEqual([expected]);
    });
  if (uses('watch_available'))
    it.each(availableCases)('watch_available: %s', async (_name, budget, expected) => {
      expect(await available(budget)).toEqual([expected]);
    });
  if (uses('progress_fresh'))
    it.each(freshCases)('progress_fresh: %s', async (_name, save, expected) => {
      expect(await fresh(save)).toEqual([expected]);
    });
  if (uses('progress_merge', 'progress_cap'))
    it.each(mergeCases)('progress_merge: %s', async (_name, credit, expected) => {
      expect(await merge(credit)).toEqual([expected]);
    });
  if (uses('course_completion', 'assessment_live'))
    it.each(completionCases)('course_completion: %s', async (_name, course, expected) => {
      expect(await completion(course)).toEqual([expected]);
    });
  if (uses('assessment_live'))
    it.each(liveCases)('assessment_live: %s', async (_name, assessment, expected) => {
      expect(await live(assessment)).toEqual([{ live: expected }]);
    });
  if (uses('number_receipt', 'running_number'))
    it.each(numberingCases)('number_receipt: %s', async (_name, world, expected) => {
      expect(await numbering(world)).toEqual(expected);
    });
  if (uses('running_number'))
    it.each(runningNumberCases)('running_number: %i is %s', async (n, expected) => {
      const { rows } = await pool.query<{ s: string }>('select running_number($1) as s', [n]);
      expect(rows).toEqual([{ s: expected }]);
    });
  if (!tables) throw new Error(`no table of rules goes through ${fn}: add one before mutating it`);
}

const chosen = process.env.SQL_MUTANTS;
if (!chosen) {
  rules();
  it('every hand-written mutant applies to the latest definition of its function', () => {
    for (const fn of SQL_FUNCTIONS) expect(latestDefinition(fn).sql).toMatch(/^CREATE OR REPLACE FUNCTION/);
    for (const m of SQL_MUTANTS) expect(() => mutatedDefinition(m)).not.toThrow();
    expect(new Set(SQL_MUTANTS.map((m) => m.id)).size).toBe(SQL_MUTANTS.length);
  });
} else {
  const restore = async () => {
    for (const fn of SQL_FUNCTIONS) await pool.query(latestDefinition(fn).sql);
  };
  // The definitions as written in the migrations, applied the same way: the rules hold (else no mutant counts).
  describe('original definitions', () => {
    beforeAll(restore);
    rules();
  });
  const ids = chosen === 'all' ? SQL_MUTANTS.map((m) => m.id) : chosen.split(',');
  for (const id of ids) {
    const m = SQL_MUTANTS.find((x) => x.id === id);
    if (!m) throw new Error(`unknown SQL mutant ${id}`);
    describe(`mutant ${id}`, () => {
      beforeAll(async () => {
        try {
          await pool.query(mutatedDefinition(m));
        } catch (e) {
          throw new Error(`MUTANT DID NOT APPLY: ${(e as Error).message}`);
        }
      });
      afterAll(restore);
      rules(m.fn);
    });
  }
}
