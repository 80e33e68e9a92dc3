import { PROGRESS_UPSERT, PROGRESS_UPSERT_MANY } from '../modules/courses/index.js';
import { USER_BY_ID } from '../modules/accounts/index.js';
import { SESSIONS_LIVE, SESSIONS_TOUCH } from '../plugins/auth.js';
import type { Db } from '../db/client.js';

const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * The statements of the hottest paths (a session check and its "last used", the user, a progress save),
 * with arguments that match nothing, under the names they run by: each connection plans them here, rather
 * than in the first requests after a start.
 */
const HOT: { name: string; text: string; values: unknown[] }[] = [
  { name: 'sessions_live', text: SESSIONS_LIVE, values: [[NOBODY]] },
  { name: 'sessions_touch', text: SESSIONS_TOUCH, values: [[NOBODY]] },
  { name: 'user_by_id', text: USER_BY_ID, values: [NOBODY] },
  { name: 'progress_upsert', text: PROGRESS_UPSERT, values: [NOBODY, NOBODY, NOBODY, 0, 0, null] },
  { name: 'progress_upsert_many', text: PROGRESS_UPSERT_MANY, values: [[], [], [], [], [], []] },
];

/**
 * How often each runs: PostgreSQL plans a prepared statement afresh for each of its first five executions on
 * a connection (custom plans) and only then weighs one generic plan for all later ones; left to the first
 * requests, that is five plannings of each hot statement on every connection in the first second of traffic.
 */
const RUNS = 6;

/**
 * Before the listener opens: every connection of the pool opened (connecting and authenticating is the
 * slow part of a cold start) and the hot statements prepared and planned on each.
 */
export async function warmUp(db: Db, connections: number) {
  const clients = await Promise.all(Array.from({ length: connections }, () => db.$client.connect()));
  try {
    await Promise.all(
      clients.map(async (c) => {
        for (const statement of HOT) for (let n = 0; n < RUNS; n++) await c.query(statement);
      }),
    );
  } finally {
    for (const c of clients) c.release();
  }
}
