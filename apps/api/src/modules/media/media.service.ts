import { COVER_WIDTHS, type SignedPlayback } from '@rianroo/contract';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import type { SessionGuard } from '../../plugins/auth.js';
import type { CoursesService } from '../courses/index.js';
import type { AdminVideoState } from '@rianroo/contract';
import { findEpisodeVideo, findPlaybackAsset } from './media.repo.js';
import { CloudflareStreamSigner, PlaybackSigner, type PlaybackViewer } from './playback-tokens.js';
import { parseRange } from './ranges.js';

const STREAM_FILE =
  /^(master\.m3u8|\d{3,4}p\/(index\.m3u8|seg_\d{4,5}\.ts)|captions\/[a-z]{2,3}\.(m3u8|vtt))$/;
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** A cover as uploaded (`<hash>.png`), or one of its WebP copies (`<hash>-720.webp`: courses' cover-copies.ts). */
const COVER_FILE = new RegExp(`^[0-9a-f]{16}(\\.(jpg|png|webp)|-(${COVER_WIDTHS.join('|')})\\.webp)$`);

const invalidToken = (message: string) => new AppError('PLAYBACK_TOKEN_INVALID', 403, message);

/** A stored file as answered: status, headers and (unless 304) the bytes. */
export interface StoredAnswer {
  status: 200 | 206 | 304;
  headers: Record<string, string | number>;
  body?: Readable;
}

export interface Viewer {
  userId: string;
  sessionId: string;
}

export interface MediaDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'cloudflareStream' | 'playbackTokenTtl'>;
  sessions: SessionGuard;
  storage: Storage;
}

/** Signed playback (PRODUCT.md section 5): tokens for one video, and the checked files behind them. */
export class MediaService {
  private readonly signer: PlaybackSigner;
  private readonly cloudflare: CloudflareStreamSigner | null;

  constructor(
    private readonly deps: MediaDeps,
    private readonly courses: CoursesService,
  ) {
    this.signer = new PlaybackSigner(deps.config.jwtSecret);
    this.cloudflare = deps.config.cloudflareStream
      ? new CloudflareStreamSigner(deps.config.cloudflareStream)
      : null;
  }

  /** A learner's playback of an episode they may watch. */
  async playbackForLearner(viewer: Viewer, episodeId: string): Promise<SignedPlayback> {
    const episode = await this.courses.watchableEpisode(viewer.userId, episodeId);
    return this.playbackOf(viewer, episode.video_asset_id);
  }

  /**
   * A visitor's playback of a free preview, without an account: the same gate as a learner's (for a visitor
   * only a teaser of a published course is open; 404 or 403 NO_ACCESS otherwise), and a token for that teaser's
   * video alone, which no session ends (it expires like the others).
   */
  async playbackForVisitor(episodeId: string): Promise<SignedPlayback> {
    const episode = await this.courses.watchableEpisode(null, episodeId);
    return this.playbackOf({ visitor: true }, episode.video_asset_id);
  }

  /**
   * Playback of an asset for a viewer already allowed to see it (a learner entitled, an administrator, a
   * visitor for a teaser).
   */
  async playbackOf(viewer: PlaybackViewer, assetId: string | null): Promise<SignedPlayback> {
    const asset = assetId ? await findPlaybackAsset(this.deps.db, assetId) : undefined;
    if (!asset) throw notFound('Video of this episode');
    if (asset.status !== 'ready')
      throw new AppError(
        'VIDEO_NOT_READY',
        409,
        'The video is still being prepared; try again shortly',
        undefined,
        { videoStatus: asset.status },
      );
    const expiresInSeconds = this.deps.config.playbackTokenTtl;
    const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const expiresAt = new Date(exp * 1000).toISOString();
    if (this.cloudflare && asset.cloudflare_uid) {
      const signed = await this.cloudflare.sign(asset.cloudflare_uid, exp);
      return {
        ...signed,
        expiresAt,
        expiresInSeconds,
        provider: 'cloudflare' as const,
        durationSeconds: asset.duration_seconds,
        captions: [],
      };
    }
    const token = this.signer.sign({ ...viewer, assetId: asset.id, exp });
    const base = `/api/stream/${asset.id}/${token}`;
    return {
      token,
      playbackUrl: `${base}/master.m3u8`,
      expiresAt,
      expiresInSeconds,
      provider: 'local' as const,
      posterUrl: asset.has_poster ? `/api/media/poster/${asset.id}` : null,
      durationSeconds: asset.duration_seconds,
      captions: asset.captions.map((c) => ({ ...c, url: `${base}/captions/${c.lang}.vtt` })),
    };
  }

  /** Where an episode's video is in the pipeline, for the console. */
  async videoState(episodeId: string): Promise<AdminVideoState> {
    const a = (await this.episodeVideo(episodeId)).video;
    if (!a) return { status: 'none', progress: 0, error: null, durationSeconds: 0, posterUrl: null };
    return {
      status: a.status,
      progress: a.status === 'ready' ? 100 : a.progress,
      error: a.status === 'failed' ? a.error : null,
      durationSeconds: a.duration_seconds,
      posterUrl: a.has_poster ? `/api/media/poster/${a.id}` : null,
    };
  }

  /** An administrator's preview of an episode's video, published or not. */
  async preview(viewer: Viewer, episodeId: string): Promise<SignedPlayback> {
    const { video } = await this.episodeVideo(episodeId);
    return this.playbackOf(viewer, video?.id ?? null);
  }

  private async episodeVideo(episodeId: string) {
    const episode = await findEpisodeVideo(this.deps.db, episodeId);
    if (!episode) throw notFound('Episode');
    return episode;
  }

  /** One HLS file of a video, for the holder of a valid token (of a live session, unless a visitor's). */
  async streamFile(assetId: string, token: string, file: string, headers: RequestHeaders) {
    const claims = this.signer.verify(token);
    if (!claims) throw invalidToken('This playback link is not valid');
    if (claims === 'expired') throw invalidToken('This playback link has expired; ask for a new one');
    if (claims.assetId !== assetId) throw invalidToken('This playback link is for another video');
    if (!STREAM_FILE.test(file)) throw notFound('File');
    // Signing out ends playback too (the session check is cached for a few seconds). A visitor's token has no
    // session: it was signed for a teaser's video only, and the check above keeps it to that video.
    if (!('visitor' in claims) && !(await this.deps.sessions.liveRole(claims.sessionId, claims.userId)))
      throw invalidToken('The session of this playback link has ended');
    const remaining = Math.max(0, claims.exp - Math.floor(Date.now() / 1000));
    // Segments never change; they may be cached as long as the token in their URL is valid.
    const cache = file.endsWith('.ts')
      ? `private, max-age=${remaining}, immutable`
      : `private, max-age=${Math.min(60, remaining)}`;
    return this.stored(`videos/${claims.assetId}/${file}`, cache, headers);
  }

  poster(assetId: string, headers: RequestHeaders) {
    return this.stored(`videos/${assetId}/poster.jpg`, 'public, max-age=86400', headers);
  }

  /** A course's cover image (public, like the catalogue); its name changes with its content. */
  cover(courseId: string, file: string, headers: RequestHeaders) {
    if (!COVER_FILE.test(file)) throw notFound('File');
    return this.stored(`covers/${courseId}/${file}`, 'public, max-age=31536000, immutable', headers);
  }

  /** A stored file with byte ranges, validators and the given caching. */
  async stored(key: string, cacheControl: string, req: RequestHeaders): Promise<StoredAnswer> {
    const stat = await this.deps.storage.stat(key);
    if (!stat) throw notFound('File');
    const etag = `"${stat.size.toString(36)}-${stat.modified.getTime().toString(36)}"`;
    const range = parseRange(req.range, stat.size);
    if (range === 'unsatisfiable')
      throw new AppError(
        'BAD_REQUEST',
        416,
        'The requested range is outside the file',
        undefined,
        undefined,
        { 'content-range': `bytes */${stat.size}` },
      );
    const ext = key.slice(key.lastIndexOf('.') + 1);
    const headers: Record<string, string | number> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      'cache-control': cacheControl,
      etag,
      'last-modified': stat.modified.toUTCString(),
    };
    if (req.ifNoneMatch === etag) return { status: 304, headers };
    if (range) {
      headers['content-range'] = `bytes ${range.start}-${range.end}/${stat.size}`;
      headers['content-length'] = range.end - range.start + 1;
      return { status: 206, headers, body: await this.deps.storage.read(key, range) };
    }
    headers['content-length'] = stat.size;
    return { status: 200, headers, body: await this.deps.storage.read(key) };
  }
}

export interface RequestHeaders {
  range?: string;
  ifNoneMatch?: string;
}
