import { z } from 'zod';
import { uuid } from './common.js';

/** State of an episode's video in the pipeline; `none` when the episode has no video yet. */
export const videoStatus = z.enum(['none', 'queued', 'processing', 'ready', 'failed']);
export type VideoStatus = z.infer<typeof videoStatus>;

export const signedTokenQuery = z.object({ episodeId: uuid });

/** `GET /stream/:assetId/:token/*`: one video's file (a playlist, segment or caption track), by its token. */
export const streamParams = z.object({
  assetId: uuid,
  token: z.string().min(1).max(400),
  '*': z.string().max(200),
});
/** `GET /media/poster/:id`: a video's poster. */
export const posterParams = z.object({ id: uuid });
/** `GET /media/covers/:courseId/:file`: a cover uploaded in the console. */
export const coverFileParams = z.object({ courseId: uuid, file: z.string().max(40) });
/** `/admin/uploads/:id` (tus): an upload's id. */
export const uploadParams = z.object({ id: z.string().max(64) });

export const captionTrack = z.object({
  /** BCP 47 language of the track, e.g. `th`. */
  lang: z.string(),
  label: z.string(),
  /** WebVTT file, signed like the playlist. */
  url: z.string(),
});
export type CaptionTrack = z.infer<typeof captionTrack>;

/**
 * `GET /cloudflare/get-signed-token?episodeId=`: a short-lived token for one video and where to play it.
 * `playbackUrl` is an HLS master playlist (several renditions); every playlist and segment under it is checked
 * against the token. `provider` says who serves it: this platform (`local`) or Cloudflare Stream (`cloudflare`).
 */
export const signedPlayback = z.object({
  token: z.string(),
  playbackUrl: z.string(),
  expiresAt: z.string(),
  /** The token's lifetime from when it was issued: a learner's clock may be wrong, so renew from this. */
  expiresInSeconds: z.number().int(),
  provider: z.enum(['local', 'cloudflare']),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().int(),
  captions: z.array(captionTrack),
});
export type SignedPlayback = z.infer<typeof signedPlayback>;
