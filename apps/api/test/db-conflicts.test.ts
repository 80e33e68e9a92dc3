import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, inTransaction, transaction, type Db } from '../src/db/client.js';
import { unavailable } from '../src/db/errors.js';
import { createTestDatabase } from './test-database.js';

/*
 * Transactions that PostgreSQL breaks off for meeting another (a deadlock, a serialization failure) run again
 * instead of answering the learner 500; the errors that mean the database cannot serve for a moment are told
 * apart from our own faults (answered 503 with Retry-After: system.test.ts). A database without the app.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 5);
  await db.$client.query('create table conflict_rows (id int primary key, n int not null default 0)');
});
afterAll(async () => {
  await db.$client.end();
  await database.drop();
});

/** A promise that settles once `count` parties have called `arrive`. */
function meeting(count: number) {
  let arrived = 0;
  let open!: () => void;
  const together = new Promise<void>((resolve) => (open = resolve));
  return {
    arrive: () => {
      if (++arrived === count) open();
      return together;
    },
  };
}

const rows = async () =>
  (await db.$client.query<{ id: number; n: number }>('select id, n from conflict_rows order by id')).rows;

type Update = (id: number) => Promise<unknown>;
/** Each of two transactions takes one row, waits until the other holds its own, then wants the other's. */
async function crossedUpdates(run: (work: (update: Update) => Promise<void>) => Promise<void>) {
  await db.$client.query('truncate conflict_rows');
  await db.$client.query('insert into conflict_rows (id) values (1), (2)');
  const both = meeting(2);
  let runs = 0;
  const crossed = (first: number, second: number) =>
    run(async (update) => {
      runs++;
      await update(first);
      await both.arrive(); // a second run finds the meeting over and goes straight on
      await update(second);
    });
  const outcomes = await Promise.allSettled([crossed(1, 2), crossed(2, 1)]);
  return { outcomes, runs };
}

describe('transactions that meet another', () => {
  it('a deadlock breaks off one of two raw-SQL transactions, which runs again: both commit', async () => {
    const { outcomes, runs } = await crossedUpdates((work) =>
      inTransaction(db, (c) =>
        work((id) => c.query('update conflict_rows set n = n + 1 where id = $1', [id])),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBe(3); // PostgreSQL chose one of them, once
    expect(await rows()).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('a Drizzle transaction broken off by a deadlock runs again the same way', async () => {
    const { outcomes, runs } = await crossedUpdates((work) =>
      transaction(db, (tx) =>
        work((id) => tx.execute(sql`update conflict_rows set n = n + 1 where id = ${id}`)),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBe(3);
    expect(await rows()).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('a transaction that keeps meeting others gives up after four runs, leaving nothing behind', async () => {
    await db.$client.query('truncate conflict_rows');
    let runs = 0;
    const failing = inTransaction(db, async (c) => {
      runs++;
      await c.query('insert into conflict_rows (id) values ($1)', [runs]);
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await expect(failing).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(4);
    expect(await rows()).toEqual([]);
  });

  it('any other failure is not run again', async () => {
    await db.$client.query('truncate conflict_rows');
    await db.$client.query('insert into conflict_rows (id) values (1)');
    let runs = 0;
    const duplicate = inTransaction(db, async (c) => {
      runs++;
      await c.query('insert into conflict_rows (id) values (1)');
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});

describe('errors that mean the database cannot serve for a moment', () => {
  it('a connection refused, a backend terminated, a conflict left over: unavailable', async () => {
    const refused = new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const connectError = await refused.connect().catch((err: unknown) => err);
    expect(unavailable(connectError)).toBe(true); // ECONNREFUSED

    const victim = new pg.Client({ connectionString: database.url });
    await victim.connect();
    victim.on('error', () => {});
    const { rows: me } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
    const held = victim.query('select pg_sleep(60)').catch((err: unknown) => err);
    // Ended once its sleep is running: on a busy machine the query may not have reached the server yet, and
    // terminating an idle connection would leave the sleep to run its 60 s.
    for (;;) {
      const { rowCount } = await db.$client.query(
        `select pg_terminate_backend($1) from pg_stat_activity
          where pid = $1 and state = 'active' and query like 'select pg_sleep%'`,
        [me[0]!.pid],
      );
      if (rowCount) break;
    }
    const terminated = await held;
    expect((terminated as { code?: string }).code).toBe('57P01');
    expect(unavailable(terminated)).toBe(true);
    const afterwards = await victim.query('select 1').catch((err: unknown) => err);
    expect(unavailable(afterwards)).toBe(true); // the connection it was on is gone
    await victim.end().catch(() => {});

    expect(unavailable(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(unavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('our own faults and a request the database refused are not', async () => {
    const wrong = await db.$client.query('select * from no_such_table').catch((err: unknown) => err);
    expect((wrong as { code?: string }).code).toBe('42P01');
    expect(unavailable(wrong)).toBe(false);
    const duplicate = await db.$client
      .query('insert into conflict_rows (id) values (1), (1)')
      .catch((err: unknown) => err);
    expect(unavailable(duplicate)).toBe(false);
    expect(unavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(unavailable('ECONNREFUSED')).toBe(false);
  });
});
