import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
/** The bytes an upload's file holds so far (0 before it exists). */
const sizeOf = (file: string) =>
  stat(file)
    .then((s) => s.size)
    .catch(() => 0);

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
    const stored = path.join(a.config.storageDir, 'uploads', url.split('/').pop()!);
    const part = 10 * MB;
    expect((await tus.patch(url, 0, file.subarray(0, part))).status).toBe(204);
    // The connection drops while bytes flow: once the process that took the PATCH has written some of them.
    // (Dropped earlier, the request might not have reached any process yet when the client asks: no server
    // can count bytes still in the network, and a tus client answers the 409 that follows by asking again.)
    const dropped = http.request(new URL(url, proxy.base), {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(part),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(file.length - part),
      },
    });
    dropped.on('error', () => {});
    const closed = new Promise<void>((resolve) => dropped.on('close', () => resolve()));
    dropped.write(file.subarray(part, part + 6 * MB));
    await expect.poll(() => sizeOf(stored), { timeout: 30_000 }).toBeGreaterThan(part);
    dropped.destroy();
    await closed;
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

  it('a dropped PATCH still on its way to the lock in one process when the client asks the other where the upload stands: the answer counts its bytes, and the resumed PATCH is taken', async () => {
    const admin = await adminUser(a);
    const [portA, portB] = ports as [number, number];
    const viaA = tusClient(`http://127.0.0.1:${portA}`, admin.token);
    const viaB = tusClient(`http://127.0.0.1:${portB}`, admin.token);
    const { episodeIds } = await draftCourse(a, 1);
    const file = await makeVideo(3, 6 * MB);
    const created = await viaB.create(file.length, { episodeId: episodeIds[0]!, filename: 'lesson.mp4' });
    const url = created.headers.get('location')!;
    const key = `uploads/${url.split('/').pop()!}`;
    const part = 2 * MB;
    expect((await viaA.patch(url, 0, file.subarray(0, part))).status).toBe(204);

    // A gate in process B's upload lock: the next request there for this upload stops just before taking the
    // lock (as one does while it waits for a connection, or for the lock itself) until the test opens it.
    let parked!: () => void;
    const atGate = new Promise<void>((resolve) => (parked = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let took!: () => void;
    const holds = new Promise<void>((resolve) => (took = resolve));
    let armed = true;
    const newLock = PgLocker.prototype.newLock;
    const spy = vi.spyOn(PgLocker.prototype, 'newLock').mockImplementation(function (
      this: PgLocker,
      ...args: Parameters<PgLocker['newLock']>
    ) {
      const lock = newLock.apply(this, args);
      if (!armed || this.pool !== b.db.$client || args[0] !== key) return lock;
      armed = false;
      return {
        lock: async (signal, release) => {
          parked();
          await gate;
          await lock.lock(signal, release);
          took();
        },
        unlock: () => lock.unlock(),
      };
    });
    const dropped = http.request(new URL(url, `http://127.0.0.1:${portB}`), {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(part),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(file.length - part),
      },
    });
    dropped.on('error', () => {});
    try {
      // Process B has the PATCH and its first megabyte, and has not yet taken the upload's lock.
      dropped.write(file.subarray(part, part + MB));
      await atGate;
      // The client, its connection gone, asks process A where the upload stands: A answers at once or waits.
      let answered = false;
      const head = viaA.head(url).finally(() => (answered = true));
      await expect
        .poll(
          async () =>
            answered ||
            (
              await a.db.$client.query<{ n: number }>(
                `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
                   and database = (select oid from pg_database where datname = current_database())`,
              )
            ).rows[0]!.n > 0,
          { timeout: 30_000 },
        )
        .toBe(true);
      // A waits: no answer before the PATCH that arrived first has taken the upload and written what it has.
      expect(answered).toBe(false);
      // Process B goes on: it takes the lock and writes what it has; then the dropped connection closes.
      open();
      await holds;
      dropped.destroy();
      const answer = await head;
      expect(answer.status).toBe(200);
      const offset = Number(answer.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(part);
      const rest = await viaA.patch(url, offset, file.subarray(offset));
      expect(rest.status).toBe(204);
      expect(Number(rest.headers.get('upload-offset'))).toBe(file.length);
      expect(
        createHash('sha256')
          .update(await readFile(path.join(a.config.storageDir, key)))
          .digest('hex'),
      ).toBe(createHash('sha256').update(file).digest('hex'));
    } finally {
      open();
      spy.mockRestore();
      dropped.destroy();
    }
  }, 60_000);

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
    await expect.poll(() => sizeOf(stored), { timeout: 30_000 }).toBeGreaterThanOrEqual(4 * MB);

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
