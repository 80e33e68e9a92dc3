import pg from 'pg';
import { hashPassword } from '../apps/api/src/lib/passwords.js';

export const SIZES = { courses: 1_000, episodesPerCourse: 10, learners: 10_000, coursesPerLearner: 10 };

/**
 * The library data set of ARCHITECTURE.md: 1,000 published courses of 10 episodes, 10,000 learners with an
 * active subscription and a live session, 1,000,000 progress rows (10 courses of 10 episodes each). Made by SQL
 * in a few seconds; kept between runs (the embedded cluster of the bench lives in .data/bench).
 */
export async function ensureLibraryData(url: string, log: (s: string) => void) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const have = await c.query<{ n: number }>(`select count(*)::int as n from episode_progress`);
    if (have.rows[0]!.n >= SIZES.learners * SIZES.coursesPerLearner * SIZES.episodesPerCourse) {
      log('library data set already there');
      return;
    }
    const t0 = Date.now();
    log('generating 1,000 courses, 10,000 learners and 1,000,000 progress rows…');
    const hash = await hashPassword('bench-password-1');
    await c.query('truncate users, courses, categories, plans cascade');
    await c.query(`insert into categories (id, slug, name_th, name_en, sort)
      select gen_random_uuid(), 'bench-cat-' || n, 'หมวด ' || n, 'Category ' || n, n from generate_series(1, 10) n`);
    await c.query(`insert into courses (id, slug, title, description, category_id, status, published_at)
      select gen_random_uuid(), 'bench-course-' || n, 'คอร์สทดสอบที่ ' || n, 'คำอธิบายคอร์ส ' || n,
        (select id from categories order by sort offset (n % 10) limit 1), 'published', now() - (n || ' minutes')::interval
      from generate_series(0, ${SIZES.courses - 1}) n`);
    await c.query(`insert into episodes (id, course_id, sort, title, duration_seconds, is_teaser)
      select gen_random_uuid(), c.id, k, 'ตอนที่ ' || k, 60 + k * 10, k = 1 from courses c, generate_series(1, ${SIZES.episodesPerCourse}) k`);
    await c.query(
      `insert into users (id, email, password_hash, first_name, last_name)
      select gen_random_uuid(), 'bench' || n || '@example.com', $1, 'ผู้เรียน', n::text from generate_series(0, ${SIZES.learners - 1}) n`,
      [hash],
    );
    await c.query(
      `insert into plans (id, code, name, interval, length_days, price_satang) values (gen_random_uuid(), 'bench-monthly', 'รายเดือน', 'month', 30, 29900)`,
    );
    await c.query(`insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end)
      select gen_random_uuid(), u.id, (select id from plans limit 1), 'active', now(), now() + interval '30 days' from users u`);
    await c.query(`insert into sessions (id, user_id, device_id, device_name, expires_at, absolute_expires_at)
      select gen_random_uuid(), u.id, 'bench-' || u.id, 'bench', now() + interval '30 days', now() + interval '90 days' from users u`);
    await c.query(
      `create temporary table cn as select id, row_number() over (order by slug) - 1 as n from courses`,
    );
    await c.query(
      `create temporary table un as select id, row_number() over (order by email) - 1 as n from users`,
    );
    await c.query(`insert into episode_progress (user_id, episode_id, course_id, last_second, completion_percentage, watched_at, updated_at)
      select un.id, e.id, e.course_id, (random() * 60)::int, p.pct, case when p.pct >= 90 then now() end,
             now() - random() * interval '60 days'
      from un cross join generate_series(0, ${SIZES.coursesPerLearner - 1}) k
      join cn on cn.n = (un.n * 7 + k * 97) % ${SIZES.courses}
      join episodes e on e.course_id = cn.id
      cross join lateral (select (random() * 100)::int as pct) p`);
    await c.query('analyze');
    log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await c.end();
  }
}

/**
 * One ready video behind every bench episode, so that the playback-token benchmark measures tokens (the files
 * themselves are never fetched). Idempotent.
 */
export async function ensureBenchVideo(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const id = '01930000-0000-7000-8000-0000000000b1';
    await c.query(
      `insert into video_assets (id, status, source, duration_seconds, renditions)
       values ($1, 'ready', 'bench:none', 60, '[{"name":"360p","width":640,"height":360,"bandwidth":800000}]')
       on conflict do nothing`,
      [id],
    );
    await c.query(`update episodes set video_asset_id = $1 where video_asset_id is null`, [id]);
  } finally {
    await c.end();
  }
}

/** Learners with their session and the courses they study, for building requests. */
export async function learners(url: string, limit: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{
      user_id: string;
      session_id: string;
      course_id: string;
      episode_id: string;
    }>(
      `select s.user_id, s.id as session_id, p.course_id, p.episode_id from sessions s
       cross join lateral (select course_id, episode_id from episode_progress where user_id = s.user_id limit 1) p
       where s.revoked_at is null limit $1`,
      [limit],
    );
    return rows;
  } finally {
    await c.end();
  }
}
