import { api } from '../../../lib/api';

/**
 * `GET /cloudflare/get-signed-token?episodeId=`: where to play the episode and a token for it (up to an
 * hour). 403 NO_ACCESS when locked, 409 VIDEO_NOT_READY while it is being prepared, 404 without a video.
 */
export const getPlayback = (episodeId: string) =>
  api('GET /api/cloudflare/get-signed-token', { query: { episodeId }, auth: true });
