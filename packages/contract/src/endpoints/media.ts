import { adminVideoState } from '../admin-courses.js';
import { episodeIdParams } from '../courses.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';
import {
  coverFileParams,
  posterParams,
  signedPlayback,
  signedTokenQuery,
  streamParams,
  uploadParams,
} from '../media.js';

const tags = ['media'];
const admin = ['admin'];
const tus = 'tus 1.0 (creation, termination). Errors in the one error shape as the body.';

export const mediaEndpoints = endpointTable({
  // Signed playback (PRODUCT.md section 5): tokens for one video, and the checked HLS files behind them.
  'GET /api/cloudflare/get-signed-token': {
    audience: 'user',
    tags,
    summary: 'A short-lived playback token for the video of one episode',
    description:
      'Only for a learner entitled to the episode (teasers: anyone logged in). 409 VIDEO_NOT_READY while the video is being transcoded.',
    query: signedTokenQuery,
    answers: { 200: signedPlayback, 403: apiError, 404: apiError, 409: apiError },
  },
  'GET /api/preview/get-signed-token': {
    audience: 'public',
    tags,
    summary: "A visitor's short-lived playback token for a free preview (teaser) episode, without an account",
    description:
      'Teasers of published courses only: 403 NO_ACCESS for any other episode, 404 for an unknown or unpublished one. The token opens that video alone and saves no progress. Limited per client address (429 RATE_LIMITED). 409 VIDEO_NOT_READY while the video is being transcoded.',
    query: signedTokenQuery,
    answers: { 200: signedPlayback, 403: apiError, 404: apiError, 409: apiError, 429: apiError },
  },
  'GET /api/stream/:assetId/:token/*': {
    audience: 'public',
    tags,
    summary: 'HLS playlists, segments and captions of one video, for the holder of its playback token',
    params: streamParams,
  },
  'GET /api/media/poster/:id': {
    audience: 'public',
    tags,
    summary: "Poster image of a video (public, like a course's cover)",
    params: posterParams,
  },
  'GET /api/media/covers/:courseId/:file': {
    audience: 'public',
    tags,
    summary: "A course's cover image uploaded in the console (public)",
    params: coverFileParams,
  },

  // The console: the tus endpoint of video uploads (its HEAD is not a row: see uploads.routes.ts) and the
  // state of an episode's video.
  'POST /api/admin/uploads': {
    audience: 'admin',
    tags: admin,
    summary: 'Start a resumable video upload for an episode (tus)',
    description: tus,
  },
  'PATCH /api/admin/uploads/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'Send bytes of an upload from its offset (tus)',
    description: tus,
    params: uploadParams,
  },
  'DELETE /api/admin/uploads/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'Abandon an upload (tus termination)',
    description: tus,
    params: uploadParams,
  },
  'GET /api/admin/episodes/:id/video': {
    audience: 'admin',
    tags: admin,
    summary: "Where an episode's video is: none, queued, processing (percent), ready, failed (reason)",
    params: episodeIdParams,
    answers: { 200: adminVideoState, 404: apiError },
  },
  'GET /api/admin/episodes/:id/preview': {
    audience: 'admin',
    tags: admin,
    summary: "A playback token for an administrator's preview of an episode's video",
    params: episodeIdParams,
    answers: { 200: signedPlayback, 404: apiError, 409: apiError },
  },
});
