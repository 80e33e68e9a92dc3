import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser } from './admin-fixture.js';
import { subscribe } from './courses-fixture.js';
import { uuidv7 } from '../src/lib/ids.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
let admin: { token: string; id: string };

const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/admin${url}`,
    headers: { ...bearer(admin.token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let n = 0;
async function newCourse(episodes = 0) {
  const res = await call('POST', '/courses', { title: 'คอร์สใหม่', slug: `new-course-${++n}-${Date.now()}` });
  expect(res.statusCode).toBe(201);
  let course = res.json();
  for (let i = 1; i <= episodes; i++)
    course = (await call('POST', `/courses/${course.id}/episodes`, { title: `ตอนที่ ${i}` })).json();
  return course;
}

const audit = async (entityId: string) =>
  (
    await t.db.$client.query(
      `select actor_id, action, before, after from audit_log where entity_id = $1 order by at, id`,
      [entityId],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t);
});
afterAll(() => t?.close());

describe('course authoring', () => {
  it('creates a draft course and records who created it and what it was', async () => {
    const course = await newCourse();
    expect(course).toMatchObject({ status: 'draft', title: 'คอร์สใหม่', episodes: [], tags: [] });
    expect(course.publishBlockers).toEqual([{ reason: 'no_episodes', episodeId: null, episodeTitle: null }]);
    const rows = await audit(course.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.id, action: 'course.create', before: null });
    expect(rows[0].after).toMatchObject({ id: course.id, title: 'คอร์สใหม่' });
  });

  it('edits fields, tags, category and instructors, with the course before and after in the audit log', async () => {
    const course = await newCourse();
    const cat = (
      await call('POST', '/categories', { slug: `c-${Date.now()}`, nameTh: 'ภาษี', nameEn: 'Tax' })
    ).json();
    const ins = (await call('POST', '/instructors', { slug: `i-${Date.now()}`, name: 'อ.สมชาย' })).json();
    const res = await call('PATCH', `/courses/${course.id}`, {
      version: course.version,
      title: 'ภาษีสำหรับฟรีแลนซ์',
      level: 'intermediate',
      categoryId: cat.id,
      tags: ['ภาษี', 'ฟรีแลนซ์'],
      instructorIds: [ins.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'ภาษีสำหรับฟรีแลนซ์',
      level: 'intermediate',
      categoryId: cat.id,
      tags: ['ฟรีแลนซ์', 'ภาษี'],
      instructorIds: [ins.id],
    });
    const last = (await audit(course.id)).at(-1)!;
    expect(last).toMatchObject({
      action: 'course.update',
      before: { title: 'คอร์สใหม่' },
      after: { title: 'ภาษีสำหรับฟรีแลนซ์' },
    });
  });

  it('refuses bad input, a taken slug and an unknown category in the one error shape', async () => {
    const course = await newCourse();
    const bad = await call('POST', '/courses', { title: '', slug: 'Has Spaces' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const other = await newCourse();
    const taken = await call('PATCH', `/courses/${other.id}`, { slug: course.slug, version: other.version });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ path: 'slug' }] });
    const unknown = await call('PATCH', `/courses/${course.id}`, {
      version: course.version,
      categoryId: '00000000-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await call('GET', '/courses/00000000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it("an edit based on an old read is refused (EDIT_CONFLICT), never undoing another administrator's; of edits at once from one read one wins", async () => {
    const course = await newCourse();
    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('PATCH', `/courses/${course.id}`, {
          title: `ชื่อที่ ${i}`,
          description: course.description,
          version: course.version,
        }),
      ),
    );
    const won = edits.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of edits.filter((x) => x.statusCode !== 200))
      expect([r.statusCode, r.json().code]).toEqual([409, 'EDIT_CONFLICT']);
    const now = (await call('GET', `/courses/${course.id}`)).json();
    expect(now).toMatchObject({ title: won[0]!.json().title, version: won[0]!.json().version });
    expect(now.version).not.toBe(course.version);
    expect((await audit(course.id)).filter((r) => r.action === 'course.update')).toHaveLength(1);

    // An edit without the version it is based on is bad input.
    const blind = await call('PATCH', `/courses/${course.id}`, { title: 'ไม่รู้ฉบับ' });
    expect([blind.statusCode, blind.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    // Publishing, a cover or episodes are no edit of the course's fields: a form read before them still saves.
    await call('POST', `/courses/${course.id}/episodes`, { title: 'ตอนใหม่' });
    await call('POST', `/courses/${course.id}/unpublish`);
    const saved = await call('PATCH', `/courses/${course.id}`, { title: 'ชื่อล่าสุด', version: now.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', `/courses/${course.id}`)).json().title).toBe('ชื่อล่าสุด');
  });

  it('lists courses one page at a time, searched and sorted', async () => {
    const a = await newCourse();
    await call('PATCH', `/courses/${a.id}`, { title: 'ค้นหาเจอแน่นอน', version: a.version });
    const res = await call('GET', '/courses?q=ค้นหาเจอ&pageSize=5&sort=title&order=asc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 5,
      items: [{ id: a.id, episodeCount: 0 }],
    });
    const all = (await call('GET', '/courses?pageSize=2')).json();
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
  });
});

describe('course, category and instructor lists', () => {
  it('a page past the end of categories or instructors is empty and still gives the total', async () => {
    const tag = `past${Date.now()}`;
    for (let i = 0; i < 3; i++) {
      const cat = await call('POST', '/categories', {
        slug: `${tag}-c${i}`,
        nameTh: `หมวด ${i}`,
        nameEn: `C ${i}`,
      });
      expect(cat.statusCode).toBe(201);
      expect((await call('POST', '/instructors', { slug: `${tag}-i${i}`, name: `ครู ${i}` })).statusCode).toBe(
        201,
      );
    }
    for (const list of ['/categories', '/instructors']) {
      const page = async (n: number) => (await call('GET', `${list}?q=${tag}&pageSize=2&page=${n}`)).json();
      expect((await page(2)).items).toHaveLength(1);
      expect({ list, ...(await page(5)) }).toMatchObject({ list, items: [], total: 3, page: 5 });
    }
  });

  it('a search for % or _ finds only the courses, categories and instructors whose names hold that character', async () => {
    const tag = `lit${Date.now()}`;
    const names = [`${tag} 50%`, `${tag} a_b`, `${tag} 500 axb`];
    for (const [i, name] of names.entries()) {
      expect((await call('POST', '/courses', { title: name, slug: `${tag}-${i}` })).statusCode).toBe(201);
      expect(
        (await call('POST', '/categories', { slug: `${tag}-${i}`, nameTh: name, nameEn: `C ${i}` }))
          .statusCode,
      ).toBe(201);
      expect((await call('POST', '/instructors', { slug: `${tag}-${i}`, name })).statusCode).toBe(201);
    }
    const field = { '/courses': 'title', '/categories': 'nameTh', '/instructors': 'name' } as const;
    for (const [list, key] of Object.entries(field))
      for (const [q, found] of [
        ['%25', `${tag} 50%`],
        ['_', `${tag} a_b`],
        [`${tag} 50%25`, `${tag} 50%`],
      ] as const) {
        const res = await call('GET', `${list}?q=${q}`);
        expect(res.statusCode).toBe(200);
        const hits = (res.json().items as Record<string, string>[]).map((r) => r[key]);
        expect({ list, q, hits, total: res.json().total }).toEqual({ list, q, hits: [found], total: 1 });
      }
  });
});

describe('publishing: nothing half-done', () => {
  it('refuses while an episode has no video, one in the works or a failed one, then publishes when all are ready', async () => {
    const course = await newCourse(3);
    const [e1, e2, e3] = course.episodes.map((e: { id: string }) => e.id);
    const asset = async (episodeId: string, status: string, error: string | null = null) => {
      const { rows } = await t.db.$client.query(
        `insert into video_assets (id, status, source, error) values (gen_random_uuid(), $1, 'upload:x', $2) returning id`,
        [status, error],
      );
      await t.db.$client.query(`update episodes set video_asset_id = $2 where id = $1`, [
        episodeId,
        rows[0].id,
      ]);
      return rows[0].id as string;
    };
    const a2 = await asset(e2, 'processing');
    const a3 = await asset(e3, 'failed', 'ffmpeg exited with 1');
    await asset(e1, 'ready');
    const refused = await call('POST', `/courses/${course.id}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'COURSE_NOT_PUBLISHABLE',
      blockers: [
        { reason: 'video_processing', episodeId: e2 },
        { reason: 'video_failed', episodeId: e3 },
      ],
    });
    expect((await call('GET', `/courses/${course.id}`)).json().status).toBe('draft');
    await t.db.$client.query(`update video_assets set status = 'ready' where id = any($1)`, [[a2, a3]]);
    const ok = await call('POST', `/courses/${course.id}/publish`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'published', publishBlockers: [] });
    expect((await t.app.inject({ url: `/api/courses/${course.slug}` })).statusCode).toBe(200);
    const back = await call('POST', `/courses/${course.id}/unpublish`);
    expect(back.json().status).toBe('draft');
    expect((await audit(course.id)).map((r) => r.action).slice(-2)).toEqual([
      'course.publish',
      'course.unpublish',
    ]);
  });

  it('refuses a course with no episode', async () => {
    const res = await call('POST', `/courses/${(await newCourse()).id}/publish`);
    expect(res.json()).toMatchObject({
      code: 'COURSE_NOT_PUBLISHABLE',
      blockers: [{ reason: 'no_episodes' }],
    });
  });
});

describe('a new episode of a published course', () => {
  it('starts hidden (it has no video), is refused shown, and learners do not see it', async () => {
    const course = await newCourse(1);
    const { rows } = await t.db.$client.query(
      `insert into video_assets (id, status, source, duration_seconds) values (gen_random_uuid(), 'ready', 'upload:x', 60) returning id`,
    );
    await t.db.$client.query(`update episodes set video_asset_id = $2 where id = $1`, [
      course.episodes[0].id,
      rows[0].id,
    ]);
    expect((await call('POST', `/courses/${course.id}/publish`)).json().status).toBe('published');

    const added = await call('POST', `/courses/${course.id}/episodes`, { title: 'ตอนใหม่' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ status: 'published', publishBlockers: [] });
    expect(added.json().episodes.at(-1)).toMatchObject({ title: 'ตอนใหม่', published: false });
    const shown = await call('POST', `/courses/${course.id}/episodes`, {
      title: 'ตอนแสดงเลย',
      published: true,
    });
    expect([shown.statusCode, shown.json().code]).toEqual([409, 'EPISODE_NOT_READY']);
    const hidden = added.json().episodes.at(-1);
    const show = await call('PATCH', `/episodes/${hidden.id}`, { published: true, version: hidden.version });
    expect([show.statusCode, show.json().code]).toEqual([409, 'EPISODE_NOT_READY']);
    const remove = await call('DELETE', `/episodes/${hidden.id}`);
    expect([remove.statusCode, remove.json().code]).toEqual([409, 'COURSE_IS_PUBLISHED']);

    const learner = await register(t.app);
    await subscribe(t, learner.user.id);
    const outline = await t.app.inject({
      method: 'POST',
      url: `/api/course/${course.id}/get-episode-and-quiz`,
      headers: bearer(learner.access_token),
      payload: {},
    });
    expect(outline.statusCode).toBe(200);
    expect(outline.json().episodes.map((e: { title: string }) => e.title)).toEqual(['ตอนที่ 1']);
  });
});

describe('episode edits', () => {
  it("an episode edit based on an old read is refused (EDIT_CONFLICT), never undoing another administrator's; of edits at once from one read one wins", async () => {
    const course = await newCourse(2);
    const [episode, other] = course.episodes;
    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('PATCH', `/episodes/${episode.id}`, {
          title: `ตอนที่แก้ ${i}`,
          isTeaser: i % 2 === 0,
          published: true,
          version: episode.version,
        }),
      ),
    );
    const won = edits.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of edits.filter((x) => x.statusCode !== 200))
      expect([r.statusCode, r.json().code]).toEqual([409, 'EDIT_CONFLICT']);
    const kept = won[0]!.json().episodes[0];
    const now = (await call('GET', `/courses/${course.id}`)).json();
    expect(now.episodes[0]).toMatchObject({
      title: kept.title,
      isTeaser: kept.isTeaser,
      version: kept.version,
    });
    expect(kept.version).not.toBe(episode.version);
    expect((await audit(course.id)).filter((r) => r.action === 'episode.update')).toHaveLength(1);

    // An edit without the version it is based on is bad input, and changes nothing.
    const blind = await call('PATCH', `/episodes/${episode.id}`, { title: 'ไม่รู้ฉบับ' });
    expect([blind.statusCode, blind.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    // The order, another episode's edit or the course's are no edit of this episode: a form read before saves.
    await call('PUT', `/courses/${course.id}/episode-order`, { episodeIds: [other.id, episode.id] });
    await call('PATCH', `/episodes/${other.id}`, { title: 'อีกตอน', version: other.version });
    await call('PATCH', `/courses/${course.id}`, { title: 'ชื่อคอร์สใหม่', version: now.version });
    const saved = await call('PATCH', `/episodes/${episode.id}`, { title: 'ชื่อล่าสุด', version: kept.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await call('GET', `/courses/${course.id}`)).json();
    expect(after.episodes.map((e: { title: string }) => e.title)).toEqual(['อีกตอน', 'ชื่อล่าสุด']);
  });
});

describe('episode order', () => {
  it("orders the episodes as sent and refuses a list that is not the course's episodes", async () => {
    const course = await newCourse(3);
    const ids = course.episodes.map((e: { id: string }) => e.id);
    const res = await call('PUT', `/courses/${course.id}/episode-order`, {
      episodeIds: [ids[2], ids[0], ids[1]],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().episodes.map((e: { id: string; sort: number }) => [e.id, e.sort])).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[1], 3],
    ]);
    const stale = await call('PUT', `/courses/${course.id}/episode-order`, { episodeIds: [ids[0], ids[1]] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');
    const twice = await call('PUT', `/courses/${course.id}/episode-order`, {
      episodeIds: [ids[0], ids[0], ids[1]],
    });
    expect(twice.statusCode).toBe(409);
  });

  it('removes an episode of a draft course (the rest renumbered, audited); of twelve removals at once one removes it', async () => {
    const course = await newCourse(4);
    const [, gone, ...rest] = course.episodes.map((e: { id: string }) => e.id) as string[];
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('DELETE', `/episodes/${gone}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(11).fill(404)]);
    for (const a of answers.filter((r) => r.statusCode === 404)) expect(a.json().code).toBe('NOT_FOUND');
    const { rows } = await t.db.$client.query(
      `select id, sort from episodes where course_id = $1 order by sort`,
      [course.id],
    );
    expect(rows).toEqual([course.episodes[0].id, ...rest].map((id, i) => ({ id, sort: i + 1 })));
    expect((await audit(course.id)).filter((r) => r.action === 'episode.delete')).toHaveLength(1);
  });

  it('keeps an episode a learner has played or whose quiz was taken (409 EPISODE_IN_USE): hidden instead', async () => {
    const course = await newCourse(3);
    const [played, quizzed, unused] = course.episodes.map((e: { id: string }) => e.id) as string[];
    const learner = await register(t.app);
    await t.db.$client.query(
      `insert into episode_progress (user_id, episode_id, course_id, last_second) values ($1, $2, $3, 12)`,
      [learner.user.id, played, course.id],
    );
    const quiz = uuidv7();
    await t.db.$client.query(
      `insert into assessments (id, course_id, episode_id, kind, title) values ($1, $2, $3, 'episode_quiz', 'ควิซ')`,
      [quiz, course.id, quizzed],
    );
    await t.db.$client.query(
      `insert into assessment_attempts (id, assessment_id, user_id, number, question_order) values ($1, $2, $3, 1, '{}')`,
      [uuidv7(), quiz, learner.user.id],
    );
    for (const id of [played, quizzed]) {
      const refused = await call('DELETE', `/episodes/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('EPISODE_IN_USE');
    }
    const { rows } = await t.db.$client.query(
      `select (select count(*) from episode_progress where user_id = $1)::int as progress,
              (select count(*) from assessment_attempts where user_id = $1)::int as attempts`,
      [learner.user.id],
    );
    expect(rows[0]).toEqual({ progress: 1, attempts: 1 });
    const hide = await call('PATCH', `/episodes/${played}`, {
      published: false,
      version: course.episodes[0].version,
    });
    expect(hide.statusCode).toBe(200);
    expect((await call('DELETE', `/episodes/${unused}`)).statusCode).toBe(200);
  });

  it('twelve reorders at once leave the episodes numbered 1..n in one of the orders sent, each audited', async () => {
    const course = await newCourse(5);
    const ids: string[] = course.episodes.map((e: { id: string }) => e.id);
    const orders = Array.from({ length: 12 }, (_, k) => ids.map((_, i) => ids[(i + k) % ids.length]!));
    const answers = await Promise.all(
      orders.map((o) => call('PUT', `/courses/${course.id}/episode-order`, { episodeIds: o })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(orders.map(() => 200));
    const { rows } = await t.db.$client.query(
      `select id, sort from episodes where course_id = $1 order by sort`,
      [course.id],
    );
    expect(rows.map((r) => r.sort)).toEqual([1, 2, 3, 4, 5]);
    expect(orders.map((o) => o.join())).toContain(rows.map((r) => r.id).join());
    const logged = (await audit(course.id)).filter((r) => r.action === 'course.order');
    expect(logged).toHaveLength(12);
    // Each took its turn: every reorder saw the order the one before it left.
    for (let i = 1; i < logged.length; i++)
      expect(logged[i].before.episodes.map((e: { id: string }) => e.id)).toEqual(
        logged[i - 1].after.episodes.map((e: { id: string }) => e.id),
      );
  });
});

describe('covers', () => {
  // A photo as an editor uploads it: larger than any card, and not 16:9.
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
  });
  const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

  it('takes an image by its bytes and serves it, with WebP copies at the card widths, under names that change with it', async () => {
    const course = await newCourse();
    const res = await call('PUT', `/courses/${course.id}/cover`, png, { 'content-type': 'image/png' });
    expect(res.statusCode).toBe(200);
    const url = res.json().coverImage as string;
    const base = `/api/media/covers/${course.id}/${hashOf(png)}`;
    // The course's cover is the 720 px copy (issue 36): its name gives the others (coverSrcset).
    expect(url).toBe(`${base}-720.webp`);
    for (const width of [360, 720, 1280]) {
      const copy = await t.app.inject({ url: `${base}-${width}.webp` });
      expect(copy.statusCode, `${width}`).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(copy.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, Math.round((width * 9) / 16)]);
      // Far smaller than the upload: what a phone fetches.
      expect(copy.rawPayload.length).toBeLessThan(png.length);
    }
    // The upload itself is kept, as it came.
    const served = await t.app.inject({ url: `${base}.png` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(png);
    expect((await t.app.inject({ url: `${base}-500.webp` })).statusCode).toBe(404);
  });

  it('a small image is not enlarged: each copy keeps its size', async () => {
    const course = await newCourse();
    const small = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#115e59' } })
      .jpeg()
      .toBuffer();
    const res = await call('PUT', `/courses/${course.id}/cover`, small, { 'content-type': 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const copy = await t.app.inject({ url: (res.json().coverImage as string).replace('-720.', '-1280.') });
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 320, height: 180 });
  });

  it('refuses a cover for a course that does not exist with 404, storing nothing that could be served', async () => {
    const id = uuidv7();
    const res = await call('PUT', `/courses/${id}/cover`, png, { 'content-type': 'image/png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    for (const name of [`${hashOf(png)}.png`, `${hashOf(png)}-720.webp`]) {
      expect(await t.app.storage.stat(`covers/${id}/${name}`)).toBeUndefined();
      expect((await t.app.inject({ url: `/api/media/covers/${id}/${name}` })).statusCode).toBe(404);
    }
  });

  it('refuses bytes that begin as an image but are none, storing nothing', async () => {
    const course = await newCourse();
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(256, 1)]);
    const res = await call('PUT', `/courses/${course.id}/cover`, fake, { 'content-type': 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await t.app.storage.stat(`covers/${course.id}/${hashOf(fake)}.png`)).toBeUndefined();
    expect((await call('GET', `/courses/${course.id}`)).json()).toMatchObject({ coverImage: null });
  });

  it('refuses what is not an image, whatever it says it is, and an image over the limit', async () => {
    const course = await newCourse();
    const text = await call('PUT', `/courses/${course.id}/cover`, Buffer.from('not an image at all'), {
      'content-type': 'image/png',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = Buffer.concat([png, Buffer.alloc(t.config.coverMaxBytes)]);
    const large = await call('PUT', `/courses/${course.id}/cover`, big, { 'content-type': 'image/png' });
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
