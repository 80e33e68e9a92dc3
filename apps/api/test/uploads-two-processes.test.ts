import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgLocker } from '../src/lib/pg-locker.js';
import { adminUser, draftCourse, makeVideo } from './admin-fixture.js';
import { createTestApp, type TestApp } from './helpers.js';
import { roundRobin } from './round-robin.js';
import { tusClient } from './tus-client.js';

/**
 * Issue 14: uploads and media work from either API process. Two processes on one PostgreSQL and one shared
 * storage folder (a shared volume), behind a round-robin proxy: an upload's requests land on both, its lock
 * is one lock, and the video it becomes plays from either. (With S3 storage, tus keeps uploads in S3; the
 * S3 peer the tests have, s3rver, cannot list a multipart upload's parts, so that path is not tested here.)
 */
const MB = 1024 * 1024;
let shared: string;
let a: TestApp;
let b: TestApp;
let proxy: Awaited<ReturnType<typeof roundRobin>>;
const ports: number[] = [];

beforeAll(async () => {
  shared = await mkdtemp(path.join(os.tmpdir(), 'rianroo-shared-'));
  const env = {
    DATA_DIR: shared,
    UPLOAD_MAX_BYTES: String(40 * MB),
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
  };
  a = await createTestApp(env);
  b = await createTestApp(env, a);
  for (const t of [a, b]) {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    ports.push((t.app.server.address() as AddressInfo).port);
  }
  proxy = await roundRobin(ports);
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await b?.close();
  await a?.close();
  await rm(shared, { recursive: true, force: true });
});

describe('an upload lock shared by every process (PostgreSQL)', () => {
  it('a second process asks the holder to let go, and gets the upload once it has', async () => {
    const one = await PgLocker.start({ pool: a.db.$client, connectionString: a.databaseUrl, log: a.app.log });
    const two = await PgLocker.start({ pool: b.db.$client, connectionString: b.databaseUrl, log: b.app.log });
    try {
      const held = one.locker.newLock('uploads/shared');
      let asked = 0;
      await held.lock(new AbortController().signal, async () => {
        asked++;
        await held.unlock();
      });
      const events: string[] = [];
      const wanted = two.locker.newLock('uploads/shared');
      await wanted.lock(new AbortController().signal, () => {});
      events.push('second has it');
      expect(asked).toBe(1);
      expect(events).toEqual(['second has it']);
      await wanted.unlock();
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it('gives up with tus’s lock timeout when the holder never lets go, and holds nothing after', async () => {
    const one = await PgLocker.start({ pool: a.db.$client, connectionString: a.databaseUrl, log: a.app.log });
    const two = await PgLocker.start({
      pool: b.db.$client,
      connectionString: b.databaseUrl,
      log: b.app.log,
      timeoutMs: 300,
    });
    try {
      const held = one.locker.newLock('uploads/stubborn');
      await held.lock(new AbortController().signal, () => {});
      await expect(
        two.locker.newLock('uploads/stubborn').lock(new AbortController().signal, () => {}),
      ).rejects.toMatchObject({
        body: 'failed to acquire lock before timeout',
      });
      await held.unlock();
      // Released for real: the other process takes it at the first try.
      const after = two.locker.newLock('uploads/stubborn');
      await after.lock(new AbortController().signal, () => {});
      await after.unlock();
    } finally {
      await one.stop();
      await two.stop();
    }
  });
});

describe('uploads and media from either process', () => {
  it('an upload whose requests alternate between the processes, dropped and resumed, plays from both', async () => {
    const admin = await adminUser(a);
    const tus = tusClient(proxy.base, admin.token);
    const { episodeIds } = await draftCourse(a, 1);
    const episodeId = episodeIds[0]!;
    const file = await makeVideo(3, 24 * MB);
    const first = proxy.servedBy.length;

    const created = await tus.create(file.length, { episodeId, filename: 'lesson.mp4' });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const part = 10 * MB;
    expect((await tus.patch(url, 0, file.subarray(0, part))).status).toBe(204);
    await tus.patchDropped(url, part, file.subarray(part), 6 * MB);
    const head = await tus.head(url);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(part);
    const rest = await tus.patch(url, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(file.length);
    expect(new Set(proxy.servedBy.slice(first))).toEqual(new Set(ports));

    // Transcoded by whichever process's worker took the job; then each process serves it.
    for (const until = Date.now() + 120_000; ;) {
      const state = (
        await fetch(`${proxy.base}/api/admin/episodes/${episodeId}/video`, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).json() as Promise<{ status: string }>;
      const { status } = await state;
      if (status === 'ready') break;
      expect(status).not.toBe('failed');
      if (Date.now() > until) throw new Error(`still ${status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const port of ports) {
      const base = `http://127.0.0.1:${port}`;
      const preview = await fetch(`${base}/api/admin/episodes/${episodeId}/preview`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(preview.status).toBe(200);
      const { playbackUrl } = (await preview.json()) as { playbackUrl: string };
      const master = await fetch(new URL(playbackUrl, base));
      expect(master.status, `${base}: ${playbackUrl}`).toBe(200);
      expect(await master.text()).toContain('#EXTM3U');
    }
  }, 180_000);

  it('a request stalled in one process is ended when the client resumes through the other, and nothing is lost', async () => {
    const admin = await adminUser(a);
    const [portA, portB] = ports as [number, number];
    const viaB = tusClient(`http://127.0.0.1:${portB}`, admin.token);
    const { episodeIds } = await draftCourse(a, 1);
    const file = await makeVideo(3, 12 * MB);
    const created = await viaB.create(file.length, { episodeId: episodeIds[0]!, filename: 'lesson.mp4' });
    const url = created.headers.get('location')!;
    const stored = path.join(a.config.storageDir, 'uploads', url.split('/').pop()!);

    // Process A takes the upload and receives 4 MB; the client then goes quiet without closing.
    const stalled = http.request(new URL(url, `http://127.0.0.1:${portA}`), {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(file.length),
      },
    });
    const ended = new Promise<void>((resolve) => {
      stalled.on('response', () => resolve());
      stalled.on('close', () => resolve());
    });
    stalled.on('error', () => {});
    stalled.write(file.subarray(0, 4 * MB));
    for (;;) {
      const size = await stat(stored)
        .then((s) => s.size)
        .catch(() => 0);
      if (size >= 4 * MB) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    // The client resumes through process B: A lets go of its stale request, and B answers the true offset.
    const head = await viaB.head(url);
    expect(head.status).toBe(200);
    await ended;
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(4 * MB);
    const rest = await viaB.patch(url, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(
      createHash('sha256')
        .update(await readFile(stored))
        .digest('hex'),
    ).toBe(createHash('sha256').update(file).digest('hex'));
    stalled.destroy();
  }, 60_000);
});
