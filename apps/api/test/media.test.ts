import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../src/modules/media/ffmpeg.js';
import { PlaybackSigner } from '../src/modules/media/playback-tokens.js';
import { seedCatalogue, subscribe } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let teaserAsset: string;
let paidAsset: string;

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

async function waitReady(assetId: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.db.$client.query(`select * from video_assets where id = $1`, [assetId]);
    if (rows[0]?.status === 'ready') return rows[0];
    if (Date.now() > until) throw new Error(`video ${assetId} not ready: ${JSON.stringify(rows[0])}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  t = await createTestApp({ VIDEO_CACHE_DIR: path.join(os.tmpdir(), 'rianroo-test-video-cache') });
  cat = await seedCatalogue(t);
  // An uploaded source: a 6-second 640x360 clip with sound, made by ffmpeg, put in storage like an upload.
  const source = path.join(os.tmpdir(), `rianroo-source-${process.pid}.mp4`);
  const made = spawnSync(ffmpegPath(null), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=24:duration=6'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=6'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', source],
  ]);
  expect(made.status).toBe(0);
  await t.app.storage.put('uploads/source-1.mp4', await readFile(source));
  teaserAsset = (await t.app.videos.createForEpisode(cat.paidEpisodes[0]!.id, {
    kind: 'upload',
    key: 'uploads/source-1.mp4',
  }))!;
  // A demo video (drawn by ffmpeg) for a locked episode.
  paidAsset = (await t.app.videos.createForEpisode(cat.paidEpisodes[1]!.id, {
    kind: 'demo',
    title: 'ตอนที่ 2: ทดสอบ',
    subtitle: 'คอร์สทดสอบ',
    seconds: 20,
    tone: 440,
    captions: true,
  }))!;
  await waitReady(teaserAsset);
  await waitReady(paidAsset);
}, 180_000);
afterAll(() => t.close());

async function signedFor(episodeId: string, token: string) {
  const res = await get(`/api/cloudflare/get-signed-token?episodeId=${episodeId}`, token);
  return res;
}

describe('the video pipeline', () => {
  it('turns an upload into two HLS renditions, a poster and a duration, and sets the episode duration', async () => {
    const asset = await waitReady(teaserAsset);
    expect(asset.renditions.map((r: { name: string }) => r.name)).toEqual(['360p', '240p']);
    expect(asset.renditions[1]).toMatchObject({ width: 426, height: 240 });
    expect(asset.duration_seconds).toBe(6);
    expect(asset.has_poster).toBe(true);
    const master = (await t.app.storage.readAll(`videos/${teaserAsset}/master.m3u8`))!.toString();
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('240p/index.m3u8');
    const poster = (await t.app.storage.readAll(`videos/${teaserAsset}/poster.jpg`))!;
    expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const { rows } = await t.db.$client.query(
      `select duration_seconds, video_asset_id from episodes where id = $1`,
      [cat.paidEpisodes[0]!.id],
    );
    expect(rows[0]).toEqual({ duration_seconds: 6, video_asset_id: teaserAsset });
  });

  it('draws demo videos with a Thai caption track declared in the master playlist', async () => {
    const asset = await waitReady(paidAsset);
    expect(asset.duration_seconds).toBe(20);
    expect(asset.captions).toEqual([{ lang: 'th', label: 'ไทย' }]);
    const master = (await t.app.storage.readAll(`videos/${paidAsset}/master.m3u8`))!.toString();
    expect(master).toMatch(/TYPE=SUBTITLES.*LANGUAGE="th".*URI="captions\/th\.m3u8"/);
    const vtt = (await t.app.storage.readAll(`videos/${paidAsset}/captions/th.vtt`))!.toString();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('ตอนที่ 2: ทดสอบ');
  });

  it('marks a source ffmpeg cannot read as failed, with the reason', async () => {
    await t.app.storage.put('uploads/not-a-video.mp4', Buffer.from('this is text, not a video'));
    const id = (await t.app.videos.createForEpisode(cat.paidEpisodes[3]!.id, {
      kind: 'upload',
      key: 'uploads/not-a-video.mp4',
    }))!;
    const until = Date.now() + 30_000;
    let row;
    do {
      await new Promise((r) => setTimeout(r, 250));
      row = (await t.db.$client.query(`select status, error from video_assets where id = $1`, [id])).rows[0];
    } while (row.status !== 'failed' && Date.now() < until);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/video/i);
    // A second video for the same episode is refused: an episode has one video.
    expect(
      await t.app.videos.createForEpisode(cat.paidEpisodes[3]!.id, { kind: 'upload', key: 'uploads/x.mp4' }),
    ).toBeUndefined();
  });
});

describe('signed playback', () => {
  it('gives an entitled learner a token, and the playlists, segments and captions behind it', async () => {
    const u = await register(t.app);
    const res = await signedFor(cat.paidEpisodes[0]!.id, u.access_token); // a teaser: anyone logged in
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'local', durationSeconds: 6, captions: [] });
    expect(body.posterUrl).toBe(`/api/media/poster/${teaserAsset}`);
    const left = new Date(body.expiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(50 * 60_000);
    expect(left).toBeLessThanOrEqual(3600_000);
    // Its lifetime too, which a learner's device counts from when it arrived, whatever its clock says.
    expect(body.expiresInSeconds).toBe(t.config.playbackTokenTtl);

    const master = await get(body.playbackUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const base = body.playbackUrl.replace(/master\.m3u8$/, '');
    const media = await get(`${base}360p/index.m3u8`);
    expect(media.statusCode).toBe(200);
    const segment = media.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const whole = await get(`${base}360p/${segment}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp2t');
    expect(whole.headers['cache-control']).toMatch(/max-age=\d+, immutable/);
    expect(whole.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    const part = await get(`${base}360p/${segment}`, undefined, { range: 'bytes=188-375' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 188-375/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(188, 376));
    const tail = await get(`${base}360p/${segment}`, undefined, { range: 'bytes=-188' });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(whole.rawPayload.length - 188));
    const outside = await get(`${base}360p/${segment}`, undefined, { range: 'bytes=999999999-' });
    expect(outside.statusCode).toBe(416);
    const again = await get(`${base}360p/${segment}`, undefined, {
      'if-none-match': whole.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);

    const poster = await get(body.posterUrl);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses the token for a locked episode, and serves it once the learner subscribes', async () => {
    const u = await register(t.app);
    const locked = await signedFor(cat.paidEpisodes[1]!.id, u.access_token);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('NO_ACCESS');
    await subscribe(t, u.user.id);
    const res = await signedFor(cat.paidEpisodes[1]!.id, u.access_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.captions).toEqual([
      { lang: 'th', label: 'ไทย', url: expect.stringMatching(/\/captions\/th\.vtt$/) },
    ]);
    const vtt = await get(body.captions[0].url);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
  });

  it('answers bad input, unknown episodes, episodes without a video and videos not ready yet', async () => {
    const u = await register(t.app);
    await subscribe(t, u.user.id);
    expect(
      (await get(`/api/cloudflare/get-signed-token?episodeId=${cat.paidEpisodes[0]!.id}`)).statusCode,
    ).toBe(401);
    const bad = await get('/api/cloudflare/get-signed-token?episodeId=nope', u.access_token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect((await get('/api/cloudflare/get-signed-token', u.access_token)).statusCode).toBe(400);
    const unknown = await signedFor('01900000-0000-7000-8000-000000000000', u.access_token);
    expect(unknown.statusCode).toBe(404);
    expect((await signedFor(cat.draftEpisodes[0]!.id, u.access_token)).statusCode).toBe(404);
    expect((await signedFor(cat.freeEpisodes[0]!.id, u.access_token)).statusCode).toBe(404); // no video
    await t.db.$client.query(
      `insert into video_assets (id, status, source) values ('01900000-0000-7000-8000-0000000000aa', 'processing', 'upload:x');
       update episodes set video_asset_id = '01900000-0000-7000-8000-0000000000aa' where id = '${cat.freeEpisodes[1]!.id}'`,
    );
    const pending = await signedFor(cat.freeEpisodes[1]!.id, u.access_token);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'VIDEO_NOT_READY', videoStatus: 'processing' });
    const list = await t.app.inject({
      method: 'POST',
      url: `/api/course/${cat.free}/get-episode-and-quiz`,
      headers: bearer(u.access_token),
    });
    expect(list.json().episodes.map((e: { videoStatus: string }) => e.videoStatus)).toEqual([
      'none',
      'processing',
    ]);
  });

  it('refuses expired, forged, another video’s and ended sessions’ tokens on every file', async () => {
    const u = await register(t.app);
    await subscribe(t, u.user.id);
    const teaser = (await signedFor(cat.paidEpisodes[0]!.id, u.access_token)).json();
    const paid = (await signedFor(cat.paidEpisodes[1]!.id, u.access_token)).json();
    const refused = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('PLAYBACK_TOKEN_INVALID');
    };
    const signer = new PlaybackSigner(t.config.jwtSecret);
    const claims = signer.verify(teaser.token) as Exclude<
      ReturnType<PlaybackSigner['verify']>,
      'expired' | undefined
    >;
    const expired = signer.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 });
    for (const file of ['master.m3u8', '360p/index.m3u8', '360p/seg_0000.ts']) {
      await refused(`/api/stream/${teaserAsset}/${expired}/${file}`);
      // Forged: the claims changed (a later expiry) but the signature kept.
      const [body, mac] = teaser.token.split('.');
      const forgedBody = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), x: claims.exp + 86_400 }),
      ).toString('base64url');
      await refused(`/api/stream/${teaserAsset}/${forgedBody}.${mac}/${file}`);
      // One character of the signature changed (its first: every bit of it is signature, none padding).
      const otherMac = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
      await refused(`/api/stream/${teaserAsset}/${body}.${otherMac}/${file}`);
      // Signed with another secret.
      const other = new PlaybackSigner('another-secret-another-secret-another-secret').sign(claims);
      await refused(`/api/stream/${teaserAsset}/${other}/${file}`);
      // The teaser's token on the paid video's files.
      await refused(`/api/stream/${paidAsset}/${teaser.token}/${file}`);
    }
    // Files outside the video's layout are not served, even with a good token.
    expect((await get(`/api/stream/${teaserAsset}/${teaser.token}/../../profile/x.png`)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/stream/${teaserAsset}/${teaser.token}/meta.json`)).statusCode).toBe(404);
    // Logging out ends playback.
    expect((await get(paid.playbackUrl)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/save-logout-user',
      headers: bearer(u.access_token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await refused(paid.playbackUrl); // the same process forgets the session at once
  });
});
