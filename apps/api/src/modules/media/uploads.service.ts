import { uploadMetadata } from '@rianroo/contract';
import type { Server, Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../config.js';
import { inTransaction, type Db } from '../../db/client.js';
import { PgLocker, type Arrival } from '../../lib/pg-locker.js';
import type { Storage } from '../../lib/storage.js';
import { recordAudit } from '../audit/index.js';
import { HEAD_BYTES, videoContainer } from '../../lib/file-types.js';
import { findUploadTarget, lockEpisodeVideo } from './uploads.repo.js';
import { JsonErrorsTusServer, tusErrorAnswer } from './tus-answers.js';
import { notAVideo, TusRefusal, tusStore, uploadKey } from './tus-store.js';
import type { VideoService } from './videos.service.js';

export const UPLOADS_PATH = '/api/admin/uploads';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** The metadata the console sends, as far as the server reads it: the episode (a real UUID). */
const episodeMetadata = uploadMetadata.pick({ episodeId: true });

/**
 * The administrator and request log behind a raw request tus is handling (set by the route, after the admin
 * gate), and a PATCH's claim as arrived (`PgLocker.arrive`).
 */
const callers = new WeakMap<
  IncomingMessage,
  { actorId: string; log: FastifyBaseLogger; arrival?: Arrival }
>();
const nodeOf = (req: Request) =>
  (req as Request & { runtime?: { node?: { req: IncomingMessage; res: ServerResponse } } }).runtime!.node!;

export interface UploadsDeps {
  db: Db;
  /** All of it: the tus store reads the storage settings (tusStore). */
  config: Config;
  storage: Storage;
  videos: Pick<VideoService, 'attachUpload'>;
  log: FastifyBaseLogger;
}

/**
 * Resumable video uploads (tus 1.0, `@tus/server`): an administrator creates an upload for one episode,
 * sends its bytes in as many requests as it takes, and when the last byte is in, the file becomes the
 * episode's video and is queued for transcoding. Only video containers (by their first bytes) and files
 * up to UPLOAD_MAX_BYTES are taken.
 */
export class UploadsService {
  private tus?: Server;
  private locker?: PgLocker;
  private stopLocks?: () => Promise<void>;

  constructor(private readonly deps: UploadsDeps) {}

  /** Lets go of the upload locks (the composer calls it when the app closes); nothing before start(). */
  async stop() {
    await this.stopLocks?.();
  }

  async start() {
    const max = this.deps.config.uploadMaxBytes;
    // One upload worked on by one request at a time, in whichever process (several behind a load balancer).
    const pool = this.deps.db.$client;
    const locks = await PgLocker.start({
      pool,
      connectionString: pool.options.connectionString!,
      log: this.deps.log,
    });
    this.stopLocks = locks.stop;
    this.locker = locks.locker;
    this.tus = new JsonErrorsTusServer({
      path: UPLOADS_PATH,
      datastore: await tusStore(this.deps.config),
      // Where an upload stands (HEAD) is answered once the PATCHes that arrived before it have taken the upload
      // (a dropped one writes what it has first), so that the offset answered is the one to resume from.
      locker: (req) =>
        locks.locker.forRequest({
          afterArrivals: req.method === 'HEAD',
          arrival: callers.get(nodeOf(req).req)?.arrival,
        }),
      maxSize: max,
      // The API's CORS allow-list (CORS_ORIGINS), not tus's default of any origin ('*'); the platform's own
      // origin needs none.
      allowedOrigins: (origin) => this.deps.config.corsOrigins.includes(origin),
      // A finished upload's file is the source of its episode's video (transcoded from it): never deleted by a
      // client's DELETE (a second tab, a tus client's abort); 400 in the one error shape.
      disableTerminationForFinishedUploads: true,
      namingFunction: () => uploadKey(crypto.randomUUID().replace(/-/g, '')),
      generateUrl: (_req, { path, id }) => `${path}/${id.slice('uploads/'.length)}`,
      getFileIdFromRequest: (_req, last) => (last && UPLOAD_ID.test(last) ? uploadKey(last) : undefined),
      onUploadCreate: async (_req, upload) => {
        if (upload.size === undefined)
          throw new TusRefusal(400, 'BAD_REQUEST', 'Give the file size (Upload-Length) when starting');
        await this.target(upload.metadata);
        return {};
      },
      onUploadFinish: async (req, upload) => {
        const assetId = await this.finish(upload, callers.get(nodeOf(req).req)?.actorId ?? null);
        return { headers: { 'Video-Asset-Id': assetId } };
      },
      onResponseError: (req, err) => {
        const node = nodeOf(req);
        const { headers, ...answer } = tusErrorAnswer(err, max, callers.get(node.req)?.log ?? this.deps.log);
        // tus keeps its response headers to itself; Node adds these to them (a 503's Retry-After).
        for (const [name, value] of Object.entries(headers ?? {})) node.res.setHeader(name, value);
        return answer;
      },
    });
  }

  /** Hands a raw request to tus; the caller has already passed the admin gate. */
  async handle(req: IncomingMessage, res: ServerResponse, actorId: string, log: FastifyBaseLogger) {
    const last = req.url?.split('?')[0]?.split('/').pop();
    // A PATCH claims its upload as arrived before anything else: a HEAD answered from now on counts its bytes.
    const arrival =
      req.method === 'PATCH' && last && UPLOAD_ID.test(last)
        ? await this.locker!.arrive(uploadKey(last))
        : undefined;
    callers.set(req, { actorId, log, arrival });
    try {
      await this.tus!.handle(req, res);
    } finally {
      await arrival?.();
    }
  }

  private async target(metadata: Upload['metadata']) {
    const parsed = episodeMetadata.safeParse(metadata ?? {});
    if (!parsed.success)
      throw new TusRefusal(
        400,
        'VALIDATION_ERROR',
        'Say which episode the video is for (metadata episodeId, the id of the episode)',
      );
    const target = await findUploadTarget(this.deps.db, parsed.data.episodeId);
    if (!target) throw new TusRefusal(404, 'NOT_FOUND', 'Episode not found');
    if (seen(target)) throw shownEpisode();
    return target;
  }

  /**
   * The last byte is in: the file (checked again by its first bytes) becomes the episode's video, the change
   * audited in the same transaction that queues its transcoding. Once per upload, however often the client
   * repeats its last request.
   */
  private async finish(upload: Upload, actorId: string | null): Promise<string> {
    const key = upload.id;
    const head = await this.head(key);
    if (!videoContainer(head)) {
      await this.tus!.datastore.remove(key).catch(() => {});
      throw notAVideo();
    }
    const episodeId = (await this.target(upload.metadata)).id;
    return inTransaction(this.deps.db, async (c) => {
      const locked = await lockEpisodeVideo(c, episodeId);
      if (!locked) throw new TusRefusal(404, 'NOT_FOUND', 'Episode not found');
      if (seen(locked)) throw shownEpisode();
      const before = locked.video_asset_id;
      const done = await c.query<{ id: string }>(`select id from video_assets where source = $1`, [
        `upload:${key}`,
      ]);
      if (done.rows[0]) return done.rows[0].id;
      const assetId = await this.deps.videos.attachUpload(c, episodeId, key);
      await recordAudit(c, {
        actorId,
        action: 'episode.video',
        entity: 'episode',
        entityId: episodeId,
        before: { videoAssetId: before },
        after: { videoAssetId: assetId, upload: key, bytes: upload.size ?? null },
      });
      return assetId;
    });
  }

  private async head(key: string): Promise<Buffer> {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of await this.deps.storage.read(key, { start: 0, end: HEAD_BYTES - 1 })) {
      parts.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= HEAD_BYTES) break;
    }
    return Buffer.concat(parts);
  }
}

/**
 * Learners see the episode (shown, on a published course): its video is not replaced under them. A hidden
 * episode of a published course (a new one starts hidden) takes its video, and is shown once it is ready.
 */
const seen = (e: { published: boolean; course_status: string }) =>
  e.published && e.course_status === 'published';

const shownEpisode = () =>
  new TusRefusal(
    409,
    'BAD_REQUEST',
    'Learners see this episode: hide it (or unpublish the course) before replacing its video, so that nobody finds it half-done',
  );
