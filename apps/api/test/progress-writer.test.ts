import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { ProgressWriter } from '../src/modules/courses/progress-writer.js';
import type { ProgressSave } from '../src/modules/courses/progress.repo.js';
import { seedCatalogue } from './courses-fixture.js';
import { createTestDatabase } from './test-database.js';

/*
 * The progress saves written in batches (ProgressWriter): the saves of one turn of the event loop go to
 * PostgreSQL as one statement; two saves of one learner's episode in a batch count as one after the other
 * (the later position, the higher percentage, the ranges of both); a failing batch is written save by save.
 * Episodes of the free course are 50 s long; a first save may add up to 10 s of played seconds.
 * A database without the app: the writer needs nothing else (and the file starts in a second).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let t: { db: Db };
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  database = await createTestDatabase();
  t = { db: createDb(database.url, 5) };
  cat = await seedCatalogue(t);
});
afterAll(async () => {
  await t.db.$client.end();
  await database.drop();
});

type Ranges = [number, number][];
const save = (userId: string, over: Partial<ProgressSave> = {}): ProgressSave => ({
  userId,
  episodeId: cat.freeEpisodes[0]!.id,
  courseId: cat.free,
  lastSecond: 0,
  completionPercentage: null,
  ranges: null,
  ...over,
});
/** A learner of their own (the free course is open to every learner). */
async function learner() {
  const id = uuidv7();
  await t.db.insert(users).values({ id, email: `writer-${id}@example.com`, firstName: 'ทดสอบ' });
  return id;
}
const stored = async (userId: string, episodeId = cat.freeEpisodes[0]!.id) =>
  (
    await t.db.execute<{ last_second: number; completion_percentage: number; played: string }>(
      sql`select last_second, completion_percentage, played::text from episode_progress
          where user_id = ${userId} and episode_id = ${episodeId}`,
    )
  ).rows;

/** The statements a writer sends (`name:saves`) and the most it had in flight at once. */
function counted(db: Db) {
  const statements: string[] = [];
  let inFlight = 0;
  let most = 0;
  const client = new Proxy(db.$client, {
    get(target, prop) {
      if (prop !== 'query') return Reflect.get(target, prop);
      return async (q: { name: string; values: unknown[] }) => {
        const first = q.values[0];
        statements.push(`${q.name}:${Array.isArray(first) ? first.length : 1}`);
        most = Math.max(most, ++inFlight);
        try {
          return await target.query(q as never);
        } finally {
          inFlight--;
        }
      };
    },
  });
  const counting = Object.create(db, { $client: { value: client } }) as Db;
  return { db: counting, statements, most: () => most };
}

describe('two saves of one episode in one batch, as one after the other', () => {
  it('the later position, the higher percentage, the played seconds of both', async () => {
    const user = await learner();
    const w = new ProgressWriter(t.db);
    const answers = await Promise.all([
      w.save(save(user, { lastSecond: 4, completionPercentage: 14, ranges: [[0, 4]] })),
      w.save(save(user, { lastSecond: 8, completionPercentage: 12, ranges: [[4, 8]] })),
    ]);
    // Both answered with the one row: 8 of 50 s played (16%), so both percentages are credited in full.
    for (const a of answers) expect(a).toMatchObject({ last_second: 8, completion_percentage: 14 });
    expect(await stored(user)).toEqual([{ last_second: 8, completion_percentage: 14, played: '{[0,8)}' }]);
  });

  it.each([
    ['the first sent none', null, 12, 12],
    ['the second sent none', 12, null, 12],
    ['the first is higher', 12, 10, 12],
    ['the second is higher', 10, 12, 12],
  ])('the percentage when %s', async (_name, first, second, credited) => {
    const user = await learner();
    const w = new ProgressWriter(t.db);
    const ranges: Ranges = [[0, 10]]; // 20% played: caps nothing here
    await Promise.all([
      w.save(save(user, { lastSecond: 1, completionPercentage: first, ranges })),
      w.save(save(user, { lastSecond: 2, completionPercentage: second, ranges })),
    ]);
    expect(await stored(user)).toEqual([
      { last_second: 2, completion_percentage: credited, played: '{[0,10)}' },
    ]);
  });

  it('the played seconds when only one of them sent any', async () => {
    for (const order of ['first', 'second'] as const) {
      const user = await learner();
      const w = new ProgressWriter(t.db);
      const withRanges = save(user, { lastSecond: 6, completionPercentage: null, ranges: [[0, 6]] });
      const without = save(user, { lastSecond: 6, completionPercentage: 4, ranges: null });
      await Promise.all(
        (order === 'first' ? [withRanges, without] : [without, withRanges]).map((s) => w.save(s)),
      );
      // 6 of 50 s played is 12%: the 4% sent is below it and credited.
      expect(await stored(user), order).toEqual([
        { last_second: 6, completion_percentage: 4, played: '{[0,6)}' },
      ]);
    }
  });
});

describe('batches', () => {
  it('the saves of one turn go in one statement, each learner answered with their own row', async () => {
    const users = [await learner(), await learner(), await learner()];
    const c = counted(t.db);
    const w = new ProgressWriter(c.db);
    const answers = await Promise.all(
      users.map((u, i) => w.save(save(u, { lastSecond: 10 + i, completionPercentage: i }))),
    );
    expect(c.statements).toEqual(['progress_upsert_many:3']);
    expect(answers.map((a) => [a?.last_second, a?.completion_percentage])).toEqual([
      [10, 0],
      [11, 1],
      [12, 2],
    ]);
  });

  it('a save alone is written by itself', async () => {
    const user = await learner();
    const c = counted(t.db);
    const w = new ProgressWriter(c.db);
    expect(await w.save(save(user, { lastSecond: 7, completionPercentage: 3 }))).toMatchObject({
      last_second: 7,
      completion_percentage: 3,
    });
    expect(c.statements).toEqual(['progress_upsert:1']);
  });

  it('at most maxBatch saves a statement and maxInFlight statements at once; the rest wait their turn', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, learner));
    const c = counted(t.db);
    const w = new ProgressWriter(c.db, 2, 1);
    const answers = await Promise.all(users.map((u, i) => w.save(save(u, { lastSecond: 20 + i }))));
    expect(answers.map((a) => a?.last_second)).toEqual([20, 21, 22, 23, 24]);
    expect(c.statements).toEqual(['progress_upsert_many:2', 'progress_upsert_many:2', 'progress_upsert:1']);
    expect(c.most()).toBe(1);
    const twoAtOnce = counted(t.db);
    const w2 = new ProgressWriter(twoAtOnce.db, 1, 2);
    await Promise.all(users.map((u, i) => w2.save(save(u, { lastSecond: 30 + i }))));
    expect(twoAtOnce.statements).toEqual(Array(5).fill('progress_upsert:1'));
    expect(twoAtOnce.most()).toBe(2);
  });

  it('by default one statement at a time: saves that come while one is in flight go together in the next', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, learner));
    const c = counted(t.db);
    const w = new ProgressWriter(c.db);
    const first = w.save(save(users[0]!, { lastSecond: 1 }));
    // The first statement is on its way; the rest arrive over the next turns of the event loop.
    const rest: Promise<unknown>[] = [];
    for (const u of users.slice(1)) {
      await new Promise((r) => setImmediate(r));
      rest.push(w.save(save(u, { lastSecond: 2 })));
    }
    await Promise.all([first, ...rest]);
    expect(c.most()).toBe(1);
    expect(c.statements[0]).toBe('progress_upsert:1');
    expect(c.statements.length).toBeLessThan(users.length);
  });

  it('the played seconds of several learners in one statement are each their own', async () => {
    const users = [await learner(), await learner(), await learner()];
    const c = counted(t.db);
    const w = new ProgressWriter(c.db);
    const ranges: Ranges[] = [
      [[0, 4]],
      [
        [10, 12],
        [20, 23],
      ],
      [[30, 31]],
    ];
    await Promise.all(users.map((u, i) => w.save(save(u, { lastSecond: 5, ranges: ranges[i]! }))));
    expect(c.statements).toEqual(['progress_upsert_many:3']);
    expect((await Promise.all(users.map((u) => stored(u)))).map((r) => r[0]?.played)).toEqual([
      '{[0,4)}',
      '{[10,12),[20,23)}',
      '{[30,31)}',
    ]);
  });

  it('two batches in flight with the same rows in opposite orders never deadlock (rows are locked in one order)', async () => {
    const users = await Promise.all(Array.from({ length: 15 }, learner));
    const episodes = [cat.freeEpisodes[0]!.id, cat.freeEpisodes[1]!.id];
    const rows = users.flatMap((u) => episodes.map((e) => ({ u, e })));
    const c = counted(t.db);
    const w = new ProgressWriter(c.db, rows.length, 2);
    for (let round = 1; round <= 10; round++) {
      const saves = (list: typeof rows) =>
        list.map(({ u, e }) => w.save(save(u, { episodeId: e, lastSecond: round })));
      // One turn: the first batch has every row in one order, the second the same rows reversed, both in flight.
      const answers = await Promise.all([...saves(rows), ...saves([...rows].reverse())]);
      expect(answers.every((a) => a?.last_second === round)).toBe(true);
    }
    // A deadlock fails a batch, which is then written save by save: only batches means none happened.
    expect(new Set(c.statements)).toEqual(new Set([`progress_upsert_many:${rows.length}`]));
  });

  it('a save alone whose statement fails gets the error, and the writer goes on', async () => {
    const a = await learner();
    const w = new ProgressWriter(t.db);
    await expect(w.save(save(a, { episodeId: 'not-a-uuid' }))).rejects.toThrow(
      /invalid input syntax for type uuid/,
    );
    expect(await w.save(save(a, { lastSecond: 3, completionPercentage: 1 }))).toMatchObject({
      last_second: 3,
    });
  });

  it('a save refused (no access) is answered with nothing, the others of its batch are saved', async () => {
    const a = await learner();
    const b = await learner();
    const w = new ProgressWriter(t.db);
    const [locked, free] = await Promise.all([
      w.save(save(a, { courseId: cat.paid, episodeId: cat.paidEpisodes[1]!.id, lastSecond: 5 })),
      w.save(save(b, { lastSecond: 5, completionPercentage: 1 })),
    ]);
    expect(locked).toBeUndefined();
    expect(free).toMatchObject({ last_second: 5, completion_percentage: 1 });
  });

  it('a batch that fails is written save by save: the bad save gets its error, the others are saved', async () => {
    const a = await learner();
    const b = await learner();
    const c = counted(t.db);
    const w = new ProgressWriter(c.db);
    const [bad, good] = await Promise.allSettled([
      w.save(save(a, { courseId: 'not-a-uuid', lastSecond: 5 })),
      w.save(save(b, { lastSecond: 9, completionPercentage: 2 })),
    ]);
    expect(bad.status).toBe('rejected');
    expect(String((bad as PromiseRejectedResult).reason)).toContain('invalid input syntax for type uuid');
    expect(good).toEqual({ status: 'fulfilled', value: expect.objectContaining({ last_second: 9 }) });
    expect(c.statements).toEqual(['progress_upsert_many:2', 'progress_upsert:1', 'progress_upsert:1']);
    // The writer goes on: the next save is written.
    expect(await w.save(save(b, { lastSecond: 11, completionPercentage: 2 }))).toMatchObject({
      last_second: 11,
    });
  });
});

describe('saves as HOT updates', () => {
  it('no index of episode_progress covers a column a save changes, and its pages keep room (fillfactor 85)', async () => {
    // What the save's ON CONFLICT branch sets (progress.repo.ts MERGED): with none of these indexed, PostgreSQL can
    // update the row in place on its page, with no new index entries (0021 dropped (user_id, updated_at)).
    const changed = [
      'last_second',
      'completion_percentage',
      'watched_at',
      'played',
      'played_added',
      'updated_at',
    ];
    const { rows } = await t.db.$client.query<{ index: string; columns: string[] }>(
      `select i.indexrelid::regclass::text as index,
              array(select a.attname::text from pg_attribute a where a.attrelid = i.indrelid and a.attnum = any(i.indkey)) as columns
       from pg_index i where i.indrelid = 'episode_progress'::regclass`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows)
      expect(
        r.columns.filter((c) => changed.includes(c)),
        r.index,
      ).toEqual([]);
    const options = await t.db.$client.query<{ reloptions: string[] | null }>(
      `select reloptions from pg_class where oid = 'episode_progress'::regclass`,
    );
    expect(options.rows[0]!.reloptions).toEqual(['fillfactor=85']);
  });
});
