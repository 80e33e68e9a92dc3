import type { Db, TxClient } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { courseSummaries } from '../../db/schema.js';

type SummaryRow = RowOf<typeof courseSummaries>;
type Missing<T> = { [K in keyof T]: T[K] | null };

/**
 * A course and the summary PDF attached to it: the summary's columns are null when none is attached. The
 * uploader's name is the one the console shows (display name, else first and last name, else null).
 */
export type CourseSummaryState = { course_id: string } & Missing<Omit<SummaryRow, 'course_id'>> & {
    uploader_name: string | null;
  };

/**
 * The course's summary state; undefined when there is no such course. `forUpdate` takes the course's row lock
 * first, the lock every console write of the course takes (so an attach waits for an edit of the course, and
 * the reverse). In a statement of its own: a `for update` waiting in the read itself would, once let through,
 * see the course's row as it is now but its summary as it was when the statement started.
 */
export async function readState(
  c: TxClient | Db['$client'],
  courseId: string,
  forUpdate = false,
): Promise<CourseSummaryState | undefined> {
  if (forUpdate) {
    const locked = await c.query(`select 1 from courses where id = $1 for update`, [courseId]);
    if (!locked.rowCount) return undefined;
  }
  const { rows } = await c.query<CourseSummaryState>(
    `select c.id as course_id, s.storage_key, s.file_name, s.byte_size, s.sha256, s.uploaded_by, s.uploaded_at,
            nullif(trim(coalesce(nullif(u.display_name, ''), u.first_name || ' ' || u.last_name)), '')
              as uploader_name
     from courses c
     left join course_summaries s on s.course_id = c.id
     left join users u on u.id = s.uploaded_by
     where c.id = $1`,
    [courseId],
  );
  return rows[0];
}

/** The attached summary of a course, when there is one. */
export async function attachedSummary(db: Db, courseId: string) {
  const { rows } = await db.$client.query<Pick<SummaryRow, 'storage_key' | 'sha256' | 'file_name'>>(
    `select storage_key, sha256, file_name from course_summaries where course_id = $1`,
    [courseId],
  );
  return rows[0];
}

/** Attaches the file to the course, replacing what was attached. */
export async function upsertSummary(c: TxClient, row: Omit<SummaryRow, 'uploaded_at'>) {
  await c.query(
    `insert into course_summaries (course_id, storage_key, file_name, byte_size, sha256, uploaded_by)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (course_id) do update set storage_key = excluded.storage_key, file_name = excluded.file_name,
       byte_size = excluded.byte_size, sha256 = excluded.sha256, uploaded_by = excluded.uploaded_by,
       uploaded_at = now()`,
    [row.course_id, row.storage_key, row.file_name, row.byte_size, row.sha256, row.uploaded_by],
  );
}

export async function deleteSummary(c: TxClient, courseId: string) {
  await c.query(`delete from course_summaries where course_id = $1`, [courseId]);
}
