import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/lib/s3.js';
import { adminUser, draftCourse, makeVideo } from './admin-fixture.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';
import { startS3Peer, type S3Peer } from './s3-peer.js';
import { tusClient } from './tus-client.js';

// A real S3-protocol peer (s3rver: Signature V4 requests, objects on disk, plus ListParts), on 127.0.0.1 only.
let peer: S3Peer;
let endpoint: string;
let creds: S3Peer['credentials'];

beforeAll(async () => {
  peer = await startS3Peer('media');
  endpoint = peer.endpoint;
  creds = peer.credentials;
});
afterAll(() => peer.close());

describe('S3-compatible storage', () => {
  it('puts, stats, reads whole and by range, and removes by prefix', async () => {
    const s3 = new S3Storage({ endpoint, region: 'us-east-1', bucket: 'media', ...creds });
    const body = Buffer.from('สวัสดี HLS 0123456789');
    await s3.put('videos/a/360p/seg_0000.ts', body);
    await s3.put('videos/a/master.m3u8', '#EXTM3U\n');
    await s3.put('videos/b/master.m3u8', '#EXTM3U\n');
    expect((await s3.stat('videos/a/360p/seg_0000.ts'))?.size).toBe(body.length);
    expect(await s3.stat('videos/a/none.ts')).toBeUndefined();
    expect(await s3.readAll('videos/a/360p/seg_0000.ts')).toEqual(body);
    expect(await s3.readAll('videos/none')).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const c of await s3.read('videos/a/360p/seg_0000.ts', { start: 2, end: 5 }))
      chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(body.subarray(2, 6));
    await s3.removePrefix('videos/a/');
    expect(await s3.stat('videos/a/master.m3u8')).toBeUndefined();
    expect(await s3.stat('videos/a/360p/seg_0000.ts')).toBeUndefined();
    expect(await s3.stat('videos/b/master.m3u8')).toBeDefined();
  });

  it('refuses an unknown access key (the peer checks who signs)', async () => {
    const s3 = new S3Storage({
      endpoint,
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'S3RVER',
    });
    await expect(s3.put('x/y.txt', 'x')).rejects.toThrow(/403/);
  });

  describe('behind the platform', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: creds.accessKeyId,
        S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
        VIDEO_CACHE_DIR: path.join(os.tmpdir(), 'rianroo-test-video-cache'),
      });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => t.close());

    it('transcodes into the bucket and plays from it with byte ranges', async () => {
      const cat = await seedCatalogue(t);
      const asset = (await t.app.videos.createForEpisode(cat.paidEpisodes[0]!.id, {
        kind: 'demo',
        title: 'ตอนที่ 1: S3',
        subtitle: 'ทดสอบ',
        seconds: 20,
        tone: 500,
        captions: false,
      }))!;
      const until = Date.now() + 120_000;
      for (;;) {
        const { rows } = await t.db.$client.query(`select status from video_assets where id = $1`, [asset]);
        if (rows[0].status === 'ready') break;
        if (Date.now() > until) throw new Error('not ready');
        await new Promise((r) => setTimeout(r, 250));
      }
      const s3 = new S3Storage({ endpoint, region: 'us-east-1', bucket: 'media', ...creds });
      expect(await s3.stat(`videos/${asset}/master.m3u8`)).toBeDefined();
      const u = await register(t.app);
      const signed = (
        await t.app.inject({
          method: 'GET',
          url: `/api/cloudflare/get-signed-token?episodeId=${cat.paidEpisodes[0]!.id}`,
          headers: bearer(u.access_token),
        })
      ).json();
      const base = signed.playbackUrl.replace(/master\.m3u8$/, '');
      const whole = await t.app.inject({ method: 'GET', url: `${base}360p/seg_0000.ts` });
      expect(whole.statusCode).toBe(200);
      const part = await t.app.inject({
        method: 'GET',
        url: `${base}360p/seg_0000.ts`,
        headers: { range: 'bytes=0-187' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 188));
      expect((await t.app.inject({ method: 'GET', url: signed.posterUrl })).statusCode).toBe(200);
    });

    it('an upload dropped at half goes on from the parts already in the bucket and lands whole, then plays', async () => {
      const admin = await adminUser(t);
      const { port } = t.app.server.address() as AddressInfo;
      const tus = tusClient(`http://127.0.0.1:${port}`, admin.token);
      const { episodeIds } = await draftCourse(t, 1);
      const episodeId = episodeIds[0]!;
      // 20 MB: two whole 8 MB parts and a last one; the drop falls inside the second part.
      const file = await makeVideo(3, 20 * 1024 * 1024);
      const url = (await tus.create(file.length, { episodeId, filename: 'lesson.mp4' })).headers.get(
        'location',
      )!;
      await tus.patchDropped(url, 0, file, 10 * 1024 * 1024);

      // Where to go on from is read back from the bucket (ListParts and the incomplete part), not from memory.
      const head = await tus.head(url);
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(8 * 1024 * 1024); // at least the first whole part
      expect(offset).toBeLessThanOrEqual(10 * 1024 * 1024);
      const s3 = new S3Storage({ endpoint, region: 'us-east-1', bucket: 'media', ...creds });
      const key = `uploads/${url.split('/').pop()}`;
      expect(await s3.stat(key)).toBeUndefined(); // nothing whole in the bucket yet

      const rest = await tus.patch(url, offset, file.subarray(offset));
      expect(rest.status).toBe(204);
      expect(Number(rest.headers.get('upload-offset'))).toBe(file.length);
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      expect(sha((await s3.readAll(key))!)).toBe(sha(file));

      // The transcoder reads it from the bucket and writes the renditions there.
      const until = Date.now() + 120_000;
      let state: { status: string; error: string | null };
      for (;;) {
        state = (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin/episodes/${episodeId}/video`,
            headers: bearer(admin.token),
          })
        ).json();
        if (state.status === 'ready' || state.status === 'failed' || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(state).toMatchObject({ status: 'ready', error: null });
      const { rows } = await t.db.$client.query<{ id: string }>(
        `select id from video_assets where source = $1`,
        [`upload:${key}`],
      );
      expect(rows).toHaveLength(1);
      expect(await s3.stat(`videos/${rows[0]!.id}/master.m3u8`)).toBeDefined();
    }, 180_000);
  });

  describe('profile photos, two processes on one bucket (each with a disk of its own)', () => {
    const env = () => ({
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
    });
    const png = (n: number) =>
      Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, n)]);
    // A photo uploaded before the bucket, while photos went to the host's disk: DATA_DIR/storage/profile.
    const legacyDir = path.join(os.tmpdir(), `rianroo-test-${randomBytes(4).toString('hex')}`);
    const legacyFile = `${randomUUID()}-${randomBytes(9).toString('base64url')}.png`;
    const legacyPath = path.join(legacyDir, 'storage', 'profile', legacyFile);
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      await mkdir(path.dirname(legacyPath), { recursive: true });
      await writeFile(legacyPath, png(99));
      a = await createTestApp(env());
      b = await createTestApp({ ...env(), DATA_DIR: legacyDir }, a);
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('photos uploaded through either process at once are served by the other; a replaced one is gone from both', async () => {
      const learners = await Promise.all(
        Array.from({ length: 6 }, (_, i) => register(a.app, {}, `198.51.100.${140 + i}`)),
      );
      const upload = (via: TestApp, u: (typeof learners)[number], body: Buffer) =>
        via.app.inject({
          method: 'POST',
          url: `/api/users/${u.user.id}/profile-image`,
          headers: { ...bearer(u.access_token), 'content-type': 'image/png' },
          payload: body,
        });
      const ups = await Promise.all(learners.map((u, i) => upload(i % 2 ? b : a, u, png(i))));
      expect(ups.map((r) => r.statusCode)).toEqual(learners.map(() => 200));
      const urls = ups.map((r) => r.json().profile_image as string);
      const reads = await Promise.all(urls.map((url, i) => (i % 2 ? a : b).app.inject(url)));
      expect(reads.map((r) => r.statusCode)).toEqual(learners.map(() => 200));
      reads.forEach((r, i) => {
        expect(r.headers['content-type']).toBe('image/png');
        expect(r.rawPayload).toEqual(png(i));
      });

      const again = await upload(b, learners[0]!, png(50));
      expect(again.statusCode).toBe(200);
      expect((await a.app.inject(again.json().profile_image as string)).rawPayload).toEqual(png(50));
      expect((await a.app.inject(urls[0]!)).statusCode).toBe(404);
      expect((await b.app.inject(urls[0]!)).statusCode).toBe(404);
    });

    it('a photo left on a host’s disk from before the bucket is moved into it at that host’s start, and served by every process', async () => {
      const url = `/api/media/profile/${legacyFile}`;
      for (const via of [a, b]) {
        const res = await via.app.inject(url);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload).toEqual(png(99));
      }
      await expect(stat(legacyPath)).rejects.toThrow(/ENOENT/);
    });
  });
});
