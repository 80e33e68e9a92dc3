import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx, TxClient } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';
import type { Storage } from '../../lib/storage.js';
import type { Jobs } from '../../plugins/jobs.js';
import { ffmpegPath, UnreadableSource } from './ffmpeg.js';
import { publishDrawn } from './video-cache.js';
import { PIPELINE_VERSION, transcode, type TranscodeResult, type VideoInput } from './transcode.js';

export const TRANSCODE_QUEUE = 'video.transcode';

/** A job's input as stored in the queue: an uploaded file in storage, or a demo video to draw. */
export type JobInput =
  { kind: 'upload'; key: string } | (Extract<VideoInput, { kind: 'demo' }> & { kind: 'demo' });

interface TranscodeJob {
  assetId: string;
  input: JobInput;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

export interface VideoDeps {
  db: Db;
  config: Pick<Config, 'ffmpegPath' | 'videoCacheDir'>;
  jobs: Jobs;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * The video pipeline: an asset row, a background job that transcodes its source into HLS renditions and a
 * poster with ffmpeg, and the upload of the result to storage under `videos/<asset id>/`.
 * Demo videos are cached in VIDEO_CACHE_DIR by their content, so they are drawn once per machine.
 */
export class VideoService {
  /** Stops a running ffmpeg when the process shuts down; the queue runs the job again later. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: VideoDeps) {}

  /** Stops a running transcoding (the composer calls it before the app closes). */
  stop() {
    this.stopping.abort();
  }

  async start() {
    await this.deps.jobs.work<TranscodeJob>(TRANSCODE_QUEUE, (job) => this.process(job));
  }

  /**
   * Creates the asset of an episode that has no video yet and queues its transcoding; `priority` orders the
   * queue (higher first). Undefined when the episode got a video meanwhile (another process was quicker).
   */
  async createForEpisode(episodeId: string, input: JobInput, priority = 0): Promise<string | undefined> {
    const id = uuidv7();
    const source = input.kind === 'upload' ? `upload:${input.key}` : `demo:${this.cacheKey(input)}`;
    const { rowCount } = await this.deps.db.$client.query(
      `with asset as (insert into video_assets (id, status, source) values ($1, 'queued', $2) returning id)
       update episodes set video_asset_id = (select id from asset) where id = $3 and video_asset_id is null`,
      [id, source, episodeId],
    );
    if (!rowCount) {
      await this.deps.db.$client.query(`delete from video_assets where id = $1`, [id]);
      return undefined;
    }
    await this.deps.jobs.send<TranscodeJob>(TRANSCODE_QUEUE, { assetId: id, input }, { priority });
    return id;
  }

  /**
   * Gives an episode the uploaded file in storage as its video, in the caller's transaction: a new asset,
   * queued for transcoding when the transaction commits (the episode's previous asset, if any, is let go).
   */
  async attachUpload(c: TxClient, episodeId: string, key: string): Promise<string> {
    const id = uuidv7();
    await c.query(`insert into video_assets (id, status, source) values ($1, 'queued', $2)`, [
      id,
      `upload:${key}`,
    ]);
    await c.query(`update episodes set video_asset_id = $2 where id = $1`, [episodeId, id]);
    const input: JobInput = { kind: 'upload', key };
    const tx = drizzle(c) as unknown as Tx;
    await this.deps.jobs.send<TranscodeJob>(TRANSCODE_QUEUE, { assetId: id, input }, { priority: 200 }, tx);
    return id;
  }

  /**
   * Gives every episode of the published catalogue without a video a generated one (its title drawn on it,
   * a Thai caption track), through the same pipeline as uploads. First episodes first, so every course can be
   * opened early. Idempotent: episodes that have a video are left alone.
   */
  async seedDemoVideos(): Promise<number> {
    const { rows } = await this.deps.db.$client.query<{
      id: string;
      sort: number;
      title: string;
      duration_seconds: number;
      course_title: string;
    }>(
      `select e.id, e.sort, e.title, e.duration_seconds, c.title as course_title
       from episodes e join courses c on c.id = e.course_id
       where e.video_asset_id is null and c.status = 'published'
       order by e.sort, c.published_at desc`,
    );
    let queued = 0;
    for (const e of rows) {
      const input: JobInput = {
        kind: 'demo',
        title: `ตอนที่ ${e.sort}: ${e.title}`,
        subtitle: e.course_title,
        seconds: Math.min(60, Math.max(20, e.duration_seconds || 30)),
        tone: 220 + 55 * (e.sort % 8),
        captions: true,
      };
      if (await this.createForEpisode(e.id, input, Math.max(0, 100 - e.sort))) queued++;
    }
    return queued;
  }

  private cacheKey(input: JobInput) {
    return createHash('sha256')
      .update(JSON.stringify({ v: PIPELINE_VERSION, input }))
      .digest('hex')
      .slice(0, 32);
  }

  private async setStatus(id: string, status: string, error: string | null = null) {
    await this.deps.db.$client.query(
      `update video_assets set status = $2, error = $3, progress = 0, updated_at = now() where id = $1`,
      [id, status, error],
    );
  }

  /** Writes ffmpeg's progress at most twice a second, and only when the percent moved. */
  private progressWriter(id: string) {
    let shown = 0;
    let at = 0;
    return (percent: number) => {
      if (percent <= shown || Date.now() - at < 500) return;
      shown = percent;
      at = Date.now();
      this.deps.db.$client
        .query(
          `update video_assets set progress = $2, updated_at = now() where id = $1 and status = 'processing'`,
          [id, percent],
        )
        .catch((err: unknown) => this.deps.log.warn({ err, assetId: id }, 'progress not written'));
    };
  }

  async process({ assetId, input }: TranscodeJob) {
    const { rows } = await this.deps.db.$client.query<{ status: string }>(
      `select status from video_assets where id = $1`,
      [assetId],
    );
    if (!rows[0] || rows[0].status === 'ready') return; // deleted, or done by an earlier attempt
    await this.setStatus(assetId, 'processing');
    const log = this.deps.log.child({ assetId });
    const started = Date.now();
    try {
      const { dir, result, cleanup } = await this.produce(input, this.progressWriter(assetId));
      try {
        // Segments and captions first, playlists after them, the master last: a player never finds a
        // playlist whose segments are not there yet.
        const files = await listFiles(dir);
        const rank = (f: string) => (f === 'master.m3u8' ? 2 : f.endsWith('.m3u8') ? 1 : 0);
        files.sort((a, b) => rank(a) - rank(b));
        for (const f of files) {
          if (f === 'meta.json') continue;
          await this.deps.storage.putFile(`videos/${assetId}/${f}`, path.join(dir, f));
        }
      } finally {
        if (cleanup) await fs.rm(cleanup, { recursive: true, force: true });
      }
      await this.deps.db.$client.query(
        `update video_assets set status = 'ready', error = null, progress = 100, duration_seconds = $2, renditions = $3,
           has_poster = $4, captions = $5, updated_at = now() where id = $1`,
        [
          assetId,
          result.durationSeconds,
          JSON.stringify(result.renditions),
          result.hasPoster,
          JSON.stringify(result.captions),
        ],
      );
      await this.deps.db.$client.query(
        `update episodes set duration_seconds = $2 where video_asset_id = $1`,
        [assetId, result.durationSeconds],
      );
      log.info({ ms: Date.now() - started, seconds: result.durationSeconds }, 'video ready');
    } catch (err) {
      if (this.stopping.signal.aborted) {
        await this.setStatus(assetId, 'queued').catch(() => {}); // interrupted by shutdown, not failed
        throw err;
      }
      log.error({ err }, 'transcoding failed');
      await this.setStatus(assetId, 'failed', err instanceof Error ? err.message.slice(0, 500) : 'failed');
      if (err instanceof UnreadableSource) return; // not a video: trying again changes nothing
      throw err; // the queue retries with backoff
    }
  }

  /** Transcodes into a folder: the cache's for demo videos (reused when present), a temporary one otherwise. */
  private async produce(
    input: JobInput,
    onPercent: (percent: number) => void,
  ): Promise<{ dir: string; result: TranscodeResult; cleanup?: string }> {
    const bin = ffmpegPath(this.deps.config.ffmpegPath);
    if (input.kind === 'demo') {
      const dir = path.join(this.deps.config.videoCacheDir, this.cacheKey(input));
      const meta = await fs.readFile(path.join(dir, 'meta.json'), 'utf8').catch(() => undefined);
      if (meta) return { dir, result: JSON.parse(meta) as TranscodeResult };
      const work = `${dir}.tmp-${randomBytes(4).toString('hex')}`;
      try {
        const result = await transcode(bin, input, work, this.stopping.signal, onPercent);
        await fs.writeFile(path.join(work, 'meta.json'), JSON.stringify(result));
        return { dir, result: await publishDrawn(work, dir, result) };
      } catch (err) {
        await fs.rm(work, { recursive: true, force: true });
        throw err;
      }
    }
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'rianroo-video-'));
    try {
      const source = path.join(work, 'source');
      await pipeline(await this.deps.storage.read(input.key), createWriteStream(source));
      const out = path.join(work, 'out');
      const file = { kind: 'file' as const, file: source };
      const result = await transcode(bin, file, out, this.stopping.signal, onPercent);
      await fs.rm(source, { force: true });
      return { dir: out, result, cleanup: work };
    } catch (err) {
      await fs.rm(work, { recursive: true, force: true });
      throw err;
    }
  }
}
