import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/lib/s3.js';
import { freePort } from '../src/lib/net.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

// A real S3-protocol peer (s3rver: Signature V4 requests, objects on disk), on 127.0.0.1 only.
let server: S3rver;
let dir: string;
let endpoint: string;
const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rianroo-s3-'));
  const port = await freePort();
  server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

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
  });
});
