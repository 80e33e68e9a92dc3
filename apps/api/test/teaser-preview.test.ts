import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, videoAssets } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { PREVIEW_TOKENS_PER_ADDRESS } from '../src/modules/media/media.routes.js';
import { PlaybackSigner } from '../src/modules/media/playback-tokens.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * Free previews for visitors (issue 33): `GET /api/preview/get-signed-token` gives anyone a token for a teaser
 * of a published course, and for nothing else; the token opens that teaser's video only; each client address
 * may ask a bounded number of times.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let now = Date.now();
/** Episodes with a ready video: the paid course's teaser and a members' episode, the free course's first. */
const asset = {
  teaser: uuidv7(),
  members: uuidv7(),
  free: uuidv7(),
  hiddenTeaser: uuidv7(),
  draft: uuidv7(),
};
const hiddenTeaserEpisode = uuidv7();
const draftTeaserEpisode = uuidv7();
let ip = 0;
/** A new client address per test: the limit counts per address. */
const address = () => `10.33.0.${++ip}`;

const get = (url: string, remoteAddress = '10.33.1.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });
const previewToken = (episodeId: string, remoteAddress = address()) =>
  get(`/api/preview/get-signed-token?episodeId=${episodeId}`, remoteAddress);

/** A small video as the pipeline leaves it in storage: a master playlist, one rendition, two segments. */
async function readyVideo(id: string, episodeId: string) {
  await t.db.insert(videoAssets).values({
    id,
    status: 'ready',
    source: `upload:test-${id}`,
    durationSeconds: 8,
    renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 800_000 }],
    progress: 100,
  });
  await t.db.$client.query(`update episodes set video_asset_id = $1 where id = $2`, [id, episodeId]);
  const files: Record<string, string | Buffer> = {
    'master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n',
    '360p/index.m3u8':
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg_0000.ts\n#EXTINF:4,\nseg_0001.ts\n#EXT-X-ENDLIST\n',
    // A segment's bytes name its video, so a test can tell whose video it received.
    '360p/seg_0000.ts': Buffer.concat([Buffer.from([0x47]), Buffer.from(`video ${id}`)]),
  };
  for (const [file, body] of Object.entries(files))
    await t.app.storage.put(`videos/${id}/${file}`, Buffer.from(body));
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { limiterClock: () => now });
  cat = await seedCatalogue(t);
  // A teaser not published yet (in the published course), and a teaser of the draft course.
  await t.db.insert(episodes).values([
    {
      id: hiddenTeaserEpisode,
      courseId: cat.paid,
      sort: 9,
      title: 'ตัวอย่างที่ยังไม่เผยแพร่',
      isTeaser: true,
      published: false,
    },
    { id: draftTeaserEpisode, courseId: cat.draft, sort: 2, title: 'ตัวอย่างของคอร์สร่าง', isTeaser: true },
  ]);
  await readyVideo(asset.teaser, cat.paidEpisodes[0]!.id);
  await readyVideo(asset.members, cat.paidEpisodes[1]!.id);
  await readyVideo(asset.free, cat.freeEpisodes[0]!.id);
  await readyVideo(asset.hiddenTeaser, hiddenTeaserEpisode);
  await readyVideo(asset.draft, draftTeaserEpisode);
}, 60_000);
afterAll(() => t?.close());

describe('a visitor without an account', () => {
  it('gets a short-lived token for a teaser and plays its playlists and segments, no session needed', async () => {
    const res = await previewToken(cat.paidEpisodes[0]!.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'local', durationSeconds: 8, captions: [] });
    expect(body.playbackUrl).toBe(`/api/stream/${asset.teaser}/${body.token}/master.m3u8`);
    expect(body.expiresInSeconds).toBe(t.config.playbackTokenTtl);
    const left = new Date(body.expiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(t.config.playbackTokenTtl * 1000);

    const master = await get(body.playbackUrl);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('360p/index.m3u8');
    const base = body.playbackUrl.replace(/master\.m3u8$/, '');
    const playlist = await get(`${base}360p/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    const segment = await get(`${base}360p/seg_0000.ts`);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload.subarray(1).toString()).toBe(`video ${asset.teaser}`);
  });

  it('is refused every episode that is not a teaser of a published course, in the one error shape', async () => {
    const refused = async (episodeId: string, status: number, code: string) => {
      const res = await previewToken(episodeId);
      expect({ episodeId, status: res.statusCode }).toEqual({ episodeId, status });
      expect(res.json()).toMatchObject({ statusCode: status, code, message: expect.any(String) });
    };
    // Members' episodes, with a ready video: locked.
    await refused(cat.paidEpisodes[1]!.id, 403, 'NO_ACCESS');
    // Even a free course's episodes are for learners with an account: only teasers are for visitors.
    await refused(cat.freeEpisodes[0]!.id, 403, 'NO_ACCESS');
    // Unpublished: a teaser not published, a teaser of a draft course; and an id that is no episode.
    await refused(hiddenTeaserEpisode, 404, 'NOT_FOUND');
    await refused(draftTeaserEpisode, 404, 'NOT_FOUND');
    await refused('01900000-0000-7000-8000-000000000000', 404, 'NOT_FOUND');
    const bad = await get('/api/preview/get-signed-token?episodeId=not-an-id', address());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });

  it('cannot open another video with a teaser token: not by the URL, not by changing the claims', async () => {
    const { token } = (await previewToken(cat.paidEpisodes[0]!.id)).json();
    const refused = async (url: string) => {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(res.json().code).toBe('PLAYBACK_TOKEN_INVALID');
    };
    const [body, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const edited = (change: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${mac}`;
    const signer = new PlaybackSigner(t.config.jwtSecret);
    for (const other of [asset.members, asset.free, asset.hiddenTeaser, asset.draft]) {
      for (const file of ['master.m3u8', '360p/index.m3u8', '360p/seg_0000.ts']) {
        // The teaser's token in the URL of another video's files.
        await refused(`/api/stream/${other}/${token}/${file}`);
        // The video inside the token changed (the signature kept).
        await refused(`/api/stream/${other}/${edited({ a: other })}/${file}`);
      }
    }
    // A later expiry, or a learner's identity, written into a visitor's token: not genuine.
    await refused(`/api/stream/${asset.teaser}/${edited({ x: claims.x + 86_400 })}/master.m3u8`);
    await refused(`/api/stream/${asset.teaser}/${edited({ u: 'someone', s: 'session' })}/master.m3u8`);
    // An expired visitor's token.
    const expired = signer.sign({
      visitor: true,
      assetId: asset.teaser,
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    await refused(`/api/stream/${asset.teaser}/${expired}/master.m3u8`);
    // The genuine one still plays its own video.
    expect((await get(`/api/stream/${asset.teaser}/${token}/master.m3u8`)).statusCode).toBe(200);
  });

  it('saves no progress: the progress calls need an account, and the visitor leaves no row', async () => {
    const { rows: before } = await t.db.$client.query(`select count(*)::int as n from episode_progress`);
    await previewToken(cat.paidEpisodes[0]!.id);
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/users/on-going-episode',
      payload: { course_id: cat.paid, episode_id: cat.paidEpisodes[0]!.id, last_second: 4 },
    });
    expect(save.statusCode).toBe(401);
    const { rows: after } = await t.db.$client.query(`select count(*)::int as n from episode_progress`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('the limit per client address', () => {
  it('answers 429 to the requests over the limit, however many arrive at once; others are not held back', async () => {
    const { max, windowSeconds } = PREVIEW_TOKENS_PER_ADDRESS;
    const crowd = address();
    const answers = await Promise.all(
      Array.from({ length: max + 15 }, () => previewToken(cat.paidEpisodes[0]!.id, crowd)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const tooMany = answers.find((a) => a.statusCode === 429)!;
    expect(tooMany.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    // Refusals count too: a locked or unknown id costs a request like a teaser.
    expect((await previewToken(cat.paidEpisodes[1]!.id, crowd)).statusCode).toBe(429);
    // Another address is served.
    expect((await previewToken(cat.paidEpisodes[0]!.id)).statusCode).toBe(200);
    // After the window, the crowded address is served again.
    now += windowSeconds * 1000 + 1000;
    expect((await previewToken(cat.paidEpisodes[0]!.id, crowd)).statusCode).toBe(200);
  });
});

describe('a learner with an account', () => {
  it("still gets tokens tied to the learner's session for a teaser", async () => {
    const u = await register(t.app);
    const teaser = await t.app.inject({
      method: 'GET',
      url: `/api/cloudflare/get-signed-token?episodeId=${cat.paidEpisodes[0]!.id}`,
      headers: bearer(u.access_token),
    });
    expect(teaser.statusCode).toBe(200);
    const claims = new PlaybackSigner(t.config.jwtSecret).verify(teaser.json().token);
    expect(claims).toMatchObject({ userId: u.user.id, sessionId: expect.any(String), assetId: asset.teaser });
    expect(claims).not.toHaveProperty('visitor');
  });
});
