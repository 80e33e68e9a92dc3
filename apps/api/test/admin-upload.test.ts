import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../src/modules/media/ffmpeg.js';
import { transcode } from '../src/modules/media/transcode.js';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUser, draftCourse, makeVideo } from './admin-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';
import { tusClient } from './tus-client.js';

const MB = 1024 * 1024;
let t: TestApp;
let admin: { token: string; id: string };
let tus: ReturnType<typeof tusClient>;
let base: string;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const videoState = async (episodeId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/episodes/${episodeId}/video`,
      headers: bearer(admin.token),
    })
  ).json();

/** Waits until the episode's video leaves the queue and the transcoder: ready or failed. */
async function settled(episodeId: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await videoState(episodeId);
    if (state.status === 'ready' || state.status === 'failed') return state;
    if (Date.now() > until) throw new Error(`video of ${episodeId} still ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(60 * MB) });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  admin = await adminUser(t);
  tus = tusClient(base, admin.token);
}, 60_000);
afterAll(() => t?.close());

describe('resumable video upload (tus)', () => {
  it('a 50 MB upload dropped at half resumes from the offset the server kept and finishes once', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    const episodeId = episodeIds[0]!;
    const file = await makeVideo(4, 50 * MB);
    const created = await tus.create(file.length, { episodeId, filename: 'lesson.mp4' });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    expect(url).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]{32}$/);

    await tus.patchDropped(url, 0, file, file.length / 2);
    const head = await tus.head(url);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(file.length / 2);
    expect(Number(head.headers.get('upload-length'))).toBe(file.length);
    expect((await videoState(episodeId)).status).toBe('none'); // nothing attached while half-done

    const rest = await tus.patch(url, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(file.length);
    // The last request repeated (its answer lost, say): still one video, one job, one audit row.
    const again = await tus.patch(url, file.length, Buffer.alloc(0));
    expect(again.status).toBe(204);

    const key = `uploads/${url.split('/').pop()}`;
    expect(sha((await t.app.storage.readAll(key))!)).toBe(sha(file));
    const { rows: assets } = await t.db.$client.query(`select id from video_assets where source = $1`, [
      `upload:${key}`,
    ]);
    expect(assets).toHaveLength(1);
    const { rows: audit } = await t.db.$client.query(
      `select actor_id, action, before, after from audit_log where entity = 'episode' and entity_id = $1`,
      [episodeId],
    );
    expect(audit).toEqual([
      {
        actor_id: admin.id,
        action: 'episode.video',
        before: { videoAssetId: null },
        after: { videoAssetId: assets[0].id, upload: key, bytes: file.length },
      },
    ]);
    const state = await settled(episodeId);
    expect(state).toMatchObject({ status: 'ready', progress: 100, error: null, durationSeconds: 4 });
    const { rows: jobs } = await t.db.$client.query(
      `select count(*)::int as n from pgboss.job where name = 'video.transcode' and data->>'assetId' = $1`,
      [assets[0].id],
    );
    expect(jobs[0].n).toBe(1);
  }, 120_000);

  it('refuses a file that is not a video by its first bytes, at its first request, whatever its name', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64 * 1024, 7)]);
    // Twice as long as what is sent: only the check of the first bytes can refuse it now.
    const created = await tus.create(png.length * 2, { episodeId: episodeIds[0]!, filename: 'movie.mp4' });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const res = await tus.patch(url, 0, png);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/not a video/),
    });
    expect((await tus.head(url)).status).toBe(404); // forgotten: it cannot be resumed
    expect((await videoState(episodeIds[0]!)).status).toBe('none');
  });

  it('checks the finished file again when the first request brought too few bytes to tell', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    const text = Buffer.from('hello, this is a text file and not a video at all. '.repeat(20));
    const url = (await tus.create(text.length, { episodeId: episodeIds[0]! })).headers.get('location')!;
    expect((await tus.patch(url, 0, text.subarray(0, 50))).status).toBe(204);
    const last = await tus.patch(url, 50, text.subarray(50));
    expect(last.status).toBe(415);
    expect(((await last.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await videoState(episodeIds[0]!)).status).toBe('none');
  });

  it('refuses a file over UPLOAD_MAX_BYTES before any byte is sent, saying the limit', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    const res = await tus.create(60 * MB + 1, { episodeId: episodeIds[0]! });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than the limit of 60 MB',
      limitBytes: 60 * MB,
    });
  });

  it('refuses an upload for no episode, an unknown one, or one learners see; takes one for a hidden episode of a published course', async () => {
    const none = await tus.create(1000, {});
    expect(none.status).toBe(400);
    expect(((await none.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    const unknown = await tus.create(1000, { episodeId: '00000000-0000-7000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    const { courseId, episodeIds } = await draftCourse(t, 1);
    await t.db.$client.query(`update courses set status = 'published' where id = $1`, [courseId]);
    const published = await tus.create(1000, { episodeId: episodeIds[0]! });
    expect(published.status).toBe(409);
    expect(((await published.json()) as { message: string }).message).toMatch(/hide it/);
    // A hidden episode of the published course (a new episode starts so) takes its video.
    await t.db.$client.query(`update episodes set published = false where id = $1`, [episodeIds[0]]);
    expect((await tus.create(1000, { episodeId: episodeIds[0]! })).status).toBe(201);
  });

  it('refuses an episodeId that is not a real UUID with 400 VALIDATION_ERROR in JSON, never in the database’s words', async () => {
    for (const episodeId of ['-'.repeat(36), 'a'.repeat(36)]) {
      const res = await tus.create(1000, { episodeId });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await res.text();
      expect(text).not.toMatch(/uuid|syntax|postgres/i);
      expect(JSON.parse(text)).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('answers a malformed Upload-Length or Upload-Metadata with 400 VALIDATION_ERROR in JSON, naming the header', async () => {
    const meta = `episodeId ${Buffer.from('00000000-0000-7000-8000-000000000000').toString('base64')}`;
    for (const [headers, header] of [
      [{ 'upload-length': '-5', 'upload-metadata': meta }, 'upload-length'],
      [{ 'upload-length': 'abc', 'upload-metadata': meta }, 'upload-length'],
      [{ 'upload-length': '100', 'upload-metadata': 'episodeId !!!not-base64' }, 'upload-metadata'],
    ] as const) {
      const res = await fetch(`${base}/api/admin/uploads`, {
        method: 'POST',
        headers: { ...bearer(admin.token), 'tus-resumable': '1.0.0', ...headers },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/^Give the file size|^Send the metadata/),
        details: [{ path: header, message: expect.any(String) }],
      });
    }
  });

  it('answers a failure it did not foresee with the API’s 500, and a database outage with 503 and Retry-After, in JSON without internals', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    const pool = t.app.db.$client;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    const failing = (err: Error) =>
      vi
        .spyOn(pool, 'query')
        .mockImplementation(((sql: unknown, ...rest: unknown[]) =>
          typeof sql === 'string' && sql.includes('from episodes e join courses c')
            ? Promise.reject(err)
            : query(sql, ...rest)) as never);
    const cases = [
      [new Error('relation "secret_table" does not exist'), 500, 'INTERNAL_ERROR'],
      [new Error('Connection terminated unexpectedly'), 503, 'SERVICE_UNAVAILABLE'],
    ] as const;
    for (const [err, status, code] of cases) {
      const spy = failing(err);
      try {
        const res = await tus.create(1000, { episodeId: episodeIds[0]! });
        expect(res.status).toBe(status);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        if (status === 503) expect(res.headers.get('retry-after')).toBe('1');
        const text = await res.text();
        expect(text).not.toMatch(/secret_table|terminated/);
        expect(JSON.parse(text)).toEqual({ statusCode: status, code, message: expect.any(String) });
      } finally {
        spy.mockRestore();
      }
    }
  });

  it('answers 404 NOT_FOUND for the video of an episode that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/episodes/0190a000-0000-7000-8000-0000000000aa/video',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('a video ffmpeg cannot read is marked failed with the reason, and not retried', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    // A container's first bytes (ftyp) with nothing behind them: the type check passes, transcoding cannot.
    const fake = Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), Buffer.alloc(2048, 1)]);
    const created = await tus.create(fake.length, { episodeId: episodeIds[0]! });
    const res = await tus.patch(created.headers.get('location')!, 0, fake);
    expect(res.status).toBe(204);
    const state = await settled(episodeIds[0]!);
    expect(state).toMatchObject({ status: 'failed', progress: 0 });
    expect(state.error).toMatch(/no video stream/);
    const { rows } = await t.db.$client.query(
      `select state from pgboss.job where name = 'video.transcode' and data->>'assetId' =
         (select video_asset_id::text from episodes where id = $1)`,
      [episodeIds[0]],
    );
    expect(rows.map((r) => r.state)).toEqual(['completed']);
  }, 60_000);

  it("reports ffmpeg's progress in percent while transcoding, below 100 until ready", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rianroo-progress-'));
    try {
      await writeFile(path.join(dir, 'in.mp4'), await makeVideo(8));
      const seen: number[] = [];
      const input = { kind: 'file' as const, file: path.join(dir, 'in.mp4') };
      await transcode(ffmpegPath(null), input, path.join(dir, 'out'), undefined, (p) => seen.push(p));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(Math.max(...seen)).toBeGreaterThanOrEqual(90);
      expect(Math.max(...seen)).toBeLessThanOrEqual(99);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('speaks to administrators only: anonymous 401, a signed-in learner 403, an administrator goes through', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    const episodeId = episodeIds[0]!;
    const file = await makeVideo(1);
    const learnerToken = (await register(t.app)).access_token;
    const learner = tusClient(base, learnerToken);
    const anonymous = {
      create: () =>
        fetch(`${base}/api/admin/uploads`, {
          method: 'POST',
          headers: { 'tus-resumable': '1.0.0', 'upload-length': String(file.length) },
        }),
      any: (method: string, url: string) =>
        fetch(new URL(url, base), {
          method,
          headers: {
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          ...(method === 'PATCH' ? { body: file } : {}),
        }),
    };
    /** A refusal in the one error shape, and no upload started by it. */
    const refusedWith = async (res: Response, status: number, code: string) => {
      expect(res.status).toBe(status);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ statusCode: status, code });
    };

    await refusedWith(await anonymous.create(), 401, 'UNAUTHORIZED');
    await refusedWith(await learner.create(file.length, { episodeId }), 403, 'FORBIDDEN');
    expect((await videoState(episodeId)).status).toBe('none');

    // An administrator's upload: the learner can neither read, write nor end it, and anonymous callers neither.
    const created = await tus.create(file.length, { episodeId });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    for (const [method, res] of [
      ['HEAD', await learner.head(url)],
      ['PATCH', await learner.patch(url, 0, file)],
      [
        'DELETE',
        await fetch(new URL(url, base), {
          method: 'DELETE',
          headers: { ...bearer(learnerToken), 'tus-resumable': '1.0.0' },
        }),
      ],
    ] as const) {
      expect(res.status, `learner ${method}`).toBe(403);
      if (method !== 'HEAD') expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
    }
    for (const method of ['HEAD', 'PATCH', 'DELETE'])
      expect((await anonymous.any(method, url)).status, `anonymous ${method}`).toBe(401);
    const head = await tus.head(url);
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '0']);
    expect((await videoState(episodeId)).status).toBe('none');
    const { rows } = await t.db.$client.query(
      `select count(*)::int as n from audit_log where entity_id = $1`,
      [episodeId],
    );
    expect(rows[0].n).toBe(0);

    // The administrator finishes it: the episode's video is queued from it.
    const done = await tus.patch(url, 0, file);
    expect(done.status).toBe(204);
    expect(Number(done.headers.get('upload-offset'))).toBe(file.length);
    expect((await videoState(episodeId)).status).not.toBe('none');
  });
});

describe('what an upload cannot do to a finished file, and what an overlong one is told', () => {
  it('refuses to terminate a finished upload: its file is the source of the episode’s video, which still becomes ready', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    const episodeId = episodeIds[0]!;
    const file = await makeVideo(2);
    const url = (await tus.create(file.length, { episodeId })).headers.get('location')!;
    expect((await tus.patch(url, 0, file)).status).toBe(204);
    const key = `uploads/${url.split('/').pop()}`;

    // A second tab of the console (or a tus client's "abort" after its last request) terminates the upload.
    const del = await fetch(new URL(url, base), {
      method: 'DELETE',
      headers: { ...bearer(admin.token), 'tus-resumable': '1.0.0' },
    });
    expect(del.status).toBeGreaterThanOrEqual(400);
    expect(await t.app.storage.readAll(key)).toBeDefined();
    expect(await settled(episodeId)).toMatchObject({ status: 'ready' });
  }, 90_000);

  it('more bytes than the declared Upload-Length: the refusal says so, not that the file is over the size limit', async () => {
    const { episodeIds } = await draftCourse(t, 1);
    const head = Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), Buffer.alloc(4000, 1)]);
    const url = (await tus.create(1000, { episodeId: episodeIds[0]! })).headers.get('location')!;
    const res = await tus.patch(url, 0, head);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { message: string };
    // 4 KB against the size limit: "larger than the limit" is not true; the declared length is what was passed.
    expect(body.message).not.toMatch(/limit of/);
    expect(body.message).toMatch(/Upload-Length/);
  });
});
