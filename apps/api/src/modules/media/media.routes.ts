import { apiError, signedPlayback, signedTokenQuery } from '@rianroo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import type { CoursesService } from '../courses/courses.service.js';
import { CloudflareStreamSigner, PlaybackSigner } from './playback-tokens.js';
import { parseRange } from './ranges.js';

const STREAM_FILE =
  /^(master\.m3u8|\d{3,4}p\/(index\.m3u8|seg_\d{4,5}\.ts)|captions\/[a-z]{2,3}\.(m3u8|vtt))$/;
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
};

const invalidToken = (message: string) => new AppError('PLAYBACK_TOKEN_INVALID', 403, message);

interface AssetRow {
  id: string;
  status: string;
  captions: { lang: string; label: string }[];
  has_poster: boolean;
  cloudflare_uid: string | null;
  duration_seconds: number;
}

/** Signed playback (PRODUCT.md section 5): tokens for one video, and the checked HLS files behind them. */
export const mediaRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (app, { courses }) => {
  const signer = new PlaybackSigner(app.config.jwtSecret);
  const cloudflare = app.config.cloudflareStream
    ? new CloudflareStreamSigner(app.config.cloudflareStream)
    : null;

  app.get(
    '/cloudflare/get-signed-token',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['media'],
        security: [{ bearerAuth: [] }],
        summary: 'A short-lived playback token for the video of one episode',
        description:
          'Only for a learner entitled to the episode (teasers: anyone logged in). 409 VIDEO_NOT_READY while the video is being transcoded.',
        querystring: signedTokenQuery,
        response: { 200: signedPlayback, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) => {
      const episode = await courses.watchableEpisode(request.auth.userId, request.query.episodeId);
      const { rows } = await app.db.$client.query<AssetRow>(
        `select id, status, captions, has_poster, cloudflare_uid, duration_seconds from video_assets where id = $1`,
        [episode.video_asset_id],
      );
      const asset = rows[0];
      if (!asset) throw notFound('Video of this episode');
      if (asset.status !== 'ready')
        throw new AppError(
          'VIDEO_NOT_READY',
          409,
          'The video is still being prepared; try again shortly',
          undefined,
          {
            videoStatus: asset.status,
          },
        );
      const exp = Math.floor(Date.now() / 1000) + app.config.playbackTokenTtl;
      const expiresAt = new Date(exp * 1000).toISOString();
      if (cloudflare && asset.cloudflare_uid) {
        const signed = await cloudflare.sign(asset.cloudflare_uid, exp);
        return {
          ...signed,
          expiresAt,
          provider: 'cloudflare' as const,
          durationSeconds: asset.duration_seconds,
          captions: [],
        };
      }
      const token = signer.sign({
        assetId: asset.id,
        userId: request.auth.userId,
        sessionId: request.auth.sessionId,
        exp,
      });
      const base = `/api/stream/${asset.id}/${token}`;
      return {
        token,
        playbackUrl: `${base}/master.m3u8`,
        expiresAt,
        provider: 'local' as const,
        posterUrl: asset.has_poster ? `/api/media/poster/${asset.id}` : null,
        durationSeconds: asset.duration_seconds,
        captions: asset.captions.map((c) => ({ ...c, url: `${base}/captions/${c.lang}.vtt` })),
      };
    },
  );

  /** Sends a stored file with byte ranges, validators and the given caching. */
  async function sendStored(request: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string) {
    const stat = await app.storage.stat(key);
    if (!stat) throw notFound('File');
    const etag = `"${stat.size.toString(36)}-${stat.modified.getTime().toString(36)}"`;
    const range = parseRange(request.headers.range, stat.size);
    if (range === 'unsatisfiable')
      throw new AppError(
        'BAD_REQUEST',
        416,
        'The requested range is outside the file',
        undefined,
        undefined,
        {
          'content-range': `bytes */${stat.size}`,
        },
      );
    const ext = key.slice(key.lastIndexOf('.') + 1);
    reply
      .header('content-type', TYPES[ext] ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header('last-modified', stat.modified.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(await app.storage.read(key, range));
    }
    return reply.header('content-length', stat.size).send(await app.storage.read(key));
  }

  app.get(
    '/stream/:assetId/:token/*',
    {
      schema: {
        tags: ['media'],
        summary: 'HLS playlists, segments and captions of one video, for the holder of its playback token',
        params: z.object({ assetId: z.uuid(), token: z.string().min(1).max(400), '*': z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const claims = signer.verify(request.params.token);
      if (!claims) throw invalidToken('This playback link is not valid');
      if (claims === 'expired') throw invalidToken('This playback link has expired; ask for a new one');
      if (claims.assetId !== request.params.assetId)
        throw invalidToken('This playback link is for another video');
      const file = request.params['*'];
      if (!STREAM_FILE.test(file)) throw notFound('File');
      // Signing out ends playback too (the session check is cached for a few seconds).
      if (!(await app.sessions.liveRole(claims.sessionId, claims.userId)))
        throw invalidToken('The session of this playback link has ended');
      const remaining = Math.max(0, claims.exp - Math.floor(Date.now() / 1000));
      // Segments never change; they may be cached as long as the token in their URL is valid.
      const cache = file.endsWith('.ts')
        ? `private, max-age=${remaining}, immutable`
        : `private, max-age=${Math.min(60, remaining)}`;
      return sendStored(request, reply, `videos/${claims.assetId}/${file}`, cache);
    },
  );

  app.get(
    '/media/poster/:id',
    {
      schema: {
        tags: ['media'],
        summary: "Poster image of a video (public, like a course's cover)",
        params: z.object({ id: z.uuid() }),
      },
    },
    (request, reply) =>
      sendStored(request, reply, `videos/${request.params.id}/poster.jpg`, 'public, max-age=86400'),
  );
};
