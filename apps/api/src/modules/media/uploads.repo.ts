import type { Db, TxClient } from '../../db/client.js';

/** The episode an upload is for, whether learners see it, and its course's status. */
export async function findUploadTarget(db: Db, episodeId: string) {
  const { rows } = await db.$client.query<{ id: string; published: boolean; course_status: string }>(
    `select e.id, e.published, c.status as course_status from episodes e join courses c on c.id = e.course_id
      where e.id = $1`,
    [episodeId],
  );
  return rows[0];
}

/**
 * Locks the episode and its course for the change of its video (publishing takes the course's lock too, so
 * a course cannot be published between the check and the change); answers the video and course status.
 */
export async function lockEpisodeVideo(c: TxClient, episodeId: string) {
  const { rows } = await c.query<{
    video_asset_id: string | null;
    published: boolean;
    course_status: string;
  }>(
    `select e.video_asset_id, e.published, c.status as course_status from episodes e join courses c on c.id = e.course_id
      where e.id = $1 for update of e, c`,
    [episodeId],
  );
  return rows[0];
}
