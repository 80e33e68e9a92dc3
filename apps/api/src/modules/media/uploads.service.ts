import { Server, type Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inTransaction } from '../../db/client.js';
import { PgLocker } from '../../lib/pg-locker.js';
import { recordAudit } from '../admin/audit.repo.js';
import { HEAD_BYTES, videoContainer } from './file-types.js';
import { findUploadTarget, lockEpisodeVideo } from './uploads.repo.js';
import { notAVideo, TusRefusal, tusStore, uploadKey } from './tus-store.js';

export const UPLOADS_PATH = '/api/admin/uploads';
const UPLOAD_ID = /^[0-9a-f]{32}$/;

const tusCode: Record<number, string> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'BAD_REQUEST',
  410: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  460: 'BAD_REQUEST',
};

/** The administrator behind a raw request tus is handling (set by the route, after the admin gate). */
const actors = new WeakMap<IncomingMessage, string>();
const actorOf = (req: Request) =>
  actors.get((req as Request & { runtime?: { node?: { req: IncomingMessage } } }).runtime!.node!.req);

/**
 * Resumable video uploads (tus 1.0, `@tus/server`): an administrator creates an upload for one episode,
 * sends its bytes in as many requests as it takes, and when the last byte is in, the file becomes the
 * episode's video and is queued for transcoding. Only video containers (by their first bytes) and files
 * up to UPLOAD_MAX_BYTES are taken.
 */
export class UploadsService {
  private tus?: Server;

  constructor(private readonly app: FastifyInstance) {}

  async start() {
    const max = this.app.config.uploadMaxBytes;
    // One upload worked on by one request at a time, in whichever process (several behind a load balancer).
    const pool = this.app.db.$client;
    const locks = await PgLocker.start({
      pool,
      connectionString: pool.options.connectionString!,
      log: this.app.log,
    });
    this.app.addHook('onClose', locks.stop);
    this.tus = new Server({
      path: UPLOADS_PATH,
      datastore: await tusStore(this.app.config),
      locker: locks.locker,
      maxSize: max,
      namingFunction: () => uploadKey(crypto.randomUUID().replace(/-/g, '')),
      generateUrl: (_req, { path, id }) => `${path}/${id.slice('uploads/'.length)}`,
      getFileIdFromRequest: (_req, last) => (last && UPLOAD_ID.test(last) ? uploadKey(last) : undefined),
      onUploadCreate: async (_req, upload) => {
        if (upload.size === undefined)
          throw new TusRefusal(400, 'BAD_REQUEST', 'Give the file size (Upload-Length) when starting');
        await this.target(upload.metadata?.episodeId);
        return {};
      },
      onUploadFinish: async (req, upload) => {
        const assetId = await this.finish(upload, actorOf(req) ?? null);
        return { headers: { 'Video-Asset-Id': assetId } };
      },
      onResponseError: (_req, err) => {
        if (err instanceof TusRefusal) return { status_code: err.status_code, body: err.body };
        const e = err as { status_code?: number; body?: string; message?: string };
        if (!e.status_code || e.status_code >= 500) {
          this.app.log.error({ err }, 'upload failed');
          return undefined;
        }
        if (e.status_code === 413) return tooLarge(max);
        const message = (e.body ?? e.message ?? '').trim();
        const code = tusCode[e.status_code] ?? 'BAD_REQUEST';
        return {
          status_code: e.status_code,
          body: JSON.stringify({ statusCode: e.status_code, code, message }),
        };
      },
    });
  }

  /** Hands a raw request to tus; the caller has already passed the admin gate. */
  async handle(req: IncomingMessage, res: ServerResponse, actorId: string) {
    actors.set(req, actorId);
    await this.tus!.handle(req, res);
  }

  private async target(episodeId: string | null | undefined) {
    if (!episodeId || !/^[0-9a-f-]{36}$/i.test(episodeId))
      throw new TusRefusal(
        400,
        'VALIDATION_ERROR',
        'Say which episode the video is for (metadata episodeId)',
      );
    const target = await findUploadTarget(this.app.db, episodeId);
    if (!target) throw new TusRefusal(404, 'NOT_FOUND', 'Episode not found');
    if (target.course_status === 'published') throw publishedCourse();
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
    const episodeId = (await this.target(upload.metadata?.episodeId)).id;
    return inTransaction(this.app.db, async (c) => {
      const locked = await lockEpisodeVideo(c, episodeId);
      if (!locked) throw new TusRefusal(404, 'NOT_FOUND', 'Episode not found');
      if (locked.course_status === 'published') throw publishedCourse();
      const before = locked.video_asset_id;
      const done = await c.query<{ id: string }>(`select id from video_assets where source = $1`, [
        `upload:${key}`,
      ]);
      if (done.rows[0]) return done.rows[0].id;
      const assetId = await this.app.videos.attachUpload(c, episodeId, key);
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
    for await (const chunk of await this.app.storage.read(key, { start: 0, end: HEAD_BYTES - 1 })) {
      parts.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= HEAD_BYTES) break;
    }
    return Buffer.concat(parts);
  }
}

const publishedCourse = () =>
  new TusRefusal(
    409,
    'BAD_REQUEST',
    'The course is published: unpublish it before replacing a video (a learner would find it half-done)',
  );

const tooLarge = (max: number) => ({
  status_code: 413,
  body: JSON.stringify({
    statusCode: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `The file is larger than the limit of ${Math.floor(max / 1024 ** 2)} MB`,
    limitBytes: max,
  }),
});
