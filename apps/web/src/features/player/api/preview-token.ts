import { api } from '../../../lib/api';

/**
 * `GET /preview/get-signed-token?episodeId=`: a visitor's token for a free preview (a teaser), without an
 * account. 403 NO_ACCESS for any other episode, 404 unknown, 409 VIDEO_NOT_READY, 429 when asked too often.
 */
export const getPreviewPlayback = (episodeId: string) =>
  api('GET /api/preview/get-signed-token', { query: { episodeId } });
