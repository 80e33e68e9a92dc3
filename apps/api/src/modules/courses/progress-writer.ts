import type { Db } from '../../db/client.js';
import {
  PROGRESS_UPSERT_MANY,
  toMultirange,
  upsertProgress,
  type ProgressSave,
  type SavedProgress,
} from './progress.repo.js';

interface Waiting {
  save: ProgressSave;
  done: (row: SavedProgress | undefined) => void;
  fail: (err: unknown) => void;
}

const key = (s: ProgressSave) => `${s.userId}:${s.episodeId}:${s.courseId}`;

/** Two saves of one episode as if one after the other: the later position, the higher percentage, both ranges. */
function together(a: ProgressSave, b: ProgressSave): ProgressSave {
  const completionPercentage =
    a.completionPercentage === null
      ? b.completionPercentage
      : b.completionPercentage === null
        ? a.completionPercentage
        : Math.max(a.completionPercentage, b.completionPercentage);
  const ranges = a.ranges && b.ranges ? [...a.ranges, ...b.ranges] : (a.ranges ?? b.ranges);
  return { ...b, completionPercentage, ranges };
}

/**
 * Writes progress saves in batches: the saves that arrive in one turn of the event loop go to PostgreSQL
 * as one statement (one round trip, one commit, one WAL flush for all of them), up to `maxBatch` at a time
 * and `maxInFlight` statements at once. One at a time by default: what arrives meanwhile goes in the next
 * statement, and a second statement in flight waited on the first's row locks whenever a learner's saves were
 * in both (paced 4,000 saves/s of 2,000 learners: p99 493-615 ms with four in flight, 59-116 ms with one; the
 * same learner's saves in one statement are also one row written, not two). Each save is answered only once its statement has committed, so an
 * acknowledged save is as durable as one written alone. Two saves of one learner's episode in one batch
 * become one row, as they would one after the other: the later position, the higher completion, the
 * ranges of both. Should a batch fail, its saves are written one by one, so one bad save cannot sink the
 * others.
 */
export class ProgressWriter {
  private queue: Waiting[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 200,
    private readonly maxInFlight = 1,
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
        merged.set(key(save), before ? together(before, save) : save);
      }
      // The statement itself writes its rows in (learner, episode) order (PROGRESS_UPSERT_MANY's `order by`),
      // so two batches in flight at once that share a row wait for each other instead of deadlocking.
      const rows = [...merged.values()];
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
            rows.map((r) => r.completionPercentage),
            rows.map((r) => toMultirange(r.ranges)),
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
