import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ffmpegPath } from '../src/modules/media/ffmpeg.js';
import { uuidv7 } from '../src/lib/ids.js';
import { register, type TestApp } from './helpers.js';

/** A registered user made an administrator; answers the access token and id. */
export async function adminUser(t: TestApp) {
  const a = await register(t.app);
  await t.db.execute(sql`update users set role = 'admin' where id = ${a.user.id}`);
  return { token: a.access_token, id: a.user.id };
}

/** A draft course with `n` episodes (no videos). */
export async function draftCourse(t: TestApp, n = 2) {
  const courseId = uuidv7();
  await t.db.$client.query(`insert into courses (id, slug, title) values ($1, $2, 'คอร์สร่าง')`, [
    courseId,
    `draft-${courseId}`,
  ]);
  const episodeIds: string[] = [];
  for (let i = 1; i <= n; i++) {
    const id = uuidv7();
    await t.db.$client.query(`insert into episodes (id, course_id, sort, title) values ($1, $2, $3, $4)`, [
      id,
      courseId,
      i,
      `ตอนที่ ${i}`,
    ]);
    episodeIds.push(id);
  }
  return { courseId, episodeIds };
}

/**
 * A real MP4 (seconds of 320x180 picture and sound, moov first), padded with a top-level `free` box to
 * `bytes` when given: players and ffmpeg skip the padding, so a large file transcodes as fast as a small one.
 */
export async function makeVideo(seconds = 4, bytes?: number): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `rianroo-upload-${randomBytes(4).toString('hex')}.mp4`);
  const made = spawnSync(ffmpegPath(null), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=24:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'],
    ...['-movflags', '+faststart', file],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  const video = await readFile(file);
  await rm(file, { force: true });
  if (!bytes || bytes <= video.length + 8) return video;
  const pad = Buffer.alloc(bytes - video.length);
  pad.writeUInt32BE(pad.length, 0);
  pad.write('free', 4, 'latin1');
  return Buffer.concat([video, pad]);
}

/** The audit log's entries filed under an id, oldest first: who did what, to which row, before and after. */
export async function auditOf(t: TestApp, entityId: string) {
  const { rows } = await t.db.$client.query<{
    action: string;
    actor_id: string;
    entity: string;
    entity_id: string;
    before: unknown;
    after: unknown;
  }>(
    'select action, actor_id, entity, entity_id, before, after from audit_log where entity_id = $1 order by at, id',
    [entityId],
  );
  return rows;
}
