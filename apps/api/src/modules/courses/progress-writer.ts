import type { Db } from '../../db/client.js';
import {
  upsertProgress,
  WATCHED_AT_PERCENT,
  type ProgressSave,
  type SavedProgress,
} from './progress.repo.js';

/**
 * The many-rows form of the progress upsert (progress.repo.ts): the same rule for each row (a published
 * episode of that course, a teaser or one the learner is entitled to; the position clamped to the duration;
 * the completion never decreasing; watched set once), in one statement and one commit.
 */
export const PROGRESS_UPSERT_MANY = `with input as (
             select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::int[])
               as i(user_id, episode_id, course_id, last_second, percent)),
           ep as (
             select i.user_id, e.id, e.course_id, e.duration_seconds, i.last_second, i.percent
             from input i join episodes e on e.id = i.episode_id and e.course_id = i.course_id
             join courses c on c.id = e.course_id
             where e.published and c.status = 'published'
               and (e.is_teaser or (select a.reason from course_access(i.user_id, c.id) a) <> 'none'))
           insert into episode_progress (user_id, episode_id, course_id, last_second, completion_percentage, watched_at, updated_at)
           select ep.user_id, ep.id, ep.course_id,
                  case when ep.duration_seconds > 0 then least(ep.last_second, ep.duration_seconds) else ep.last_second end,
                  ep.percent, case when ep.percent >= ${WATCHED_AT_PERCENT} then now() end, now()
           from ep
           order by ep.user_id, ep.id
           on conflict (user_id, episode_id) do update set
             last_second = excluded.last_second,
             completion_percentage = greatest(episode_progress.completion_percentage, excluded.completion_percentage),
             watched_at = coalesce(episode_progress.watched_at, excluded.watched_at),
             updated_at = now()
           returning user_id, episode_id, course_id, last_second, completion_percentage, watched_at, updated_at`;

interface Waiting {
  save: ProgressSave;
  done: (row: SavedProgress | undefined) => void;
  fail: (err: unknown) => void;
}

const key = (s: ProgressSave) => `${s.userId}:${s.episodeId}:${s.courseId}`;

/**
 * Writes progress saves in batches: the saves that arrive in one turn of the event loop go to PostgreSQL
 * as one statement (one round trip, one commit, one WAL flush for all of them), up to `maxBatch` at a time
 * and `maxInFlight` statements at once. Each save is answered only once its statement has committed, so an
 * acknowledged save is as durable as one written alone. Two saves of one learner's episode in one batch
 * become one row, as they would one after the other: the later position, the higher completion. Should a
 * batch fail, its saves are written one by one, so one bad save cannot sink the others.
 */
export class ProgressWriter {
  private queue: Waiting[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 200,
    private readonly maxInFlight = 4,
  ) {}

  save(save: ProgressSave): Promise<SavedProgress | undefined> {
    return new Promise((done, fail) => {
      this.queue.push({ save, done, fail });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || !this.queue.length || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.queue.length && this.inFlight < this.maxInFlight) {
        void this.write(this.queue.splice(0, this.maxBatch));
      }
    });
  }

  private async write(batch: Waiting[]) {
    this.inFlight++;
    try {
      const merged = new Map<string, ProgressSave>();
      for (const { save } of batch) {
        const before = merged.get(key(save));
        merged.set(key(save), before ? { ...save, percent: Math.max(before.percent, save.percent) } : save);
      }
      // Every batch takes its rows' locks in the same order, so two batches in flight at once that share a
      // row wait for each other instead of deadlocking (which PostgreSQL would notice only after a second).
      const rows = [...merged.values()].sort((x, y) =>
        x.userId === y.userId ? (x.episodeId < y.episodeId ? -1 : 1) : x.userId < y.userId ? -1 : 1,
      );
      if (rows.length === 1) {
        const row = await upsertProgress(this.db, rows[0]!);
        for (const w of batch) w.done(row);
        return;
      }
      try {
        const { rows: saved } = await this.db.$client.query<
          SavedProgress & { user_id: string; episode_id: string; course_id: string }
        >({
          name: 'progress_upsert_many',
          text: PROGRESS_UPSERT_MANY,
          values: [
            rows.map((r) => r.userId),
            rows.map((r) => r.episodeId),
            rows.map((r) => r.courseId),
            rows.map((r) => r.lastSecond),
            rows.map((r) => r.percent),
          ],
        });
        const byRow = new Map(saved.map((r) => [`${r.user_id}:${r.episode_id}:${r.course_id}`, r]));
        for (const w of batch) w.done(byRow.get(key(w.save)));
      } catch {
        // One by one: each save gets its own answer (or its own error).
        for (const w of batch) await upsertProgress(this.db, w.save).then(w.done, w.fail);
      }
    } catch (err) {
      for (const w of batch) w.fail(err);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
