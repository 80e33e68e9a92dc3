import type { Db, TxClient } from '../../db/client.js';

/** The episode an upload is for, and its course's status. */
export async function findUploadTarget(db: Db, episodeId: string) {
  const { rows } = await db.$client.query<{ id: string; course_status: string }>(
    `select e.id, c.status as course_status from episodes e join courses c on c.id = e.course_id
      where e.id = $1`,
    [episodeId],
  );
  return rows[0];
}

/** Locks the episode's row for the change of its video; answers its current video. */
export async function lockEpisodeVideo(c: TxClient, episodeId: string): Promise<string | null> {
  const { rows } = await c.query<{ video_asset_id: string | null }>(
    `select video_asset_id from episodes where id = $1 for update`,
    [episodeId],
  );
  return rows[0]?.video_asset_id ?? null;
}
