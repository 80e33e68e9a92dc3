import type { Db } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { videoAssets } from '../../db/schema.js';

export interface PlaybackAsset {
  id: string;
  status: 'queued' | 'processing' | 'ready' | 'failed';
  captions: { lang: string; label: string }[];
  has_poster: boolean;
  cloudflare_uid: string | null;
  duration_seconds: number;
}

/** What playback needs of one video asset. */
export async function findPlaybackAsset(db: Db, assetId: string): Promise<PlaybackAsset | undefined> {
  const { rows } = await db.$client.query<PlaybackAsset>(
    `select id, status, captions, has_poster, cloudflare_uid, duration_seconds from video_assets where id = $1`,
    [assetId],
  );
  return rows[0];
}

export interface AssetState {
  id: string;
  status: PlaybackAsset['status'];
  progress: number;
  error: string | null;
  duration_seconds: number;
  has_poster: boolean;
  updated_at: Date;
}

/** The asset's columns of findEpisodeVideo, all null when the episode has no asset (`left join`). */
type AssetColumns = Pick<RowOf<typeof videoAssets>, keyof AssetState>;
type EpisodeVideoRow = AssetColumns | { [K in keyof AssetColumns]: null };

/**
 * An episode's video and where it is in the pipeline: undefined when there is no such episode, `video` null
 * when the episode has none yet.
 */
export async function findEpisodeVideo(
  db: Db,
  episodeId: string,
): Promise<{ video: AssetState | null } | undefined> {
  const { rows } = await db.$client.query<EpisodeVideoRow>(
    `select a.id, a.status, a.progress, a.error, a.duration_seconds, a.has_poster, a.updated_at
       from episodes e left join video_assets a on a.id = e.video_asset_id where e.id = $1`,
    [episodeId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { video: row.id === null ? null : row };
}
